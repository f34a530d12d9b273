// Finds SET cards in a photo as quadrilaterals: bright, unsaturated, card-shaped regions,
// or regions enclosed by faint edges where the table is as pale as the cards, on any
// background, whatever their rotation, with clutter, neighbours that touch and corners
// hidden under something.
#pragma once

#include <opencv2/core.hpp>

#include <array>
#include <vector>

namespace puzzlesat::set_vision {

// Four corners in image pixels, in order around the card (either direction).
using Quad = std::array<cv::Point2f, 4>;

// Card quadrilaterals in a BGR image, sorted top-to-bottom then left-to-right.
// Works best when the image's long side is roughly 800-1600 pixels.
std::vector<Quad> find_card_quads(const cv::Mat& bgr);

// Polygon area, proportions, centre and containment, shared by the finders, the evaluator and the tests.
double quad_area(const Quad& q);
// The mean length of the longer pair of opposite sides over the shorter pair's (>= 1).
double quad_aspect(const Quad& q);
cv::Point2f quad_center(const Quad& q);
bool quad_contains(const Quad& q, cv::Point2f p);

}  // namespace puzzlesat::set_vision

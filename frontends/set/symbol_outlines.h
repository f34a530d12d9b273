// Symbol outlines on a white-normalised card: the ink mask kept whole across glare and
// shadow edges, outlines broken by glare bridged, symbols split off a shadow's tip that
// touches them, and the number of symbols settled by the printed layout. The card
// reader measures shape, shading and colour on what these leave.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

namespace puzzlesat::set_vision {

double hull_area(const std::vector<cv::Point>& contour);

// The pixels inside `outline`'s convex hull that `kept` (8-bit, the image's size) leaves
// out, and their mean colour in `rgb`: what a highlight left of a symbol's ink where it
// bit into the symbol's edge, or paper in a squiggle's bays.
struct HullBite {
  int pixels = 0;
  cv::Scalar colour;  // of `rgb`, when pixels > 0
};
HullBite hull_bite(const std::vector<cv::Point>& outline, const cv::Mat& rgb, const cv::Mat& kept);

// No SET symbol is this concave (a squiggle's area is ~0.85 of its hull); a contour
// that is, is an outline broken by glare, traced along both sides of its line.
constexpr double kBrokenOutline = 0.6;

// Ink above `strong`, extended by the fainter ink (above `faint`) connected to it.
cv::Mat with_faint_continuations(const cv::Mat& dark, double strong, double faint);

// A broken outline (see kBrokenOutline) closed into a solid shape: grown by `step`,
// 2 x `step`, ... up to `max_radius` pixels until it closes. The defaults suit the
// 330 x 212 canonical card; the symbol finder bridges in its own, smaller pixels.
std::vector<cv::Point> bridge_gap(const std::vector<cv::Point>& contour, int step = 4, int max_radius = 24);

// The same for an outline broken into several `pieces` (non-empty): one shape closed
// round them all.
std::vector<cv::Point> bridge_gaps(const std::vector<std::vector<cv::Point>>& pieces, int step, int max_radius);

// Blobs larger than any symbol in a card of `size` replaced by the symbols joined in them.
void split_oversized(std::vector<std::vector<cv::Point>>& contours, cv::Size size);

// The number of symbols (1-3) given the bounding `boxes` of the clear ones, on a card
// `width` pixels wide whose darkest ink is `peak`.
int count_symbols(const cv::Mat& dark, const cv::Mat& occluded, double peak, std::vector<cv::Rect> boxes, int width);

}  // namespace puzzlesat::set_vision

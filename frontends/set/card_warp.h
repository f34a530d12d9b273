// Warps one card quadrilateral to an upright canonical rectangle, long side horizontal,
// so the attribute readers see every card at the same size whatever the photo.
#pragma once

#include <opencv2/core.hpp>

#include "frontends/set/card_quads.h"

namespace puzzlesat::set_vision {

// Canonical card size in pixels: a SET card is about 1.56 times as long as wide.
constexpr int kCardWidth = 330;
constexpr int kCardHeight = 212;

// `quad` is in the pixel coordinates of `image`. Its longer pair of sides becomes the
// card's length.
cv::Mat warp_card(const cv::Mat& image, const Quad& quad);

// The same, with the side quad[0]-quad[1] taken as the card's length whatever its size:
// for a frame whose orientation is known (from its symbols) but which a steep view has
// foreshortened along the card to less than its width.
cv::Mat warp_card_along(const cv::Mat& image, const Quad& quad);

// The other way from warp_card: its shorter pair of sides becomes the card's length. A
// steep view can foreshorten a card along its length until its width looks the longer.
cv::Mat warp_card_across(const cv::Mat& image, const Quad& quad);

}  // namespace puzzlesat::set_vision

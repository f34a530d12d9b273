// Warps one card quadrilateral to an upright canonical rectangle, long side horizontal,
// so the attribute readers see every card at the same size whatever the photo.
#pragma once

#include <opencv2/core.hpp>

#include "frontends/set/card_quads.h"

namespace puzzlesat::set_vision {

// Canonical card size in pixels: a SET card is about 1.56 times as long as wide.
constexpr int kCardWidth = 330;
constexpr int kCardHeight = 212;

// `quad` is in the pixel coordinates of `image`.
cv::Mat warp_card(const cv::Mat& image, const Quad& quad);

}  // namespace puzzlesat::set_vision

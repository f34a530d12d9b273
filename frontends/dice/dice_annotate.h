// Draws a reading onto the photo: each die's box and its value, coloured by confidence, so a
// user can see at a glance which dice were read and how surely.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/dice/dice_reader.h"

namespace puzzlesat::dice_vision {

// A BGR copy of `image` with the dice drawn on it.
cv::Mat annotate_dice(const cv::Mat& image, const std::vector<Die>& dice);

}  // namespace puzzlesat::dice_vision

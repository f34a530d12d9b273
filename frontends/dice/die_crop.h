// Scale first: every die the reader looks at is cut out as a square around its region and
// resampled to one canonical size, so a die 20 px across in a webcam frame and one 600 px
// across in a phone photo reach the learned reader as the same picture. The training crops
// (`yahtzee dice-crops`) are cut by this same function.
#pragma once

#include <opencv2/core.hpp>

namespace puzzlesat::dice_vision {

// Canonical side of a die crop in pixels (the learned reader's input).
constexpr int kCropSize = 64;
// The crop's side as a multiple of the region box's longer side: a margin of table all
// round, so a region cut a little small still shows the whole top face.
constexpr double kCropMargin = 1.25;

// The square around `box` (image pixels), kCropMargin times its longer side, resampled to
// `size` × `size` BGR. Parts beyond the frame repeat the edge.
cv::Mat die_crop(const cv::Mat& bgr, const cv::Rect2d& box, int size = kCropSize);

}  // namespace puzzlesat::dice_vision

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

// How much detail a die was seen in: the longer side of `box` over the width of the
// sharpest edges inside it, both in `bgr`'s pixels. An edge's width is the box's contrast
// (the 2nd to the 98th percentile of grey) over its strong gradients (the 98th percentile):
// a pixel or two in a sharp photo, four times that once the photo is enlarged four times,
// so enlarging adds pixels and not detail. Measured: a rendered 300-px die about 110, 30
// px 29 and the same enlarged four times 36 (crop_set_test.cpp); the steep renders' dice
// after JPEG 58-215; nellbyler's 25-40 px dice 20-49.
double die_detail(const cv::Mat& bgr, const cv::Rect2d& box);

}  // namespace puzzlesat::dice_vision

// Percentiles of an 8-bit image under a mask, by histogram: the lightness a die's face has
// round its pips, the level a spot stands out from.
//
//   const int median = puzzlesat::image::masked_median(lightness, face_mask);
//   const int dark = puzzlesat::image::masked_percentile(lightness, face_mask, 0.02);
//
// Why a histogram: 256 bins read in one pass, with no copy of the masked pixels to sort.
#pragma once

#include <opencv2/core.hpp>

namespace puzzlesat::image {

// The least value at or below which `fraction` (0..1) of the masked values lie: the lower
// median at 0.5. `values` and `mask` are CV_8U of one size; 0 when the mask is empty.
int masked_percentile(const cv::Mat& values, const cv::Mat& mask, double fraction);

inline int masked_median(const cv::Mat& values, const cv::Mat& mask) { return masked_percentile(values, mask, 0.5); }

}  // namespace puzzlesat::image

// The one way the vision frontends open a user's photo or screenshot: the image, or an
// InputError naming the file and what is wrong with it, so that every command reports a
// missing file, a non-image, a corrupt image, a decompression bomb or an image too small
// to hold a puzzle in the same words, and none of them reaches OpenCV as an empty or
// degenerate matrix.
#pragma once

#include <algorithm>
#include <string>

#include <opencv2/core.hpp>

namespace puzzlesat::image {

// Shorter side and side ratio below/above which nothing a frontend reads could be in the
// picture (and its fixed-size work images would collapse to zero rows).
inline constexpr int kMinSide = 32;
inline constexpr int kMaxAspect = 10;

// True when a picture of `size` is below kMinSide or beyond kMaxAspect.
inline bool too_small_or_narrow(cv::Size size) {
  const int lo = std::min(size.width, size.height), hi = std::max(size.width, size.height);
  return lo < kMinSide || hi > kMaxAspect * lo;
}

// read_image(path, reduction) as 8-bit BGR, or throws InputError at {path}.
cv::Mat load_image(const std::string& path, int reduction = 1);

}  // namespace puzzlesat::image

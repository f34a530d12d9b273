// Loads a table photo for reading: EXIF orientation applied, and large JPEGs decoded at
// a reduced scale straight from the file (libjpeg's scaled decoding, as
// IMREAD_REDUCED_*), which is both faster and all the resolution the readers need.
#pragma once

#include <opencv2/core.hpp>

#include <string>

namespace puzzlesat::set_vision {

struct Photo {
  cv::Mat image;         // BGR, upright
  double scale = 1;      // original pixels per pixel of `image`
  cv::Size original;     // upright size of the full-resolution photo
  double decode_seconds = 0;  // CPU time, all threads
};

// Decodes at the smallest JPEG reduction (1, 1/2, 1/4, 1/8) whose long side is still
// at least `min_long_side` (0: the reader setting decode_min_long_side). Throws InputError, as image::load_image does, for a file that
// is missing, not an image, corrupt, over the pixel limit or too small to hold cards.
Photo load_photo(const std::string& path, int min_long_side = 0);

}  // namespace puzzlesat::set_vision

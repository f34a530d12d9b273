#include "frontends/image/load_image.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include <puzzlesat/input_error.h>
#include "frontends/image/image_file.h"

namespace puzzlesat::image {

cv::Mat load_image(const std::string& path, int reduction) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError("is a directory, not an image file", {path});
  if (!std::filesystem::is_regular_file(path, ec)) throw InputError("no such image file", {path});
  if (std::filesystem::file_size(path, ec) == 0) throw InputError("empty file, not an image", {path});
  const cv::Size stored = stored_size(path);
  if (over_pixel_limit(stored.width, stored.height)) {
    throw InputError(fmt::format("image is {}x{} px, over the {:g}-megapixel limit", stored.width, stored.height,
                                 kMaxMegapixels),
                     {path});
  }
  cv::Mat image;
  std::string why = "out of memory";
  try {
    image = read_image(path, reduction, &why);
  } catch (const cv::Exception&) {
    image.release();  // e.g. out of memory for a large image
  }
  if (image.empty()) throw InputError("not a readable image (JPEG or PNG): " + why, {path});
  const int lo = std::min(image.cols, image.rows) * reduction;
  const int hi = std::max(image.cols, image.rows) * reduction;
  if (lo < kMinSide || hi > kMaxAspect * lo) {
    throw InputError(fmt::format("image is {}x{} px, too small or too narrow to hold a puzzle", image.cols * reduction,
                                 image.rows * reduction),
                     {path});
  }
  return image;
}

}  // namespace puzzlesat::image

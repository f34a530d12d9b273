#include "frontends/image/load_image.h"

#include <algorithm>

#include <fmt/format.h>

#include <puzzlesat/file_io.h>
#include <puzzlesat/input_error.h>
#include "frontends/image/image_file.h"

namespace puzzlesat::image {

cv::Mat load_image(const std::string& path, int reduction) {
  // Read once, as a regular file only: a FIFO would block, a device never end.
  const std::string file = read_regular_file(path, kMaxImageFileBytes);
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(file.data()), file.size());
  if (bytes.empty()) throw InputError("empty file, not an image", {path});
  const cv::Size stored = stored_size(bytes);
  if (over_pixel_limit(stored.width, stored.height)) {
    throw InputError(fmt::format("image is {}x{} px, over the {:g}-megapixel limit", stored.width, stored.height,
                                 kMaxMegapixels),
                     {path});
  }
  cv::Mat image;
  std::string why = "out of memory";
  try {
    image = decode_image(bytes, reduction, &why);
  } catch (const cv::Exception&) {
    image.release();  // e.g. out of memory for a large image
  }
  if (image.empty()) throw InputError("not a readable image (JPEG or PNG): " + why, {path});
  if (too_small_or_narrow(image.size() * reduction)) {
    throw InputError(fmt::format("image is {}x{} px, too small or too narrow to hold a puzzle", image.cols * reduction,
                                 image.rows * reduction),
                     {path});
  }
  return image;
}

}  // namespace puzzlesat::image

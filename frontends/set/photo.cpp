#include "frontends/set/photo.h"

#include <ctime>
#include <filesystem>
#include <vector>

#include "common/input_error.h"
#include "frontends/image/image_file.h"

namespace puzzlesat::set_vision {

Photo load_photo(const std::string& path, int min_long_side) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw InputError("no such image file", {path});
  const std::clock_t start = std::clock();
  int reduction = 1;
  cv::Size header = image::jpeg_size(path);
  int long_side = std::max(header.width, header.height);
  while (reduction < 8 && long_side / (2 * reduction) >= min_long_side) reduction *= 2;
  Photo photo;
  try {
    photo.image = image::read_image(path, reduction);
  } catch (const cv::Exception&) {
    photo.image.release();
  }
  if (photo.image.empty()) throw InputError("not a readable image", {path});
  photo.decode_seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  photo.scale = reduction;
  photo.original = cv::Size(photo.image.cols * reduction, photo.image.rows * reduction);
  return photo;
}

}  // namespace puzzlesat::set_vision

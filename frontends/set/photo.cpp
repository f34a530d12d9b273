#include "frontends/set/photo.h"


#include <ctime>
#include <filesystem>
#include <fstream>
#include <vector>

#include "common/input_error.h"
#include "frontends/image/image_file.h"

namespace puzzlesat::set_vision {
namespace {

// Width and height from a JPEG's frame header, without decoding; {0,0} if not a JPEG.
cv::Size jpeg_size(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  auto byte = [&]() { return in.get(); };
  if (byte() != 0xFF || byte() != 0xD8) return {};
  while (in) {
    int c = byte();
    if (c != 0xFF) return {};
    int marker = byte();
    while (marker == 0xFF) marker = byte();
    if (marker == 0xD9 || marker == 0xDA || marker < 0) return {};
    int len = (byte() << 8) | byte();
    bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      byte();  // precision
      int h = (byte() << 8) | byte();
      int w = (byte() << 8) | byte();
      return in ? cv::Size(w, h) : cv::Size();
    }
    in.seekg(len - 2, std::ios::cur);
  }
  return {};
}

}  // namespace

Photo load_photo(const std::string& path, int min_long_side) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw InputError("no such image file", {path});
  const std::clock_t start = std::clock();
  int reduction = 1;
  cv::Size header = jpeg_size(path);
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

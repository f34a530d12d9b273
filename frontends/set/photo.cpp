#include "frontends/set/photo.h"
#include "frontends/set/reader_settings.h"

#include <ctime>
#include <vector>

#include "frontends/image/image_file.h"
#include "frontends/image/load_image.h"

namespace puzzlesat::set_vision {

Photo load_photo(const std::string& path, int min_long_side) {
  const std::clock_t start = std::clock();
  if (min_long_side <= 0) min_long_side = int(reader_settings().decode_min_long_side);
  int reduction = 1;
  cv::Size header = image::jpeg_size(path);
  int long_side = std::max(header.width, header.height);
  while (reduction < 8 && long_side / (2 * reduction) >= min_long_side) reduction *= 2;
  Photo photo;
  photo.image = image::load_image(path, reduction);
  photo.decode_seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  photo.scale = reduction;
  photo.original = cv::Size(photo.image.cols * reduction, photo.image.rows * reduction);
  return photo;
}

}  // namespace puzzlesat::set_vision

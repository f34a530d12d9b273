#include "frontends/dice/dice_testing.h"

#include <algorithm>

#include "frontends/image/image_file.h"

namespace puzzlesat::dice_vision::testing {

cv::Mat render_jpeg(const Scene& scene, std::uint64_t seed) {
  return image::decode_image(image::encode_jpeg(render_scene(scene, seed)));
}

std::vector<int> sorted_values(const std::vector<Die>& dice) {
  std::vector<int> v;
  for (const auto& d : dice) v.push_back(d.pips);
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<int> read_values(const cv::Mat& image, const ReadOptions& options) {
  return sorted_values(read_dice(image, options));
}

}  // namespace puzzlesat::dice_vision::testing

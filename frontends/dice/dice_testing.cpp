#include "frontends/dice/dice_testing.h"

#include <algorithm>
#include <cmath>

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

cv::Rect crop_alone(const cv::Rect& box, double context, cv::Size frame, const std::vector<cv::Rect>& others) {
  const int side = static_cast<int>(std::lround(std::max(box.width, box.height) * context));
  const cv::Point centre = (box.tl() + box.br()) / 2;
  const cv::Rect crop = cv::Rect(centre.x - side / 2, centre.y - side / 2, side, side) & cv::Rect({0, 0}, frame);
  for (const cv::Rect& o : others)
    if (o != box && (o & crop).area() > 0) return {};
  return crop;
}

}  // namespace puzzlesat::dice_vision::testing

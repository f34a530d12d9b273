#include "frontends/dice/die_crop.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace puzzlesat::dice_vision {

cv::Mat die_crop(const cv::Mat& bgr, const cv::Rect2d& box, int size) {
  const double side = std::max(1.0, kCropMargin * std::max(box.width, box.height));
  const cv::Point2d centre(box.x + box.width / 2, box.y + box.height / 2);
  const cv::Rect square(cvFloor(centre.x - side / 2), cvFloor(centre.y - side / 2), cvCeil(side), cvCeil(side));
  const cv::Rect inside = square & cv::Rect({}, bgr.size());
  cv::Mat cut;
  if (inside.area() == 0) {
    cut = cv::Mat(square.size(), bgr.type(), cv::Scalar::all(0));
  } else {
    cv::copyMakeBorder(bgr(inside), cut, inside.y - square.y, square.br().y - inside.br().y, inside.x - square.x,
                       square.br().x - inside.br().x, cv::BORDER_REPLICATE);
  }
  cv::Mat out;
  cv::resize(cut, out, {size, size}, 0, 0, cut.cols > size ? cv::INTER_AREA : cv::INTER_LINEAR);
  return out;
}

namespace {

// The value below which `share` of a float image's values lie.
float percentile(const cv::Mat& values, double share) {
  std::vector<float> v(values.begin<float>(), values.end<float>());
  const auto k = static_cast<std::ptrdiff_t>(std::clamp(share, 0.0, 1.0) * double(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + k, v.end());
  return v[k];
}

}  // namespace

double die_detail(const cv::Mat& bgr, const cv::Rect2d& box) {
  const cv::Rect inside = cv::Rect(box) & cv::Rect({}, bgr.size());
  if (inside.width < 3 || inside.height < 3) return 0;
  cv::Mat grey, gx, gy, magnitude;
  cv::cvtColor(bgr(inside), grey, cv::COLOR_BGR2GRAY);
  grey.convertTo(grey, CV_32F);
  // Central differences: a step between two pixels gives its full height, so the ratio
  // below is the edge's width in pixels.
  cv::Sobel(grey, gx, CV_32F, 1, 0, 1);
  cv::Sobel(grey, gy, CV_32F, 0, 1, 1);
  cv::magnitude(gx, gy, magnitude);
  const double contrast = percentile(grey, 0.98) - percentile(grey, 0.02);
  const double steep = percentile(magnitude, 0.98);
  if (steep <= 0) return 0;
  return std::max(box.width, box.height) / std::max(1.0, contrast / steep);
}

}  // namespace puzzlesat::dice_vision

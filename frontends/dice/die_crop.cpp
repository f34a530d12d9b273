#include "frontends/dice/die_crop.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

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

}  // namespace puzzlesat::dice_vision

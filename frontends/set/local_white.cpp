#include "frontends/set/local_white.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>

namespace puzzlesat::set_vision {

cv::Mat local_white(const cv::Mat& image, cv::Size window) {
  cv::Mat small, white;
  cv::resize(image, small, cv::Size(std::max(1, image.cols / 4), std::max(1, image.rows / 4)), 0, 0, cv::INTER_AREA);
  cv::morphologyEx(small, white, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, window));
  cv::blur(white, white, cv::Size(5, 5));
  cv::resize(white, white, image.size(), 0, 0, cv::INTER_LINEAR);
  return white;
}

cv::Mat divided_by_white(const cv::Mat& image, const cv::Mat& white) {
  cv::Mat floor, out;
  cv::max(white, 0.05, floor);
  cv::divide(image, floor, out);
  cv::min(out, 1.0, out);
  return out;
}

}  // namespace puzzlesat::set_vision

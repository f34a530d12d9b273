#include "frontends/hexcells/annotate.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace puzzlesat::hexcells_vision {

cv::Mat annotate(const cv::Mat& screenshot, const Lattice& lattice, const std::vector<GridMark>& marks) {
  cv::Mat out;
  if (screenshot.channels() == 4) cv::cvtColor(screenshot, out, cv::COLOR_BGRA2BGR);
  else if (screenshot.channels() == 1) cv::cvtColor(screenshot, out, cv::COLOR_GRAY2BGR);
  else out = screenshot.clone();
  const int r = std::max(4, static_cast<int>(std::lround(lattice.cell_width * 0.22)));
  const int ring = std::max(2, r / 4);
  for (const auto& m : marks) {
    const cv::Point2f c = lattice.centre_of(m.x, m.y);
    const cv::Point p(static_cast<int>(std::lround(c.x)), static_cast<int>(std::lround(c.y)));
    cv::circle(out, p, r + ring, cv::Scalar(255, 255, 255), cv::FILLED, cv::LINE_AA);
    cv::circle(out, p, r, m.blue ? cv::Scalar(235, 140, 0) : cv::Scalar(40, 40, 40), cv::FILLED, cv::LINE_AA);
    // A tick for blue and a cross for black, for readers who cannot tell the colours apart.
    const int a = r / 2;
    if (m.blue) {
      cv::line(out, p + cv::Point(-a, 0), p + cv::Point(-a / 3, a), cv::Scalar(255, 255, 255), ring, cv::LINE_AA);
      cv::line(out, p + cv::Point(-a / 3, a), p + cv::Point(a, -a), cv::Scalar(255, 255, 255), ring, cv::LINE_AA);
    } else {
      cv::line(out, p + cv::Point(-a, -a), p + cv::Point(a, a), cv::Scalar(255, 255, 255), ring, cv::LINE_AA);
      cv::line(out, p + cv::Point(-a, a), p + cv::Point(a, -a), cv::Scalar(255, 255, 255), ring, cv::LINE_AA);
    }
  }
  return out;
}

}  // namespace puzzlesat::hexcells_vision

#include "frontends/image/mask_outline.h"

#include <stdexcept>

namespace puzzlesat::image {

std::vector<cv::Point> row_extremes(const cv::Mat& mask) {
  if (mask.type() != CV_8UC1) throw std::invalid_argument("row_extremes needs a CV_8UC1 mask");
  std::vector<cv::Point> out;
  for (int y = 0; y < mask.rows; ++y) {
    const uchar* row = mask.ptr<uchar>(y);
    int first = 0;
    while (first < mask.cols && !row[first]) ++first;
    if (first == mask.cols) continue;
    int last = mask.cols - 1;
    while (!row[last]) --last;
    out.emplace_back(first, y);
    if (last != first) out.emplace_back(last, y);
  }
  return out;
}

}  // namespace puzzlesat::image

#include "frontends/image/masked_percentile.h"

#include <array>

namespace puzzlesat::image {

int masked_percentile(const cv::Mat& values, const cv::Mat& mask, double fraction) {
  std::array<int, 256> hist{};
  int n = 0;
  for (int y = 0; y < values.rows; ++y) {
    const auto* v = values.ptr<uchar>(y);
    const auto* m = mask.ptr<uchar>(y);
    for (int x = 0; x < values.cols; ++x)
      if (m[x]) ++hist[v[x]], ++n;
  }
  int seen = 0;
  for (int v = 0; v < 256; ++v)
    if ((seen += hist[v]) >= fraction * n) return v;
  return 255;
}

}  // namespace puzzlesat::image

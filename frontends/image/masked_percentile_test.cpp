#include "frontends/image/masked_percentile.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using puzzlesat::image::masked_median;
using puzzlesat::image::masked_percentile;

TEST_CASE("masked percentiles match sorting the masked values", "[image]") {
  cv::RNG rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    const int rows = rng.uniform(1, 20), cols = rng.uniform(1, 20);
    cv::Mat values(rows, cols, CV_8U), mask(rows, cols, CV_8U);
    rng.fill(values, cv::RNG::UNIFORM, 0, 256);
    rng.fill(mask, cv::RNG::UNIFORM, 0, 2);
    std::vector<int> kept;
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < cols; ++x)
        if (mask.at<uchar>(y, x)) kept.push_back(values.at<uchar>(y, x));
    if (kept.empty()) {
      CHECK(masked_median(values, mask) == 0);
      continue;
    }
    std::sort(kept.begin(), kept.end());
    for (const double f : {0.02, 0.25, 0.5, 0.9, 0.98}) {
      INFO("trial " << trial << ", fraction " << f << ", " << kept.size() << " values");
      // The least value with at least f of them at or below it.
      const auto k = std::size_t(std::max(1.0, std::ceil(f * double(kept.size())))) - 1;
      CHECK(masked_percentile(values, mask, f) == kept[k]);
    }
    CHECK(masked_median(values, mask) == kept[(kept.size() - 1) / 2]);
  }
}

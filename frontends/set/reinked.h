// Test support: a rendered card with its ink replaced by another colour, as another
// print run or another light would show it. Used by the reader's and the table's tests.
#pragma once

#include <opencv2/core.hpp>

#include <algorithm>
#include <cstdlib>

#include "frontends/set/card_renderer.h"

namespace puzzlesat::set_vision::testing {

// The card with its ink replaced: each pixel keeps how much ink it holds (its
// darkness relative to the printed colour's) but takes the new colour. Pixels whose
// channels lie within kRimSpread of each other (the grey rim, the paper, the faintest
// edge of a line) are left as they are.
inline cv::Mat reinked(const cv::Mat& img, cv::Scalar printed, cv::Scalar ink) {
  const cv::Scalar paper = kPaper;
  constexpr int kRimSpread = 30;
  auto luma = [](cv::Scalar c) { return 0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2]; };
  double paper_luma = luma(paper), printed_luma = luma(printed);
  cv::Mat out = img.clone();
  for (int y = 0; y < img.rows; ++y)
    for (int x = 0; x < img.cols; ++x) {
      const cv::Vec3b& p = img.at<cv::Vec3b>(y, x);
      double amount = std::clamp((paper_luma - luma(cv::Scalar(p[0], p[1], p[2]))) / (paper_luma - printed_luma), 0.0, 1.0);
      if (std::abs(int(p[0]) - int(p[1])) > kRimSpread || std::abs(int(p[1]) - int(p[2])) > kRimSpread)
        for (int c = 0; c < 3; ++c) out.at<cv::Vec3b>(y, x)[c] = cv::saturate_cast<uchar>(paper[c] + amount * (ink[c] - paper[c]));
    }
  return out;
}

}  // namespace puzzlesat::set_vision::testing

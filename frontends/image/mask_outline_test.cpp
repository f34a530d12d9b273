#include "frontends/image/mask_outline.h"

#include <catch2/catch.hpp>
#include <random>

#include <opencv2/imgproc.hpp>

using puzzlesat::image::row_extremes;

namespace {

// A mask of one to four random filled ellipses and rotated rectangles, sometimes with an
// upright rectangle (long horizontal edges: collinear pixels that are not row extremes).
cv::Mat random_mask(std::mt19937& rng) {
  const int w = 5 + static_cast<int>(rng() % 60), h = 5 + static_cast<int>(rng() % 60);
  cv::Mat m = cv::Mat::zeros(h, w, CV_8U);
  auto coord = [&](int n) { return static_cast<float>(rng() % static_cast<unsigned>(n)); };
  for (int i = 0, k = 1 + static_cast<int>(rng() % 4); i < k; ++i) {
    const cv::RotatedRect r({coord(w), coord(h)}, {2 + coord(w), 2 + coord(h)}, coord(90));
    if (rng() % 2) {
      cv::ellipse(m, r, 255, -1);
    } else {
      cv::Point2f p[4];
      r.points(p);
      std::vector<cv::Point> q(p, p + 4);
      cv::fillConvexPoly(m, q, 255);
    }
  }
  if (rng() % 3 == 0)
    cv::rectangle(m, cv::Rect(int(coord(w)), int(coord(h)), 1 + int(coord(w)), 1 + int(coord(h))), 255, -1);
  return m;
}

}  // namespace

TEST_CASE("row extremes give the hull and rectangle of all the mask's pixels", "[image][mask]") {
  std::mt19937 rng(7);
  int compared = 0;
  for (int t = 0; t < 3000; ++t) {
    const cv::Mat m = random_mask(rng);
    std::vector<cv::Point> all, hull_all, hull_ext;
    cv::findNonZero(m, all);
    if (all.empty()) continue;
    const std::vector<cv::Point> ext = row_extremes(m);
    REQUIRE(ext.size() <= 2 * static_cast<size_t>(m.rows));
    cv::convexHull(all, hull_all);
    cv::convexHull(ext, hull_ext);
    CHECK(hull_all == hull_ext);
    const cv::RotatedRect a = cv::minAreaRect(all), b = cv::minAreaRect(ext);
    CHECK(a.center == b.center);
    CHECK(a.size == b.size);
    CHECK(a.angle == b.angle);
    ++compared;
  }
  CHECK(compared > 2900);
}

TEST_CASE("row extremes of small and empty masks", "[image][mask]") {
  cv::Mat m = cv::Mat::zeros(4, 5, CV_8U);
  CHECK(row_extremes(m).empty());
  m.at<uchar>(1, 2) = 255;  // one pixel: listed once
  CHECK(row_extremes(m) == std::vector<cv::Point>{{2, 1}});
  m.at<uchar>(3, 0) = 1;
  m.at<uchar>(3, 4) = 9;
  m.at<uchar>(3, 2) = 255;  // between the two: not listed
  CHECK(row_extremes(m) == std::vector<cv::Point>{{2, 1}, {0, 3}, {4, 3}});
  CHECK_THROWS_AS(row_extremes(cv::Mat::zeros(2, 2, CV_32F)), std::invalid_argument);
}

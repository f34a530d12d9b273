#include "frontends/dice/pip_layout.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace puzzlesat::dice_vision;

namespace {
std::vector<cv::Point2f> placed(int pips, float half, float angle_deg, cv::Point2f at) {
  const float a = angle_deg * float(CV_PI) / 180;
  std::vector<cv::Point2f> out;
  for (const auto& p : pip_layout(pips))
    out.emplace_back(at.x + half * (p.x * std::cos(a) - p.y * std::sin(a)),
                     at.y + half * (p.x * std::sin(a) + p.y * std::cos(a)));
  return out;
}
}  // namespace

TEST_CASE("each face has its number of pips inside the face", "[dice_vision]") {
  for (int n = 1; n <= 6; ++n) {
    const auto layout = pip_layout(n);
    CHECK(static_cast<int>(layout.size()) == n);
    for (const auto& p : layout) CHECK((std::abs(p.x) + kPipRadius < 1 && std::abs(p.y) + kPipRadius < 1));
  }
  CHECK_THROWS(pip_layout(0));
  CHECK_THROWS(pip_layout(7));
}

TEST_CASE("a face placed anywhere, at any angle, fits its own layout", "[dice_vision]") {
  for (int n = 2; n <= 6; ++n)
    for (float angle : {0.f, 17.f, 45.f, 80.f}) {
      const auto pts = placed(n, 20, angle, {100, 70});
      CHECK(layout_misfit(pts, n, 20) < 1e-3);
    }
}

TEST_CASE("points in the wrong arrangement or at the wrong scale fit badly", "[dice_vision]") {
  // Four pips in a row are not a four.
  const std::vector<cv::Point2f> row = {{0, 0}, {10, 0}, {20, 0}, {30, 0}};
  CHECK(layout_misfit(row, 4, 20) > 0.2);
  // A two at a quarter of the die's size is two specks, not a two; nor is one twice its size.
  // (The reader accepts a misfit up to 0.25.)
  CHECK(layout_misfit(placed(2, 5, 0, {50, 50}), 2, 20) > 0.35);
  CHECK(layout_misfit(placed(2, 40, 0, {50, 50}), 2, 20) > 0.2);
  // The six's layout does not fit five points at all.
  CHECK(std::isinf(layout_misfit(placed(5, 20, 0, {50, 50}), 6, 20)));
}

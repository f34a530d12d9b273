// fit_size_field finds the plane of card sizes among outlines with clutter, keeps about one
// size when one size fits, and does not believe a plane steeper than it is told to.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "frontends/set/size_field.h"

using namespace puzzlesat::set_vision;

namespace {

struct Outlines {
  std::vector<cv::Point2f> centres;
  std::vector<double> sizes;
};

// A 4 x 3 grid of cards over a 1000 x 750 view whose size follows a + b x + c y within
// +-`noise`, and `clutter` outlines at random places.
Outlines table(std::mt19937& rng, double a, double b, double c, double noise, int clutter) {
  std::uniform_real_distribution<double> u(-1, 1);
  Outlines t;
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 4; ++col) {
      const cv::Point2f p(float(150 + 230 * col), float(150 + 220 * row));
      t.centres.push_back(p);
      t.sizes.push_back((a + b * p.x + c * p.y) * (1 + noise * u(rng)));
    }
  // Clutter is smaller or larger than any card: specks and boxes (an outline of a card's
  // size where a card would lie is a card, to any finder).
  std::uniform_real_distribution<double> x(0, 1000), y(0, 750), speck(5, 35), box(300, 500);
  for (int i = 0; i < clutter; ++i) {
    const float px = float(x(rng)), py = float(y(rng));
    t.centres.push_back({px, py});
    t.sizes.push_back(i % 2 ? speck(rng) : box(rng));
  }
  return t;
}

}  // namespace

TEST_CASE("the plane of card sizes of a table seen obliquely is found among clutter") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    // Far cards (top row) at 40 + 0.15 * 150 = 62.5 px, near ones (bottom row) at 128.5 px,
    // +-8 px from a tilt sideways: too far apart for one size.
    const double b = std::uniform_real_distribution<double>(-0.01, 0.01)(rng);
    const Outlines t = table(rng, 40, b, 0.15, 0.05, 5);
    const SizeField f = fit_size_field(t.centres, t.sizes, {1.3, 3, 4});
    REQUIRE(f.agreeing >= 12);
    for (size_t i = 0; i < 12; ++i) {
      const double truth = 40 + b * t.centres[i].x + 0.15 * t.centres[i].y;
      CHECK(std::abs(f.at(t.centres[i]) / truth - 1) < 0.06);
    }
  }
}

TEST_CASE("cards of one size keep one size, and a plane steeper than allowed is not believed") {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 50; ++trial) {
    const Outlines flat = table(rng, 100, 0, 0, 0.05, 4);
    const SizeField f = fit_size_field(flat.centres, flat.sizes, {1.3, 3, 4});
    for (size_t i = 0; i < 12; ++i) CHECK(std::abs(f.at(flat.centres[i]) / 100 - 1) < 0.12);

    // Cards from 10 + 0.35 * 150 = 62.5 px (top) to 216.5 px (bottom): 3.5 times. At most
    // 3 times is believed: the plane found, if any, stays within that.
    const Outlines steep = table(rng, 10, 0, 0.35, 0.02, 0);
    const SizeField capped = fit_size_field(steep.centres, steep.sizes, {1.3, 3, 4});
    if (capped.agreeing > 0) CHECK(capped.at(steep.centres[11]) <= 3.001 * capped.at(steep.centres[0]));
    for (const cv::Point2f p : {cv::Point2f(0, 0), cv::Point2f(1000, 750)})
      if (capped.agreeing > 0) CHECK(capped.at(p) > 0);
    const SizeField free = fit_size_field(steep.centres, steep.sizes, {1.3, 20, 4});
    CHECK(free.agreeing == 12);
    CHECK(std::abs(free.at(steep.centres[11]) / 216.5 - 1) < 0.05);
  }
}

TEST_CASE("too few outlines for a plane give the median size") {
  const std::vector<cv::Point2f> centres{{0, 0}, {100, 0}, {0, 100}};
  const std::vector<double> sizes{50, 80, 60};
  const SizeField f = fit_size_field(centres, sizes, {1.3, 3, 4});
  CHECK(f.agreeing == 0);
  CHECK(f.at({50, 50}) == 60);  // the median
  CHECK(fit_size_field({}, {}, {1.3, 3, 4}).at({0, 0}) == 0);
}

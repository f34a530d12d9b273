#include "problems/set/stats.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace puzzlesat::set;

TEST_CASE("Wilson and mean intervals behave", "[set]") {
  Estimate e = proportion(50, 100);
  CHECK(e.value == Approx(0.5));
  CHECK(e.low == Approx(0.404).epsilon(0.01));
  CHECK(e.high == Approx(0.596).epsilon(0.01));
  Estimate zero = proportion(0, 1000);
  CHECK(zero.low == Approx(0).margin(1e-12));
  CHECK(zero.high > 0);
  Estimate m = mean(10 * 3.0, 10 * 9.0 + 0, 10);  // ten samples all equal to 3
  CHECK(m.value == Approx(3));
  CHECK(m.high - m.low == Approx(0).margin(1e-9));
}

TEST_CASE("the cluster ratio interval matches a binomial one for independent clusters", "[set]") {
  RatioSums r;
  // 1000 clusters of 10 trials, 3 hits each: no spread between clusters at all.
  for (int i = 0; i < 1000; ++i) r.add(3, 10);
  Estimate e = ratio(r);
  CHECK(e.value == Approx(0.3));
  CHECK(e.high - e.low == Approx(0).margin(1e-9));
  RatioSums spread;
  for (int i = 0; i < 1000; ++i) spread.add(i % 2 ? 6 : 0, 10);
  Estimate s = ratio(spread);
  CHECK(s.value == Approx(0.3));
  // Clusters all-or-nothing: the interval is that of 1000 coin flips scaled by 0.6.
  CHECK((s.high - s.low) / 2 == Approx(1.96 * 0.6 * std::sqrt(0.25 / 1000)).epsilon(0.01));
}

TEST_CASE("Monte Carlo estimates agree with the published figures", "[set]") {
  // A wide (99.9%) interval keeps this seeded check from failing by bad luck alone; the
  // 95% figures with many more games are in docs/set.md.
  SetStatistics s = estimate_statistics(40000, 2024, {}, 3.29);
  CHECK(s.p_no_set_12_random.contains(published::p_no_set_12_random));
  CHECK(s.mean_sets_12_random.contains(published::mean_sets_12_random));
  CHECK(s.p_no_set_15_random.contains(published::p_no_set_15_random));
  CHECK(agree(s.p_no_set_12_in_play, published::p_no_set_12_in_play_interval()));
  CHECK(s.boards_in_play > 40000);
}

// Monte Carlo statistics of SET: how often random boards and boards met in play hold no
// set, and how many sets 12 random cards hold, each with a 95% confidence interval, next
// to the published exact or simulated figures they are checked against.
#pragma once

#include <cstdint>
#include <functional>

namespace puzzlesat::set {

struct Estimate {
  double value = 0;
  double low = 0;   // 95% confidence interval
  double high = 0;
  bool contains(double x) const { return low <= x && x <= high; }
};

// Wilson score interval for `hits` successes in `trials`, at z standard errors.
Estimate proportion(std::int64_t hits, std::int64_t trials, double z = 1.959964);
// Normal interval for a mean from the sum and sum of squares of `n` samples.
Estimate mean(double sum, double sum_of_squares, std::int64_t n, double z = 1.959964);

// Sums over clusters (games) of y (hits) and x (trials) for a ratio Σy/Σx whose trials
// are correlated within a cluster; the interval is the delta-method (cluster-robust) one.
struct RatioSums {
  std::int64_t n = 0;
  double y = 0, x = 0, yy = 0, xx = 0, xy = 0;
  void add(double yi, double xi) {
    ++n;
    y += yi;
    x += xi;
    yy += yi * yi;
    xx += xi * xi;
    xy += xi * yi;
  }
};
Estimate ratio(const RatioSums& s, double z = 1.959964);

// Whether two intervals overlap (a published figure with its own sampling error).
inline bool agree(const Estimate& a, const Estimate& b) { return a.low <= b.high && b.low <= a.high; }

struct SetStatistics {
  std::uint64_t seed = 0;
  std::int64_t games = 0;         // games played, and random boards drawn of each size
  std::int64_t boards_in_play = 0;  // 12-card boards met during those games
  Estimate p_no_set_12_random;
  Estimate p_no_set_15_random;
  Estimate mean_sets_12_random;
  Estimate p_no_set_12_in_play;
};

// Plays `games` games and draws as many random 12- and 15-card boards, all from one
// generator seeded with `seed`. `progress(done)` is called now and then with the number
// of games finished. `z` sets the interval width (1.96 for 95%).
SetStatistics estimate_statistics(std::int64_t games, std::uint64_t seed,
                                  const std::function<void(std::int64_t)>& progress = {},
                                  double z = 1.959964);

// The published figures (see docs/set.md for sources).
namespace published {
// Knuth: 2,284,535,476,080 of the 70,724,320,184,700 12-card subsets hold no set.
constexpr double p_no_set_12_random = 2284535476080.0 / 70724320184700.0;
constexpr double p_no_set_15_random = 1.0 / 2742.0;  // about 0.0365%
// 1080 sets, each in C(78,9) of the C(81,12) boards: 220/79.
constexpr double mean_sets_12_random = 220.0 / 79.0;
// Norvig's simulation: 5,871 of 91,936 12-card boards in play had no set; a simulation
// has its own sampling error, so it comes with its 95% interval.
constexpr double p_no_set_12_in_play = 5871.0 / 91936.0;
inline Estimate p_no_set_12_in_play_interval() { return proportion(5871, 91936); }
}  // namespace published

}  // namespace puzzlesat::set

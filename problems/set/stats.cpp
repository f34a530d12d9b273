#include "problems/set/stats.h"

#include <array>
#include <cmath>
#include <numeric>
#include <span>

#include "problems/set/card.h"
#include "problems/set/finder.h"
#include "problems/set/game.h"
#include "problems/set/random.h"

namespace puzzlesat::set {

Estimate proportion(std::int64_t hits, std::int64_t trials, double z) {
  if (trials <= 0) return {};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(hits) / n;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Estimate mean(double sum, double sum_of_squares, std::int64_t n, double z) {
  if (n <= 1) return {};
  const double m = sum / static_cast<double>(n);
  const double variance =
      (sum_of_squares - static_cast<double>(n) * m * m) / static_cast<double>(n - 1);
  const double half = z * std::sqrt(std::max(0.0, variance) / static_cast<double>(n));
  return {m, m - half, m + half};
}

Estimate ratio(const RatioSums& s, double z) {
  if (s.n <= 1 || s.x <= 0) return {};
  const double n = static_cast<double>(s.n);
  const double r = s.y / s.x;
  const double x_bar = s.x / n;
  // Σ (y_i - r x_i)² expanded into the running sums.
  const double residuals = s.yy - 2 * r * s.xy + r * r * s.xx;
  const double half = z * std::sqrt(std::max(0.0, residuals) / (n - 1) / n) / x_bar;
  return {r, std::max(0.0, r - half), std::min(1.0, r + half)};
}

namespace {

// k distinct random cards: the first k steps of a Fisher-Yates shuffle of the deck.
class BoardDrawer {
 public:
  BoardDrawer() { std::iota(deck_.begin(), deck_.end(), std::uint8_t{0}); }
  std::span<const std::uint8_t> draw(Rng& rng, int k) {
    for (int i = 0; i < k; ++i) {
      int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(kDeckSize - i)));
      std::swap(deck_[i], deck_[j]);
    }
    return {deck_.data(), static_cast<std::size_t>(k)};
  }

 private:
  std::array<std::uint8_t, kDeckSize> deck_;
};

}  // namespace

SetStatistics estimate_statistics(std::int64_t games, std::uint64_t seed,
                                  const std::function<void(std::int64_t)>& progress, double z) {
  Rng rng(seed);
  BoardDrawer drawer;
  std::int64_t no_set_12 = 0, no_set_15 = 0, boards_in_play = 0;
  RatioSums in_play;
  double sets_sum = 0, sets_squares = 0;
  for (std::int64_t g = 0; g < games; ++g) {
    int sets = count_sets(drawer.draw(rng, 12));
    no_set_12 += sets == 0;
    sets_sum += sets;
    sets_squares += static_cast<double>(sets) * sets;
    no_set_15 += !find_one_set(drawer.draw(rng, 15)).has_value();
    GameTally t = simulate_game(rng);
    boards_in_play += t.boards_of_12;
    in_play.add(t.boards_of_12_without_set, t.boards_of_12);
    if (progress && (g + 1) % 16384 == 0) progress(g + 1);
  }
  SetStatistics s;
  s.seed = seed;
  s.games = games;
  s.boards_in_play = boards_in_play;
  s.p_no_set_12_random = proportion(no_set_12, games, z);
  s.p_no_set_15_random = proportion(no_set_15, games, z);
  s.mean_sets_12_random = mean(sets_sum, sets_squares, games, z);
  s.p_no_set_12_in_play = ratio(in_play, z);
  return s;
}

}  // namespace puzzlesat::set

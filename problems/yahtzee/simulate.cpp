#include "problems/yahtzee/simulate.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>
#include <vector>

#include "problems/yahtzee/game.h"
#include "problems/yahtzee/turn.h"

namespace puzzlesat::yahtzee {

namespace {

// The best keep among the sub-keeps of the dice, by the given keep values.
// The keep of the roll with the highest value (lane 0 of a turn of `lanes` lanes).
int best_keep(int roll, const std::vector<double>& keep_value, int lanes) {
  const auto& space = DiceSpace::get();
  auto value = [&](int keep) { return keep_value[static_cast<size_t>(keep) * lanes]; };
  int best = roll;
  for (int k : space.sub_keeps(roll))
    if (value(k) > value(best)) best = k;
  return best;
}

int reroll(int keep, std::mt19937_64& rng) {
  const auto& space = DiceSpace::get();
  Counts c = space.counts(keep);
  for (int i = space.size(keep); i < kDice; ++i) ++c[roll_die(rng) - 1];
  return space.index(c);
}

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t game) {
  // splitmix64 of the pair: neighbouring games get unrelated generators.
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (game + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

int play_optimal_game(const Table& table, std::mt19937_64& rng) {
  const RuleSet rules = table.rules();
  State state;
  int total = 0;
  TurnValues turn;
  for (int t = 0; t < kBoxes; ++t) {
    double widget;
    const int upper = capped_upper(state.upper);
    evaluate_turn(table, state.used, state.yahtzee50, {&upper, 1}, turn, &widget);
    int roll = reroll(0, rng);
    roll = reroll(best_keep(roll, turn.keep1, turn.lanes), rng);
    roll = reroll(best_keep(roll, turn.keep0, turn.lanes), rng);
    const Counts& dice = DiceSpace::get().counts(roll);
    int best_box = -1;
    double best_value = -1;
    Scoring best;
    for (int box = 0; box < kBoxes; ++box) {
      if (!box_allowed({rules, state.used}, box, dice)) continue;
      const Scoring s = score_roll(rules, state, box, dice);
      const double v = s.gained + (s.next.used == kAllBoxes ? 0.0 : table.value(s.next));
      if (best_box < 0 || v > best_value) {
        best_box = box;
        best_value = v;
        best = s;
      }
    }
    total += best.gained;
    state = best.next;
  }
  return total;
}

SimulationResult simulate(const Table& table, std::int64_t games, std::uint64_t seed, int threads,
                          const std::function<void(std::int64_t started)>& progress) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> scores(static_cast<size_t>(std::max<std::int64_t>(games, 0)));
  std::atomic<std::int64_t> next{0};
  auto work = [&] {
    for (std::int64_t g; (g = next.fetch_add(1)) < games;) {
      std::mt19937_64 rng(game_seed(seed, static_cast<std::uint64_t>(g)));
      scores[static_cast<size_t>(g)] = play_optimal_game(table, rng);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  for (std::int64_t g; (g = next.fetch_add(1)) < games;) {  // the calling thread's share, reporting
    std::mt19937_64 rng(game_seed(seed, static_cast<std::uint64_t>(g)));
    scores[static_cast<size_t>(g)] = play_optimal_game(table, rng);
    if (progress) progress(std::min(games, next.load()));
  }
  for (auto& t : pool) t.join();

  SimulationResult r;
  r.games = games;
  if (games == 0) return r;
  double sum = 0;
  for (int s : scores) sum += s;
  r.mean = sum / static_cast<double>(games);
  double sq = 0;
  for (int s : scores) sq += (s - r.mean) * (s - r.mean);
  r.sd = games > 1 ? std::sqrt(sq / static_cast<double>(games - 1)) : 0.0;
  r.min = *std::min_element(scores.begin(), scores.end());
  r.max = *std::max_element(scores.begin(), scores.end());
  return r;
}

}  // namespace puzzlesat::yahtzee

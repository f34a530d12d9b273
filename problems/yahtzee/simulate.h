// The optimal player at work: whole solitaire games played by the strategy table with
// seeded dice, and the mean and standard deviation of their final scores.
#pragma once

#include <cstdint>
#include <functional>
#include <random>

#include "problems/yahtzee/table.h"

namespace puzzlesat::yahtzee {

// One game: keeps and boxes chosen to maximise the expected final score. Returns the
// final score (boxes, upper bonus and Yahtzee bonuses).
int play_optimal_game(const Table& table, std::mt19937_64& rng);

struct SimulationResult {
  std::int64_t games = 0;
  double mean = 0;
  double sd = 0;  // sample standard deviation
  int min = 0;
  int max = 0;
};

// Game i uses its own generator seeded from (seed, i), so results do not depend on the
// number of threads (0: all cores). `progress`, when given, is called from the calling
// thread only, with the number of games started so far (for a progress line).
SimulationResult simulate(const Table& table, std::int64_t games, std::uint64_t seed, int threads = 0,
                          const std::function<void(std::int64_t started)>& progress = {});

}  // namespace puzzlesat::yahtzee

// Plays the UCI CS 171 Minesweeper worlds (beginner 8x8/10, intermediate 16x16/40, expert
// 16x30/99) from their start cells, by deduction alone and with exact-count guesses, and
// prints per level: worlds, won without a guess, stuck, the win rate with guessing, and the
// CPU time per world. docs/minesweeper.md records the figures. Usage:
//   build/bench/bench_minesweeper [WORLDS.jsonl] [--every N] [--solver SPEC]
// --every N plays every Nth world of each level (a sample); the default is all 3,000.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "problems/minesweeper/play.h"

using namespace minesweeper;

namespace {
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct Tally {
  int worlds = 0, clean = 0, stuck = 0, won = 0, lost = 0, guesses = 0;
  double deduce_seconds = 0, guess_seconds = 0;
};
}  // namespace

int main(int argc, char** argv) {
  std::string path = std::string(PUZZLESAT_SHARED_DATA) + "/puzzles/minesweeper/uci-cs171-worlds.jsonl";
  int every = 1;
  PlayOptions options;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--every") == 0 && i + 1 < argc)
      every = std::max(1, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--solver") == 0 && i + 1 < argc)
      options.solver = argv[++i];
    else
      path = argv[i];
  }
  std::ifstream in(path);
  if (!in) {
    std::printf("SKIPPED: %s is absent\n", path.c_str());
    return 0;
  }
  std::stringstream text;
  text << in.rdbuf();
  const std::vector<World> worlds = read_worlds(text.str(), path);
  std::map<std::string, Tally> levels;
  std::map<std::string, int> seen;
  const auto wall = std::chrono::steady_clock::now();
  for (const World& w : worlds) {
    const std::string level = w.id.substr(0, w.id.find_first_of("0123456789"));
    if (seen[level]++ % every != 0) continue;
    Tally& t = levels[level];
    ++t.worlds;
    double start = cpu_seconds();
    options.guess = false;
    const PlayResult plain = play(w, options);
    t.deduce_seconds += cpu_seconds() - start;
    t.clean += plain.outcome == PlayResult::Outcome::won;
    t.stuck += plain.outcome == PlayResult::Outcome::stuck;
    start = cpu_seconds();
    options.guess = true;
    const PlayResult guessed = play(w, options);
    t.guess_seconds += cpu_seconds() - start;
    t.won += guessed.outcome == PlayResult::Outcome::won;
    t.lost += guessed.outcome == PlayResult::Outcome::lost;
    t.guesses += guessed.guesses;
  }
  std::printf("%-13s %6s %16s %6s %18s %10s %14s %14s\n", "level", "worlds", "no guess needed", "stuck",
              "won with --guess", "guesses", "ms/world", "ms/world");
  std::printf("%-13s %6s %16s %6s %18s %10s %14s %14s\n", "", "", "", "", "", "(all)", "deduction", "--guess");
  for (const auto& [level, t] : levels)
    std::printf("%-13s %6d %9d (%4.1f%%) %6d %10d (%4.1f%%) %10d %14.1f %14.1f\n", level.c_str(), t.worlds, t.clean,
                100.0 * t.clean / t.worlds, t.stuck, t.won, 100.0 * t.won / t.worlds, t.guesses,
                1000 * t.deduce_seconds / t.worlds, 1000 * t.guess_seconds / t.worlds);
  std::printf("wall %.1f s, solver %s, every %d world(s) of %zu\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(), options.solver.c_str(),
              every, worlds.size());
}

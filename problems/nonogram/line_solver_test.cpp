// The line solvers (line_solver.h's DP, line_bits.h's bit-parallel one) against brute
// force over every filling of short lines, and against each other on long ones: the same
// facts, the same contradictions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "problems/nonogram/line_bits.h"
#include "problems/nonogram/line_solver.h"

using namespace puzzlesat::nonogram;

namespace {

// The clue of a line given as bits (bit i: cell i filled).
Clue clue_of(std::uint32_t bits, int n) {
  Clue out;
  int run = 0;
  for (int i = 0; i <= n; ++i) {
    if (i < n && (bits >> i) & 1) {
      ++run;
    } else if (run) {
      out.push_back(run);
      run = 0;
    }
  }
  return out;
}

// Every value some filling of the line takes that shows `clue` and fits `cells`: all
// zero when no filling does.
std::vector<std::uint8_t> brute_force(const Clue& clue, const std::vector<std::uint8_t>& cells) {
  const int n = static_cast<int>(cells.size());
  std::vector<std::uint8_t> want(cells.size(), 0);
  for (std::uint32_t bits = 0; bits < (std::uint32_t{1} << n); ++bits) {
    bool fits = true;
    for (int i = 0; i < n && fits; ++i) fits = (cells[static_cast<std::size_t>(i)] & ((bits >> i) & 1 ? kFilled : kEmpty)) != 0;
    if (fits && clue_of(bits, n) == clue)
      for (int i = 0; i < n; ++i) want[static_cast<std::size_t>(i)] |= (bits >> i) & 1 ? kFilled : kEmpty;
  }
  return want;
}

// Both solvers on one line state against the expected facts (all zero: a contradiction,
// the cells then unchanged).
void check_line(LineSolver& solver, const Clue& clue, const std::vector<std::uint8_t>& cells,
                const std::vector<std::uint8_t>& want) {
  const bool any = std::any_of(want.begin(), want.end(), [](std::uint8_t v) { return v != 0; }) || cells.empty();
  auto by_dp = cells, by_bits = cells;
  REQUIRE(solver.settle_dp(clue, by_dp) == any);
  REQUIRE(solver.settle(clue, by_bits) == any);  // bit-parallel: these lines fit a word
  CHECK(by_dp == (any ? want : cells));
  CHECK(by_bits == (any ? want : cells));
}

std::string show(const Clue& clue, const std::vector<std::uint8_t>& cells) {
  std::string out;
  for (int run : clue) out += std::to_string(run) + " ";
  out += "| ";
  for (std::uint8_t c : cells) out += c == kFilled ? '#' : c == kEmpty ? '.' : '?';
  return out;
}

}  // namespace

TEST_CASE("nonogram line solvers: every state of every line up to 7 cells, as brute force", "[nonogram][line]") {
  // Every clue a line of n cells can show, plus one too long for it, against every
  // partial state of the line (3^n: open, filled, empty): all of it, contradictions included.
  LineSolver solver;
  for (int n = 1; n <= 7; ++n) {
    std::vector<Clue> clues;
    for (std::uint32_t bits = 0; bits < (std::uint32_t{1} << n); ++bits) clues.push_back(clue_of(bits, n));
    std::sort(clues.begin(), clues.end());
    clues.erase(std::unique(clues.begin(), clues.end()), clues.end());
    clues.push_back(Clue{n, 1});  // fits no line of n cells
    int states = 1;
    for (int i = 0; i < n; ++i) states *= 3;
    for (const Clue& clue : clues)
      for (int state = 0; state < states; ++state) {
        std::vector<std::uint8_t> cells;
        for (int s = state, i = 0; i < n; ++i, s /= 3) cells.push_back(s % 3 == 0 ? kUnknown : s % 3 == 1 ? kFilled : kEmpty);
        INFO(show(clue, cells));
        check_line(solver, clue, cells, brute_force(clue, cells));
      }
  }
}

TEST_CASE("nonogram line solvers: random lines of 1 to 14 cells, as brute force", "[nonogram][line]") {
  // Clues of random lines and random clues (often too long), random known cells at
  // several densities, and known cells copied from a completion with a few flipped (so
  // that long lines are often consistent and settle something).
  std::mt19937 rng(7);
  LineSolver solver;
  for (int round = 0; round < 6000; ++round) {
    const int n = 1 + round % 14;
    const std::uint32_t line = static_cast<std::uint32_t>(rng()) & ((std::uint32_t{1} << n) - 1);
    Clue clue = clue_of(line, n);
    if (round % 5 == 0) {
      clue.clear();
      for (int runs = static_cast<int>(rng() % 5), j = 0; j < runs; ++j) clue.push_back(1 + static_cast<int>(rng() % 4));
    }
    std::vector<std::uint8_t> cells(static_cast<std::size_t>(n), kUnknown);
    const unsigned known = 1 + rng() % 4;  // of 5: how many cells are known
    for (int i = 0; i < n; ++i) {
      if (rng() % 5 >= known) continue;
      const bool filled = rng() % 6 ? (line >> i) & 1 : rng() % 2;
      cells[static_cast<std::size_t>(i)] = filled ? kFilled : kEmpty;
    }
    INFO(show(clue, cells) << " round " << round);
    check_line(solver, clue, cells, brute_force(clue, cells));
  }
}

TEST_CASE("nonogram line solvers: the bit-parallel one and the DP agree on lines of 15 to 64 cells",
          "[nonogram][line]") {
  // Too long for brute force: the two exact solvers against each other, on the same kinds
  // of states as above, up to the longest line that fits a word.
  std::mt19937_64 rng(11);
  LineSolver solver;
  for (int round = 0; round < 20000; ++round) {
    const int n = 15 + round % 50;
    const double density = 0.3 + 0.1 * (round % 5);
    std::vector<std::uint8_t> cells(static_cast<std::size_t>(n), kUnknown);
    std::uint64_t line = 0;
    for (int i = 0; i < n; ++i)
      if (std::uniform_real_distribution<>(0, 1)(rng) < density) line |= std::uint64_t{1} << i;
    Clue clue;
    for (int i = 0, run = 0; i <= n; ++i)
      if (i < n && (line >> i) & 1) ++run;
      else if (run) clue.push_back(run), run = 0;
    const unsigned known = rng() % 6;  // of 8
    for (int i = 0; i < n; ++i) {
      if (rng() % 8 >= known) continue;
      const bool filled = rng() % 20 ? (line >> i) & 1 : rng() % 2;
      cells[static_cast<std::size_t>(i)] = filled ? kFilled : kEmpty;
    }
    INFO(show(clue, cells) << " round " << round);
    auto by_dp = cells, by_bits = cells;
    const bool dp_ok = solver.settle_dp(clue, by_dp);
    REQUIRE(solver.settle(clue, by_bits) == dp_ok);
    CHECK(by_bits == by_dp);
  }
}

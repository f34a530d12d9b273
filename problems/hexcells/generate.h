// Generating Hexcells levels that can be played to the end without guessing, with a
// difficulty knob. A level is drawn from a seed (board shape, colours), given every hint
// the game knows (black cell numbers with {n}/-n-, blue flowers, column and diagonal
// lines, every cell revealed), and then information is taken away greedily — cells hidden,
// hints dropped or weakened — as long as a player who never combines more than
// `difficulty` hints in one deduction still finishes it. play() confirms the result.
//
//   GenerateOptions o;
//   o.size = 7; o.seed = 42; o.difficulty = 3;
//   Generated g = generate(o);            // g.level: write_level(g.level) is the file
//   assert(play(g.level).verdict == Verdict::solved);
//
// Same seed, size and difficulty give the same level on every run and compiler: the
// random numbers come from our own generator (not std::*_distribution, whose output the
// standard leaves to the library), each drawn in its own statement.
#pragma once

#include <cstdint>
#include <string>

#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

// The difficulty of a level: a player who always makes the easiest deduction available
// (the one that combines the fewest constraints, REMAINING counting as one) and reveals
// every cell it settles. `difficulty` is the largest number of constraints such a player
// ever has to combine; 0 for a level with nothing hidden. Each cell's number comes from a
// subset-minimal explanation (Explainer), which need not be the smallest one possible.
// Deductions that need REMAINING are only sized in the end game (generate.cpp,
// kRemainingCells) and each solver call has a conflict budget; a level that needs more
// is not solved by this player even when play() solves it.
struct Rating {
  bool solved = false;  // the player finished (within `limit`, if one was given)
  int difficulty = 0;   // when not solved: the size of the deduction that was needed (or 0: none forced)
  int steps = 0;        // reveal steps taken
};

// Plays `level` (every colour known) as above. With limit > 0 it gives up (solved =
// false) as soon as a deduction of more than `limit` constraints would be needed.
Rating rate(Board level, int limit = 0);

struct GenerateOptions {
  int size = 7;            // the board fits in `size` columns of `size` cells
  std::uint64_t seed = 1;
  int difficulty = 3;      // the target Rating::difficulty, 1..kMaxDifficulty
  int attempts = 4;        // boards drawn (seed, attempt) until one reaches the target
  int harden_tries = 32;   // hints put back per board while hardening (generate.cpp)
};

constexpr int kMinSize = 3;
constexpr int kMaxSize = 14;
constexpr int kMaxDifficulty = 6;

struct Generated {
  Board level;
  Rating rating;       // rate(level): difficulty <= options.difficulty, == when reached
  int rounds = 0;      // play(level).rounds: rounds of the complete deduction
  int attempt = 0;     // which attempt gave the level (from 0)
  int hints = 0;       // numbers shown in the level (cells and lines)
  int revealed = 0;    // cells revealed at the start
};

// Throws std::invalid_argument for a size or difficulty out of range. The level is checked
// with play() before it is returned (std::logic_error if it were stuck: a bug).
Generated generate(const GenerateOptions& options);

// The deterministic random numbers behind generate() (SplitMix64), exposed for tests.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  // Uniform in [0, n), n > 0, by rejection (no modulo bias).
  std::uint64_t below(std::uint64_t n);

 private:
  std::uint64_t state_;
};

}  // namespace puzzlesat::hexcells

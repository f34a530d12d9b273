// Generating Minesweeper puzzles (pzprjs "mines" style: numbers on some safe cells, no mine
// count) whose mines the numbers determine, so deduction alone solves them.
#pragma once

#include <cstdint>
#include <string>

#include "minesweeper.h"

namespace minesweeper {

struct GenerateOptions {
  int rows = 8, cols = 8, mines = 10;
  std::uint64_t seed = 1;
  std::string solver = "minisat";
};

struct Generated {
  Board puzzle;     // numbers and covered cells only
  Layout solution;  // its one solution
  int layouts_tried = 0;
};

// Draws mine layouts from the seed until one can be pinned down by numbers (every mine
// next to a safe cell), numbers every safe cell, then removes numbers in a seeded random
// order while SAT confirms the solution stays unique. The result is minimal: no number
// can go. The same options give the same puzzle on every platform (own random draws).
// Throws puzzlesat::InputError for sizes out of range or no layout found in 1,000 draws.
Generated generate(const GenerateOptions& options);

}  // namespace minesweeper

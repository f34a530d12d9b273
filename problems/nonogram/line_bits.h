// The bit-parallel line solver for lines of up to 64 cells: the same facts as the dynamic
// program of line_solver.h (every value some completion of the line takes), computed with
// word operations on two masks instead of tables, O(runs) word operations a line (a few
// more for long runs). The probing search (search.h) settles lines millions of times, so
// this is its inner loop; LineSolver::settle uses it for every line that fits a word.
//
//   LineMasks m{.may_empty = 0b1111111111, .may_fill = 0b1111111111};  // 10 open cells
//   if (!settle_bits({3, 4}, 10, m)) ...     // no completion: a contradiction
//   // else bit i of m.may_fill / m.may_empty: cell i may be filled / empty in some completion
#pragma once

#include <cstdint>

#include "problems/nonogram/nonogram.h"

namespace puzzlesat::nonogram {

inline constexpr int kMaxBitLine = 64;

// A line's cells as two masks (bit i: cell i). Known filled: may_fill only; known empty:
// may_empty only; open: both. Bits at and above the line's length are 0.
struct LineMasks {
  std::uint64_t may_empty = 0, may_fill = 0;
};

// Narrows `line` (n <= kMaxBitLine cells) to the values some completion of `clue` takes.
// false when there is none (`line` is then left as it was).
bool settle_bits(const Clue& clue, int n, LineMasks& line);

}  // namespace puzzlesat::nonogram

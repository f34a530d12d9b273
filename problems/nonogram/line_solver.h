// The exact line solver of a nonogram: given a line's clue and what is known of its cells,
// every cell that all the line's completions agree on. This is arc consistency for one
// line, the same that unit propagation finds through the line's automaton (nonogram.cpp),
// computed directly by dynamic programming in O(cells x runs) time with no allocation
// after the first calls: the building block of the tournament-style search (search.h).
// Lines of up to 64 cells go to the bit-parallel solver (line_bits.h), which gives the same
// facts (tested against this DP and brute force) several times faster.
//
//   LineSolver ls;
//   std::vector<std::uint8_t> cells(10, kUnknown);        // what is known of the line
//   if (!ls.settle({3, 4}, cells)) ...                    // no completion: a contradiction
//   // else cells now holds every value the clue forces
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "problems/nonogram/nonogram.h"

namespace puzzlesat::nonogram {

// A cell's possible values as two bits, so that settling a line is intersecting masks.
inline constexpr std::uint8_t kEmpty = 1;    // may be (or is) empty
inline constexpr std::uint8_t kFilled = 2;   // may be (or is) filled
inline constexpr std::uint8_t kUnknown = 3;  // either

class LineSolver {
 public:
  // Narrows `cells` to the values some completion of `clue` over them takes. false when
  // there is none (the cells are then left as they were). Bit-parallel up to 64 cells.
  bool settle(const Clue& clue, std::span<std::uint8_t> cells);
  // The same by the dynamic program, for any length (longer lines, and the tests).
  bool settle_dp(const Clue& clue, std::span<std::uint8_t> cells);

 private:
  // Prefix counts of the cells known filled / known empty, and the two DP tables, flat:
  // fwd[j * (n + 1) + i]: cells [0, i) can hold exactly runs 0..j-1;
  // bwd[j * (n + 2) + i]: cells [i, n) can hold exactly runs j..k-1.
  std::vector<int> known_filled_, known_empty_;
  std::vector<char> fwd_, bwd_;
  std::vector<int> may_fill_;  // a difference array over the cells some run can cover
};

}  // namespace puzzlesat::nonogram

// Cheap local reasoning before any solver call: a hint that needs no more blue cells
// makes its other hidden cells black, and one that needs every hidden cell blue makes
// them blue (REMAINING included); each settled cell changes what the other hints need,
// so this repeats until nothing changes. Most cells of a Hexcells round are forced this
// way; the solver is then asked only about the board with them taken as revealed.
#pragma once

#include <span>
#include <vector>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

struct Settled {
  // False when some hint needs more blue cells than it has hidden ones, or a negative
  // number, at some point: the state is impossible.
  bool consistent = true;
  std::vector<Pos> blue, black;  // forced, in the order found
};

// Every cell settled this way is forced (holds in every colouring consistent with the
// constraints); contiguity ({n}, -n-) is not used, only each hint's count.
Settled settle_by_counts(const Board& board, std::span<const Constraint> constraints);

// The board with the settled cells revealed in their colours (showing no number, since
// the player has not seen them) and REMAINING lowered by the blue ones: it has exactly
// the colourings of `board` that agree with `s`.
Board with_settled(const Board& board, const Settled& s);

}  // namespace puzzlesat::hexcells

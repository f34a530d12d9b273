// Reference deduction by trying every colouring of the hidden cells: slow (2^hidden) but
// independent of SAT and of the encodings, so tests can check deduce() against it.
#pragma once

#include "problems/hexcells/deduce.h"

namespace puzzlesat::hexcells {

// Same answer as deduce() (without stats). Throws std::invalid_argument above max_hidden
// hidden cells.
Deduction brute_force_deduce(const Board& board, int max_hidden = 20);

}  // namespace puzzlesat::hexcells

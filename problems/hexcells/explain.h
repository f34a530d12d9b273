// Why a cell is forced: a small set of visible hints (and possibly REMAINING) that
// already forces it, found as an unsat core over one selector literal per hint and then
// minimised by deletion, so no hint in the set can be dropped.
#pragma once

#include <string>
#include <vector>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/deduce.h"

namespace puzzlesat::hexcells {

struct Reason {
  Pos cell;
  Color colour = Color::unknown;
  // Visible hints (and REMAINING, as a constraint with is_remaining) that force it.
  std::vector<Constraint> because;
};

// One reason per forced cell of d (which deduce(board) returned), blue cells first.
// `solver` is a sat::make_solver spec.
std::vector<Reason> explain(const Board& board, const Deduction& d, const std::string& solver = "minisat");

}  // namespace puzzlesat::hexcells

// A second encoding of REMAINING that shares its counting with the hints, for the
// formulas whose refutations need both: proofs over an explanation, and the explanation
// search itself.
//
// REMAINING is a count over every hidden cell; a hint is a count over a few. "Eight
// disjoint lines of 1 and REMAINING 8, so every other cell is black" is a pigeonhole
// argument that CDCL finds slowly (minutes) over separate counters. Here an adder tree
// sums REMAINING from subtrees that are the hidden cells of pairwise disjoint hints
// (largest first, as deduce packs them), each with its hint's count fixed on the subtree's
// outputs, and the other hidden cells: unit propagation then does the sum.
//
//   add_shared_remaining_count(cnf, board, constraints, cell_lit, guard_of);
//
// Every added clause belongs to a correct encoding of a constraint already present (the
// tree's clauses define its outputs from its inputs), so the cells' solutions are the
// same. With guards, a hint's fixed count is switched by that hint's guard and the total
// by REMAINING's, so an unsat core over the guards still names the constraints used.
#pragma once

#include <functional>
#include <optional>
#include <span>

#include <puzzlesat/cnf.h>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

// cell_lit: the literal "this hidden cell is blue". guard_of(i): the guard of
// constraints[i], if any. Does nothing when no constraint is REMAINING.
void add_shared_remaining_count(sat::Cnf& cnf, const Board& board, std::span<const Constraint> constraints,
                                const std::function<sat::Lit(Pos)>& cell_lit,
                                const std::function<std::optional<sat::Lit>(std::size_t)>& guard_of);

}  // namespace puzzlesat::hexcells

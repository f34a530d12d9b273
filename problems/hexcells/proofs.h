// DRAT proofs of forced cells. A cell forced blue is proved by showing the state's
// formula (state_formula: every visible hint and REMAINING, as `hexcells cnf` writes it)
// plus the unit clause "this cell is black" unsatisfiable, and the other way round; each
// cell gets its own proof and formula file, named after the cell as the drawings label it
// (tile_name), e.g. C7-blue.drat and C7-blue.cnf. Any DRAT checker can replay them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "problems/hexcells/deduce.h"
#include "problems/hexcells/level.h"
#include <puzzlesat/solver.h>

namespace puzzlesat::hexcells {

struct CellProof {
  Pos cell;
  Color colour = Color::unknown;  // the forced colour; the proof refutes the other one
  bool proved = false;            // false: the time limit ran out first (no files)
  std::string proof;              // path of the DRAT proof
  std::string formula;            // path of the formula it refers to
};

// One proof per cell of d (deduce(board)'s answer), blue cells first, written into `dir`
// (created if missing) with file names starting with `prefix` (e.g. "round2-").
// `solver` must write proofs (sat::Solver::can_trace_proof). The state's formula is
// proved as written, without deduce's reformulations, and some counting arguments over
// REMAINING are hard for CDCL without them: `seconds_per_cell` (0 = none) bounds each
// proof, and a cell whose time runs out is returned with proved = false. Throws
// std::logic_error when a cell of d turns out not to be forced, std::runtime_error when
// files cannot be written.
std::vector<CellProof> prove_forced(const Board& board, const Deduction& d, const std::string& dir,
                                    sat::ProofFormat format, std::string_view solver = "cadical",
                                    const std::string& prefix = "", double seconds_per_cell = 0);

}  // namespace puzzlesat::hexcells

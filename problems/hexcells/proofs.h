// DRAT proofs of forced cells. A cell forced blue is proved by showing a formula plus the
// unit clause "this cell is black" unsatisfiable, and the other way round; each cell gets
// its own proof and formula file, named after the cell as the drawings label it
// (tile_name), e.g. C7-blue.drat and C7-blue.cnf. Any DRAT checker can replay them.
//
// ProofScope::explanation (the CLI's default) proves over the cell's explanation only:
// the hints (and REMAINING, if needed) that `deduce --explain` names for it, cells
// numbered as in the whole state. What a subset of the state's constraints forces, the
// state forces, and the refutation is small (on the corpus's largest levels the whole
// state takes CDCL seconds per cell). Finding explanations is bounded (explain.h); a cell
// whose explanation is the whole board is proved over every open constraint.
// ProofScope::state proves over the state's whole formula, exactly as `hexcells cnf`
// writes it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/deduce.h"
#include "problems/hexcells/level.h"
#include <puzzlesat/solver.h>

namespace puzzlesat::hexcells {

enum class ProofScope { explanation, state };

// The formula a cell's proof refutes (plus the cell's unit) under ProofScope::explanation:
// the constraints as constraints_formula writes them and, when REMAINING is among them, a
// second count of REMAINING built from the hints' own counts, so unit propagation sums
// disjoint hints against REMAINING (a pigeonhole-style argument that CDCL finds hard over
// separate counters). Every clause belongs to a correct encoding of one of the
// constraints, so the cells' solutions are exactly those of the constraints.
sat::Cnf proof_formula(const Board& board, std::span<const Constraint> constraints);

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
                                    const std::string& prefix = "", double seconds_per_cell = 0,
                                    ProofScope scope = ProofScope::state);

}  // namespace puzzlesat::hexcells

// The SAT encoding of Hexcells constraints: one variable per hidden cell, revealed cells
// as constants, each constraint as cardinality / contiguity gadgets from encodings/.
#pragma once

#include <map>
#include <span>
#include <vector>

#include "problems/hexcells/constraints.h"
#include <puzzlesat/cardinality.h>
#include <puzzlesat/cnf.h>

namespace puzzlesat::hexcells {

// The variables of the hidden cells in one formula, named "cell(x,y)".
class CellVars {
 public:
  explicit CellVars(sat::Cnf& cnf) : cnf_(cnf) {}
  // named false: plain variables, for formulas nobody reads (a deduction's questions);
  // naming each one cost a string per cell per question.
  CellVars(sat::Cnf& cnf, bool named) : cnf_(cnf), named_(named) {}
  // The variable of hidden cell p, made on first use.
  sat::Lit cell(Pos p);
  const std::map<Pos, sat::Lit>& all() const { return vars_; }

 private:
  sat::Cnf& cnf_;
  bool named_ = true;
  std::map<Pos, sat::Lit> vars_;
  // The same by tile (an undefined literal where none), for lookups: the map's were a
  // tenth of a Hexcells deduction's bookkeeping.
  std::vector<sat::Lit> by_tile_;
};

// Adds c's clauses over the cells' variables (hidden) and constants (revealed cells,
// whose colour the board gives). Clauses obey the cnf's current guard scope. A count is
// written in `counts` (by default the smallest encoding for its size).
void encode(sat::Cnf& cnf, CellVars& vars, const Constraint& c, const Board& board,
            enc::CardEncoding counts = enc::CardEncoding::automatic);

// The state's whole formula as it is written (no reformulation): every visible hint and
// REMAINING over all hidden cells, each preceded by a comment naming it. Its models
// projected on the cell variables are exactly the colourings consistent with the state.
sat::Cnf state_formula(const Board& board);

// The formula of some of the state's constraints only (e.g. an explanation's hints), with
// every hidden cell numbered as in state_formula, so a cell is the same variable in both.
// Fewer constraints allow more colourings: what this formula forces, the state forces.
sat::Cnf constraints_formula(const Board& board, std::span<const Constraint> constraints);

}  // namespace puzzlesat::hexcells

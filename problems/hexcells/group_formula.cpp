#include "problems/hexcells/group_formula.h"

namespace puzzlesat::hexcells {

void GroupFormula::add(const Constraint& c, const Board& board) {
  if (!hints_.insert(c.source).second) return;
  sync_vars();
  if (shapes_)
    shapes_->encode(cnf_, vars_, c, board);
  else
    encode(cnf_, vars_, c, board);
}

void GroupFormula::add_temporary(const Constraint& c, const Board& board) {
  sync_vars();
  // A totalizer, not the smallest encoding (a cardinality network, for REMAINING's sizes):
  // the corpus took 5.32 G instructions against 5.55 G, in building and in search. (For
  // the hints the smallest is best: a totalizer for every count took 5.41 G.)
  encode(cnf_, vars_, c, board, enc::CardEncoding::totalizer);
}

void GroupFormula::reveal(const Board& board) {
  // Cells that got their variable since the last call join the list first.
  if (vars_.all().size() != listed_.size())
    for (const auto& [p, l] : vars_.all())
      if (listed_.insert(p).second) unrevealed_.emplace_back(p, l);
  std::erase_if(unrevealed_, [&](const std::pair<Pos, sat::Lit>& cell) {
    const Tile& t = board.at(cell.first);
    if (t.hidden()) return false;
    cnf_.add_clause({t.color == Color::blue ? cell.second : ~cell.second});
    return true;
  });
}

sat::Solver& GroupFormula::solver() {
  if (!solver_) {
    // Loaded whole, so the backend can size its arrays and watch lists once.
    solver_ = sat::make_solver(solver_spec_);
    solver_->add_cnf(cnf_);
    loaded_ = cnf_.num_clauses();
  }
  solver_->reserve_vars(cnf_.num_vars());
  for (; loaded_ < cnf_.num_clauses(); ++loaded_) solver_->add_clause(cnf_.clause(loaded_));
  return *solver_;
}

}  // namespace puzzlesat::hexcells

// The formula and solver one group of hidden cells is asked about, kept from round to
// round while the group's cells stay together (problems/hexcells/group_solvers.h decides
// that). A round reveals cells and shows new hints; both only add clauses: a hint
// encoded once stays true as its cells are revealed (they become units here), so the
// next round pays for the new hints and its search, not for encoding and loading the
// group again. A round's symmetry breaking holds under an activation literal and is
// switched off after the round.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/encode.h"
#include "problems/hexcells/encoding_cache.h"
#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::hexcells {

class GroupFormula {
 public:
  // shapes: hints encoded by shape when given (EncodingCache).
  GroupFormula(std::string solver_spec, EncodingCache* shapes) : shapes_(shapes), solver_spec_(std::move(solver_spec)) {}
  GroupFormula(const GroupFormula&) = delete;
  GroupFormula& operator=(const GroupFormula&) = delete;

  // A hint as it is on `board` (its revealed cells constants), once: a hint added in an
  // earlier round is already here. REMAINING goes through add_temporary.
  void add(const Constraint& c, const Board& board);
  // A constraint encoded afresh, for a formula used once (REMAINING over the cells it
  // counts now; its count changes every round, so its shapes rarely repeat: encoded by
  // shape, the corpus took 6.43 G instructions against 6.41 G).
  void add_temporary(const Constraint& c, const Board& board);
  // Cells revealed on `board` since they got a variable here become units.
  void reveal(const Board& board);
  // A clause (a colour the hints force, symmetry breaking under activation()).
  void add_clause(std::initializer_list<sat::Lit> clause) { cnf_.add_clause(clause); }
  // A fresh variable for clauses that hold for one round only.
  sat::Lit activation() {
    sync_vars();
    return cnf_.new_lit();
  }
  sat::Lit cell(Pos p) { return vars_.cell(p); }
  // Every cell that has a variable here.
  const std::map<Pos, sat::Lit>& cells() const { return vars_.all(); }
  // The solver holding every clause added so far.
  sat::Solver& solver();

 private:
  // Variables the solver made itself (sat::chunked_backbone's activation literals) are
  // not the formula's to reuse.
  void sync_vars() {
    if (solver_) cnf_.reserve_vars(solver_->num_vars());
  }

  EncodingCache* shapes_ = nullptr;
  std::string solver_spec_;
  sat::Cnf cnf_;
  CellVars vars_{cnf_, false};
  std::set<Pos> hints_;                       // sources of the hints encoded
  std::set<Pos> listed_;                      // cells that have been in unrevealed_
  std::vector<std::pair<Pos, sat::Lit>> unrevealed_;  // cells not yet units
  std::unique_ptr<sat::Solver> solver_;
  std::size_t loaded_ = 0;  // clauses of cnf_ the solver has
};

}  // namespace puzzlesat::hexcells

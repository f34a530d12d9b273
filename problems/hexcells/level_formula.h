// One solver for the hints of one level across the rounds of play. A round differs from
// the one before only by revealed cells (their colours become unit clauses) and the new
// hints those cells carry (encoded once, when they first appear), so the formula only
// grows: a round's questions pay for search, not for encoding the board again and loading
// a fresh solver. Clauses that hold for one round only (symmetry breaking) go under an
// activation literal and are retired after. Measured slower than fresh solvers per group
// (docs/hexcells-corpus.md, "Issue #22"), so DeduceOptions::incremental is off by default.
#pragma once

#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/encode.h"
#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::hexcells {

class LevelFormula {
 public:
  explicit LevelFormula(std::string solver_spec) : solver_spec_(std::move(solver_spec)) { reset(); }

  // Brings the formula up to `board` (its visible hints are `hints`): units for cells
  // revealed since, nothing else yet (hints are encoded on first use, encode_hint). When
  // the board does not extend the last one (a cell seen revealed is hidden again or of
  // another colour, or a hint encoded earlier is not visible as it was), the formula is
  // started afresh, so it only ever holds constraints the board states.
  void sync(const Board& board, std::span<const Constraint> hints);

  // Adds c's clauses unless they are in already (c must be one of the hints given to the
  // last sync).
  void encode_hint(const Constraint& c);

  sat::Lit cell(Pos p) { return vars_->cell(p); }
  // Adds a clause that holds for good (e.g. a colour the hints force).
  void add_clause(std::initializer_list<sat::Lit> clause) { cnf_->add_clause(clause); }

  // A fresh activation literal: clauses added while it is pushed (push_guard) bind only
  // when it is assumed; retire(a) switches them off for good.
  sat::Lit new_activation() { return cnf_->new_lit(); }
  void push_guard(sat::Lit a) { cnf_->push_guard(a); }
  void pop_guard() { cnf_->pop_guard(); }
  void retire(sat::Lit a) { cnf_->add_unit(~a); }
  // Encodes c (e.g. REMAINING over some cells) under the guards pushed.
  void encode(const Constraint& c);

  // The solver holding every clause added so far.
  sat::Solver& solver();
  // How many times the formula was started afresh (1 after construction).
  int starts() const { return starts_; }

 private:
  void reset();
  static std::string key(const Constraint& c);

  std::string solver_spec_;
  const Board* board_ = nullptr;  // the board of the last sync
  std::unique_ptr<sat::Cnf> cnf_;
  std::unique_ptr<CellVars> vars_;
  std::unique_ptr<sat::Solver> solver_;
  std::size_t loaded_ = 0;
  std::map<std::string, Constraint> encoded_;  // by key(): what each encoded hint was
  std::map<Pos, Color> revealed_;              // revealed cells at the last sync
  int starts_ = 0;
};

}  // namespace puzzlesat::hexcells

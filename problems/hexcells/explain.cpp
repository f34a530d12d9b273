#include "problems/hexcells/explain.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "problems/hexcells/encode.h"
#include <puzzlesat/solver.h>

namespace puzzlesat::hexcells {
namespace {

// Whether the constraints chosen by `on` force `forced` (assuming its negation is unsat);
// on unsat, `on` shrinks to the selectors the solver used.
bool forces(sat::Solver& s, std::vector<sat::Lit>& on, sat::Lit forced) {
  std::vector<sat::Lit> assume = on;
  assume.push_back(~forced);
  if (s.solve(assume) != sat::Status::unsat) return false;
  std::vector<sat::Lit> failed = s.failed_assumptions();
  std::erase_if(on, [&](sat::Lit l) { return std::find(failed.begin(), failed.end(), l) == failed.end(); });
  return true;
}

}  // namespace

std::vector<Reason> explain(const Board& board, const Deduction& d, const std::string& solver_spec) {
  std::vector<Constraint> constraints;
  for (Constraint& c : visible_constraints(board)) {
    bool open = std::any_of(c.slots.begin(), c.slots.end(), [&](const auto& s) { return s && board.at(*s).hidden(); });
    if (open) constraints.push_back(std::move(c));
  }
  sat::Cnf cnf;
  CellVars vars(cnf);
  std::vector<sat::Lit> hint_selectors;
  sat::Lit remaining_selector;
  std::map<int, std::size_t> constraint_of;  // selector variable -> constraint index
  for (std::size_t i = 0; i < constraints.size(); ++i) {
    const Constraint& c = constraints[i];
    sat::Lit sel = cnf.new_lit(c.is_remaining ? "REMAINING" : "hint" + to_string(c.source));
    constraint_of[sel.var().id()] = i;
    sat::Cnf::GuardScope guard(cnf, sel);
    encode(cnf, vars, c, board);
    if (c.is_remaining)
      remaining_selector = sel;
    else
      hint_selectors.push_back(sel);
  }
  auto solver = sat::make_solver(solver_spec);
  solver->add_cnf(cnf);

  std::vector<Reason> reasons;
  for (auto [cells, colour] : {std::pair{&d.blue, Color::blue}, std::pair{&d.black, Color::black}}) {
    for (Pos p : *cells) {
      sat::Lit forced = colour == Color::blue ? vars.cell(p) : ~vars.cell(p);
      // Hints alone first: an explanation without REMAINING is the easier one to follow.
      std::vector<sat::Lit> on = hint_selectors;
      if (!forces(*solver, on, forced)) {
        on = hint_selectors;
        if (remaining_selector.valid()) on.push_back(remaining_selector);
        if (!forces(*solver, on, forced))
          throw std::logic_error("explain: cell " + to_string(p) + " is not forced by the visible hints");
      }
      // Deletion: drop each selector whose constraint is not needed. A selector needed
      // in a larger set stays needed in any subset, so one pass gives a minimal set.
      for (sat::Lit candidate : std::vector<sat::Lit>(on)) {
        if (std::find(on.begin(), on.end(), candidate) == on.end()) continue;
        std::vector<sat::Lit> without = on;
        std::erase(without, candidate);
        if (forces(*solver, without, forced)) on = std::move(without);
      }
      Reason r{p, colour, {}};
      for (sat::Lit sel : on) r.because.push_back(constraints[constraint_of.at(sel.var().id())]);
      reasons.push_back(std::move(r));
    }
  }
  return reasons;
}

}  // namespace puzzlesat::hexcells

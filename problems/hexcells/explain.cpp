#include "problems/hexcells/explain.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "problems/hexcells/remaining_count.h"

namespace puzzlesat::hexcells {
namespace {

// Whether the constraints chosen by `on` force `forced` (unsat: they do; unknown: out of
// budget); on unsat, `on` shrinks to the selectors the solver used.
sat::Status forces(sat::Solver& s, std::vector<sat::Lit>& on, sat::Lit forced) {
  std::vector<sat::Lit> assume = on;
  assume.push_back(~forced);
  const sat::Status status = s.solve(assume);
  if (status != sat::Status::unsat) return status;
  std::vector<sat::Lit> failed = s.failed_assumptions();
  std::erase_if(on, [&](sat::Lit l) { return std::find(failed.begin(), failed.end(), l) == failed.end(); });
  return status;
}

}  // namespace

Explainer::Explainer(const Board& board, const std::string& solver_spec) {
  for (Constraint& c : visible_constraints(board)) {
    bool open = std::any_of(c.slots.begin(), c.slots.end(), [&](const auto& s) { return s && board.at(*s).hidden(); });
    if (open) constraints_.push_back(std::move(c));
  }
  std::vector<sat::Lit> selectors;
  for (std::size_t i = 0; i < constraints_.size(); ++i) {
    const Constraint& c = constraints_[i];
    sat::Lit sel = cnf_.new_lit(c.is_remaining ? "REMAINING" : "hint" + to_string(c.source));
    selectors.push_back(sel);
    constraint_of_[sel.var().id()] = i;
    sat::Cnf::GuardScope guard(cnf_, sel);
    encode(cnf_, vars_, c, board);
    if (c.is_remaining) {
      remaining_selector_ = sel;
      continue;
    }
    std::vector<Pos> hidden;
    for (const auto& q : c.slots)
      if (q && board.at(*q).hidden()) {
        hidden.push_back(*q);
        hints_of_[*q].push_back(hint_selectors_.size());
      }
    hint_selectors_.push_back(sel);
    hint_cells_.push_back(std::move(hidden));
  }
  // Without it, a query over REMAINING and many hints can take CDCL minutes (a pigeonhole
  // sum over separate counters); each piece stays switched by its constraint's selector.
  add_shared_remaining_count(
      cnf_, board, constraints_, [&](Pos p) { return vars_.cell(p); },
      [&](std::size_t i) { return std::optional<sat::Lit>(selectors[i]); });
  solver_ = sat::make_solver(solver_spec);
  solver_->add_cnf(cnf_);
}

sat::Status Explainer::solve_with(std::optional<std::int64_t> conflicts, std::vector<sat::Lit>& on, sat::Lit forced) {
  // Each call sets its own budget, so a bound for one kind of call never has to be undone
  // before the next.
  solver_->set_budget({conflicts ? conflicts : budget_.conflicts, budget_.seconds});
  return forces(*solver_, on, forced);
}

Reason Explainer::reason(Pos p, Color colour, std::size_t good_enough) {
  auto because = try_reason(p, colour, good_enough, false);
  bool ran_out = search_ran_out_;
  if (!because) because = try_reason(p, colour, good_enough, true);
  ran_out = ran_out || search_ran_out_;
  if (because) return {p, colour, std::move(*because), last_minimal_};
  if (!ran_out) throw std::logic_error("explain: cell " + to_string(p) + " is not forced by the visible hints");
  return {p, colour, constraints_, false, true};
}

std::optional<std::vector<Constraint>> Explainer::try_reason(Pos p, Color colour, std::size_t good_enough,
                                                              bool use_remaining, int hops) {
  sat::Lit forced = colour == Color::blue ? vars_.cell(p) : ~vars_.cell(p);
  std::vector<sat::Lit> on;
  if (hops < 0) {
    on = hint_selectors_;
  } else {
    // Breadth-first over hints, linked by shared hidden cells.
    std::vector<bool> taken(hint_selectors_.size(), false);
    std::vector<std::size_t> layer;
    for (std::size_t h : hints_of_[p]) taken[h] = true, layer.push_back(h);
    for (int depth = 0; depth < hops && !layer.empty(); ++depth) {
      std::vector<std::size_t> next;
      for (std::size_t h : layer)
        for (Pos q : hint_cells_[h])
          for (std::size_t g : hints_of_[q])
            if (!taken[g]) taken[g] = true, next.push_back(g);
      layer = std::move(next);
    }
    for (std::size_t h = 0; h < hint_selectors_.size(); ++h)
      if (taken[h]) on.push_back(hint_selectors_[h]);
  }
  if (use_remaining && remaining_selector_.valid()) on.push_back(remaining_selector_);
  const sat::Status found = solve_with(search_budget_, on, forced);
  search_ran_out_ = found == sat::Status::unknown;
  if (found != sat::Status::unsat) return std::nullopt;
  last_minimal_ = true;
  // Deletion: drop each selector whose constraint is not needed. A selector needed in a
  // larger set stays needed in any subset, so one pass gives a minimal set.
  for (sat::Lit candidate : std::vector<sat::Lit>(on)) {
    if (on.size() <= good_enough) {
      last_minimal_ = false;  // good enough, not shown minimal
      break;
    }
    // REMAINING stays: the hints alone were found not to force the cell.
    if (candidate == remaining_selector_ || std::find(on.begin(), on.end(), candidate) == on.end()) continue;
    std::vector<sat::Lit> without = on;
    std::erase(without, candidate);
    const sat::Status status = solve_with(deletion_budget_, without, forced);
    if (status == sat::Status::unsat) on = std::move(without);
    if (status == sat::Status::unknown) last_minimal_ = false;
  }
  std::vector<Constraint> because;
  for (sat::Lit sel : on) because.push_back(constraints_[constraint_of_.at(sel.var().id())]);
  return because;
}

std::vector<Reason> explain(const Board& board, const Deduction& d, const std::string& solver_spec,
                            std::int64_t deletion_conflicts, std::int64_t search_conflicts) {
  Explainer explainer(board, solver_spec);
  if (deletion_conflicts > 0) explainer.set_deletion_budget(deletion_conflicts);
  if (search_conflicts > 0) explainer.set_search_budget(search_conflicts);
  std::vector<Reason> reasons;
  for (auto [cells, colour] : {std::pair{&d.blue, Color::blue}, std::pair{&d.black, Color::black}})
    for (Pos p : *cells) reasons.push_back(explainer.reason(p, colour));
  return reasons;
}

}  // namespace puzzlesat::hexcells

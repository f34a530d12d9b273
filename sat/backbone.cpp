#include "sat/backbone.h"

#include <algorithm>

namespace puzzlesat::sat {

namespace {

enum class Verdict : unsigned char { open, forced, free };

}  // namespace

BackboneResult compute_backbone(Solver& s, std::span<const Lit> candidates,
                                std::span<const Lit> assumptions) {
  BackboneResult result;
  int max_var = 0;
  for (Lit c : candidates) max_var = std::max(max_var, c.var().id());
  // An unconstrained candidate must still be a solver variable, so models give it a value.
  if (max_var > s.num_vars()) s.reserve_vars(max_var);

  std::vector<Lit> assume(assumptions.begin(), assumptions.end());
  Status status = s.solve(assume);
  ++result.solver_calls;
  if (status != Status::sat) {
    result.status = status;
    return result;
  }

  // Per variable: the polarity the first model gives it (the only one that can be forced).
  std::vector<Lit> guess(static_cast<std::size_t>(max_var) + 1);
  std::vector<Verdict> verdict(static_cast<std::size_t>(max_var) + 1, Verdict::open);
  std::vector<Var> open;  // distinct candidate variables, in candidate order
  for (Lit c : candidates) {
    auto v = static_cast<std::size_t>(c.var().id());
    if (guess[v].valid()) continue;
    guess[v] = Lit(c.var(), !s.model_value(c.var()));
    open.push_back(c.var());
  }

  // Steer every model towards contradicting the open guesses, so one Sat answer clears
  // many candidates instead of the one it was asked about.
  for (Var v : open) s.set_phase(~guess[static_cast<std::size_t>(v.id())]);

  const bool unconditional = assumptions.empty();
  for (std::size_t i = 0; i < open.size(); ++i) {
    auto v = static_cast<std::size_t>(open[i].id());
    if (verdict[v] != Verdict::open) continue;
    assume.push_back(~guess[v]);
    status = s.solve(assume);
    ++result.solver_calls;
    assume.pop_back();
    if (status == Status::unknown) break;
    if (status == Status::unsat) {
      verdict[v] = Verdict::forced;
      // Implied by the formula (and assumptions), so stating it cannot change the models
      // but spares later calls from re-deriving it.
      if (unconditional) {
        s.add_clause({guess[v]});
      } else {
        assume.push_back(guess[v]);
      }
      continue;
    }
    // A model with ~guess[v]: it clears v and every later open candidate it contradicts
    // (all earlier ones are already decided).
    verdict[v] = Verdict::free;
    for (std::size_t j = i + 1; j < open.size(); ++j) {
      auto w = static_cast<std::size_t>(open[j].id());
      if (verdict[w] == Verdict::open && !s.model_value(guess[w])) verdict[w] = Verdict::free;
    }
  }
  for (Var v : open) s.clear_phase(v);
  result.status = status == Status::unknown ? Status::unknown : Status::sat;

  for (Lit c : candidates) {
    auto v = static_cast<std::size_t>(c.var().id());
    if (verdict[v] == Verdict::forced) result.forced.push_back(guess[v]);
    if (verdict[v] == Verdict::free) result.free.push_back(c);
  }
  return result;
}

}  // namespace puzzlesat::sat

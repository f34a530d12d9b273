#include <puzzlesat/chunked_backbone.h>

#include <algorithm>

namespace puzzlesat::sat {

BackboneResult chunked_backbone(Solver& s, std::span<const Lit> candidates, std::span<const Lit> assumptions) {
  BackboneResult result;
  int max_var = 0;
  for (Lit c : candidates) max_var = std::max(max_var, c.var().id());
  if (max_var > s.num_vars()) s.reserve_vars(max_var);
  ++result.solver_calls;
  std::vector<Lit> assume(assumptions.begin(), assumptions.end());
  Status status = s.solve(assume);
  if (status != Status::sat) {
    result.status = status;
    return result;
  }
  // The value each candidate has in every model so far; a candidate is open while no
  // model has shown it the other way.
  std::vector<Lit> open;  // the polarity seen so far
  for (Lit c : candidates) open.push_back(s.model_value(c) ? c : ~c);
  // Steer models towards flipping open candidates, so one Sat answer clears many.
  for (Lit g : open) s.set_phase(~g);
  std::vector<Lit> forced;
  while (!open.empty()) {
    Lit act(s.new_var());
    std::vector<Lit> clause{~act};
    for (Lit g : open) clause.push_back(~g);
    s.add_clause(clause);
    ++result.solver_calls;
    assume.push_back(act);
    status = s.solve(assume);
    assume.pop_back();
    s.add_clause({~act});
    if (status == Status::unknown) break;
    if (status == Status::unsat) {
      forced = open;
      open.clear();
      break;
    }
    std::erase_if(open, [&](Lit g) { return !s.model_value(g); });
  }
  for (Lit c : candidates) s.clear_phase(c.var());
  result.status = status == Status::unknown ? Status::unknown : Status::sat;
  if (assumptions.empty())
    for (Lit f : forced) s.add_clause({f});
  // Report in candidate order, as compute_backbone does.
  for (Lit c : candidates) {
    auto it = std::find_if(forced.begin(), forced.end(), [&](Lit f) { return f.var() == c.var(); });
    if (it != forced.end())
      result.forced.push_back(*it);
    else if (result.status == Status::sat)
      result.free.push_back(c);
  }
  return result;
}

}  // namespace puzzlesat::sat

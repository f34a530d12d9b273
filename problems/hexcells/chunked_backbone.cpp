#include "problems/hexcells/chunked_backbone.h"

#include <algorithm>

namespace puzzlesat::hexcells {

sat::BackboneResult chunked_backbone(sat::Solver& s, std::span<const sat::Lit> candidates) {
  sat::BackboneResult result;
  int max_var = 0;
  for (sat::Lit c : candidates) max_var = std::max(max_var, c.var().id());
  if (max_var > s.num_vars()) s.reserve_vars(max_var);
  ++result.solver_calls;
  sat::Status status = s.solve();
  if (status != sat::Status::sat) {
    result.status = status;
    return result;
  }
  // The value each candidate has in every model so far; a candidate is open while no
  // model has shown it the other way.
  std::vector<sat::Lit> open;  // the polarity seen so far
  for (sat::Lit c : candidates) open.push_back(s.model_value(c) ? c : ~c);
  std::vector<sat::Lit> forced;
  while (!open.empty()) {
    sat::Lit act(s.new_var());
    std::vector<sat::Lit> clause{~act};
    for (sat::Lit g : open) clause.push_back(~g);
    s.add_clause(clause);
    ++result.solver_calls;
    status = s.solve({act});
    s.add_clause({~act});
    if (status == sat::Status::unknown) break;
    if (status == sat::Status::unsat) {
      forced = open;
      open.clear();
      break;
    }
    std::erase_if(open, [&](sat::Lit g) { return !s.model_value(g); });
  }
  result.status = status == sat::Status::unknown ? sat::Status::unknown : sat::Status::sat;
  for (sat::Lit f : forced) s.add_clause({f});
  // Report in candidate order, as compute_backbone does.
  for (sat::Lit c : candidates) {
    auto it = std::find_if(forced.begin(), forced.end(), [&](sat::Lit f) { return f.var() == c.var(); });
    if (it != forced.end())
      result.forced.push_back(*it);
    else if (result.status == sat::Status::sat)
      result.free.push_back(c);
  }
  return result;
}

}  // namespace puzzlesat::hexcells

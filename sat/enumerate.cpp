#include <puzzlesat/enumerate.h>

#include <algorithm>

namespace puzzlesat::sat {

EnumerationResult enumerate_models(Solver& s, std::span<const Var> projection, std::size_t limit,
                                   std::span<const Lit> assumptions) {
  EnumerationResult result;
  int max_var = 0;
  for (Var v : projection) max_var = std::max(max_var, v.id());
  for (Lit l : assumptions) max_var = std::max(max_var, l.var().id());
  // Every variable we talk about must exist before the activation variable is taken.
  if (max_var > s.num_vars()) s.reserve_vars(max_var);
  const Lit active(s.new_var());

  std::vector<Lit> assume(assumptions.begin(), assumptions.end());
  assume.push_back(active);
  std::vector<Lit> blocking;
  for (;;) {
    Status status = s.solve(assume);
    ++result.solver_calls;
    if (status == Status::unsat) result.complete = true;
    if (status != Status::sat || result.models.size() == limit) break;

    std::vector<Lit> model;
    model.reserve(projection.size());
    blocking.assign(1, ~active);
    for (Var v : projection) {
      Lit l(v, !s.model_value(v));
      model.push_back(l);
      blocking.push_back(~l);
    }
    result.models.push_back(std::move(model));
    s.add_clause(blocking);
  }
  s.add_clause({~active});
  return result;
}

}  // namespace puzzlesat::sat

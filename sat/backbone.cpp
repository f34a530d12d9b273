#include <puzzlesat/backbone.h>

#include <algorithm>

namespace puzzlesat::sat {

namespace {

enum class Verdict : unsigned char { open, forced, free };

}  // namespace

BackboneResult compute_implied(Solver& s, std::span<const Lit> candidates, std::span<const Lit> assumptions) {
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

  // Distinct candidate literals in candidate order; the first model already clears
  // every one it makes false.
  std::vector<Lit> open;
  std::vector<Verdict> by_code(2 * static_cast<std::size_t>(max_var) + 2, Verdict::open);
  std::vector<bool> seen(by_code.size(), false);
  auto verdict = [&](Lit l) -> Verdict& { return by_code[l.code()]; };
  for (Lit c : candidates) {
    if (seen[c.code()]) continue;
    seen[c.code()] = true;
    if (s.model_value(c))
      open.push_back(c);
    else
      verdict(c) = Verdict::free;
  }

  // Steer every model towards contradicting the open guesses, so one Sat answer clears
  // many candidates instead of the one it was asked about.
  for (Lit l : open) s.set_phase(~l);

  const bool unconditional = assumptions.empty();
  for (std::size_t i = 0; i < open.size(); ++i) {
    Lit l = open[i];
    if (verdict(l) != Verdict::open) continue;
    assume.push_back(~l);
    status = s.solve(assume);
    ++result.solver_calls;
    assume.pop_back();
    if (status == Status::unknown) break;
    if (status == Status::unsat) {
      verdict(l) = Verdict::forced;
      // Implied by the formula (and assumptions), so stating it cannot change the models
      // but spares later calls from re-deriving it.
      if (unconditional)
        s.add_clause({l});
      else
        assume.push_back(l);
      continue;
    }
    // A model with ~l: it clears l and every later open candidate it contradicts (all
    // earlier ones are already decided).
    verdict(l) = Verdict::free;
    for (std::size_t j = i + 1; j < open.size(); ++j)
      if (verdict(open[j]) == Verdict::open && !s.model_value(open[j])) verdict(open[j]) = Verdict::free;
  }
  for (Lit l : open) s.clear_phase(l.var());
  result.status = status == Status::unknown ? Status::unknown : Status::sat;
  for (Lit c : candidates) {
    if (verdict(c) == Verdict::forced) result.forced.push_back(c);
    if (verdict(c) == Verdict::free) result.free.push_back(c);
  }
  return result;
}

BackboneResult compute_backbone(Solver& s, std::span<const Lit> candidates, std::span<const Lit> assumptions) {
  // A variable is in the backbone iff one of its two literals is implied; the first model
  // clears one of them, so this costs what deciding the variable directly would.
  std::vector<Lit> both;
  for (Lit c : candidates) {
    both.push_back(Lit(c.var()));
    both.push_back(~Lit(c.var()));
  }
  BackboneResult implied = compute_implied(s, both, assumptions);
  BackboneResult result;
  result.status = implied.status;
  result.solver_calls = implied.solver_calls;
  std::size_t size = 0;
  for (Lit c : candidates) size = std::max<std::size_t>(size, c.code() + 2);
  std::vector<Verdict> by_code(size, Verdict::open);
  for (Lit l : implied.forced) by_code[l.code()] = Verdict::forced;
  for (Lit l : implied.free) by_code[l.code()] = Verdict::free;
  for (Lit c : candidates) {
    Lit pos(c.var());
    if (by_code[pos.code()] == Verdict::forced)
      result.forced.push_back(pos);
    else if (by_code[(~pos).code()] == Verdict::forced)
      result.forced.push_back(~pos);
    else if (by_code[pos.code()] == Verdict::free && by_code[(~pos).code()] == Verdict::free)
      result.free.push_back(c);
  }
  return result;
}

}  // namespace puzzlesat::sat

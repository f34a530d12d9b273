#include <puzzlesat/probe.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace puzzlesat::sat {

ProbeResult probe(Solver& solver, std::span<const Var> vars, const ProbeOptions& options) {
  if (!solver.can_propagate()) throw std::logic_error("probe: the " + solver.name() + " backend cannot propagate");
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto out_of_time = [&] {
    return options.seconds > 0 && std::chrono::duration<double>(Clock::now() - start).count() > options.seconds;
  };
  ProbeResult r;
  Var largest(0);
  for (Var v : vars) largest = std::max(largest, v, [](Var a, Var b) { return a.id() < b.id(); });
  std::vector<char> settled(static_cast<std::size_t>(largest.id()) + 1, 0);  // per variable: a fact, not probed again
  std::vector<char> marked;   // per literal code: implied by the positive branch
  auto add_fact = [&](Lit l) {
    solver.add_clause({l});
    r.facts.push_back(l);
  };
  for (bool found = true; found;) {
    found = false;
    ++r.rounds;
    for (Var v : vars) {
      if (out_of_time()) {
        r.complete = false;
        return r;
      }
      if (settled[static_cast<std::size_t>(v.id())]) continue;
      const Lit x(v, false);
      const Lit not_x = ~x;
      const Solver::Propagation pos = solver.propagate(std::span<const Lit>(&x, 1));
      const Solver::Propagation neg = solver.propagate(std::span<const Lit>(&not_x, 1));
      r.propagations += 2;
      if (pos.conflict && neg.conflict) {
        r.unsat = true;
        return r;
      }
      // A branch that sets nothing, not even v, means v is a fact already (and the other
      // branch conflicts); a branch that conflicts makes the other value a new fact.
      const bool known = (!pos.conflict && pos.implied.empty()) || (!neg.conflict && neg.implied.empty());
      if (known || pos.conflict || neg.conflict) {
        if (!known) {
          add_fact(pos.conflict ? ~x : x);
          found = true;
        }
        settled[static_cast<std::size_t>(v.id())] = 1;
        continue;
      }
      // Both ways consistent: what both imply holds in every model.
      marked.resize(2 * static_cast<std::size_t>(solver.num_vars() + 1), 0);
      for (Lit l : pos.implied) marked[l.code()] = 1;
      for (Lit l : neg.implied)
        if (l.var() != v && marked[l.code()]) {
          add_fact(l);
          found = true;
        }
      for (Lit l : pos.implied) marked[l.code()] = 0;
    }
  }
  return r;
}

}  // namespace puzzlesat::sat

// Failed-literal probing: facts a formula implies that unit propagation from the root
// does not see, found by trying each variable both ways with propagation alone (no
// search). If x propagates to a conflict, ~x is a fact; if x and ~x both imply l, l is
// a fact. Each fact found goes into the solver as a unit clause, which may expose more,
// so rounds repeat until one finds nothing.
//
// Why: CDCL branches on one literal and learns from conflicts, but it never looks at
// both branches of a choice side by side. On puzzles whose clues are arc-consistent
// constraints (a nonogram's lines), probing is the "try both ways" step of human and
// tournament solvers and settles most cells that line-by-line logic leaves open,
// leaving CDCL a much smaller search. Needs a backend that can_propagate() (MiniSat).
//
//   auto solver = sat::make_solver();
//   solver->add_cnf(cnf);
//   sat::ProbeResult r = sat::probe(*solver, cells);   // r.facts: literals now units
//   if (!r.unsat) solver->solve();                     // searches what probing left
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <puzzlesat/lit.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

struct ProbeOptions {
  double seconds = 0;  // stop after this much time (0: until a round finds nothing)
};

struct ProbeResult {
  bool unsat = false;      // both ways of some variable conflict: the formula has no model
  bool complete = true;    // false: time ran out before a round found nothing
  std::vector<Lit> facts;  // units added to the solver, in the order found
  int rounds = 0;
  std::uint64_t propagations = 0;  // propagate() calls
};

// Probes `vars` (each both ways) on `solver`, which must can_propagate(). Sound whatever
// the budget: every fact returned is implied by the solver's clauses.
ProbeResult probe(Solver& solver, std::span<const Var> vars, const ProbeOptions& options = {});

}  // namespace puzzlesat::sat

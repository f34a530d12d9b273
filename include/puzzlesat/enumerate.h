// Model enumeration: every model of a formula (under assumptions) projected onto chosen
// variables, each projected model reported once. Used to count solutions, to show that
// a puzzle's solution is unique, or to list all answers.
//
//   sat::EnumerationResult r = sat::enumerate_models(*solver, projection, 100);
//   for (const auto& model : r.models) ...;   // r.complete: no model left out
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include <puzzlesat/lit.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

inline constexpr std::size_t kNoLimit = std::numeric_limits<std::size_t>::max();

struct EnumerationResult {
  // Distinct projected models: one literal per projection variable, in projection order.
  std::vector<std::vector<Lit>> models;
  // True when `models` holds every projected model (false when the limit was reached
  // with more models left, or a budget/interrupt stopped the search).
  bool complete = false;
  int solver_calls = 0;
};

// Finds up to `limit` projected models (kNoLimit for all) by blocking each one found.
// The blocking clauses carry a fresh activation literal that is assumed during the
// enumeration and switched off for good (a unit clause) at the end, so afterwards the
// solver has the same models on its own variables as before. The solver gains that one
// variable: a Cnf that keeps adding to this solver should call
// cnf.reserve_vars(s.num_vars()) before making new variables.
// When `limit` models are found, one more call settles `complete`.
EnumerationResult enumerate_models(Solver& s, std::span<const Var> projection, std::size_t limit,
                                   std::span<const Lit> assumptions = {});

}  // namespace puzzlesat::sat

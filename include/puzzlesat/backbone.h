// Backbone: which literals hold in every model of a formula (under assumptions). This is
// "deduction by contradiction" in general form: a literal is forced iff assuming its
// negation is unsatisfiable. Models found along the way rule candidates out for free, so
// only the survivors cost a solver call each.
//
//   auto solver = sat::make_solver();
//   solver->add_cnf(cnf);
//   sat::BackboneResult r = sat::compute_backbone(*solver, cells);  // r.forced, r.free
#pragma once

#include <functional>
#include <span>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/lit.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

struct BackboneResult {
  // sat: forced and free partition the candidates. unsat: no model, both lists empty.
  // unknown: a budget or interrupt stopped the search; the lists hold what was settled.
  Status status = Status::unknown;
  // For each candidate c whose variable takes one value in every model: c when c is
  // true in every model, ~c when c is false in every model. In candidate order.
  std::vector<Lit> forced;
  // Candidates (as given) whose variable takes both values across models.
  std::vector<Lit> free;
  int solver_calls = 0;
};

// Decides every candidate with model-based filtering: the first model fixes each
// candidate's only possible forced polarity, every later model clears the candidates it
// contradicts, and each survivor costs one call with its negation assumed. At most
// 1 + (number of distinct candidate variables) calls. Candidates naming the same variable
// are decided once.
//
// The solver stays usable: when there are no assumptions, forced literals are added as
// unit clauses (they hold in every model, so the models do not change); otherwise
// nothing is added. The solver's budget applies to each call.
//
// formula, when given, must hold every clause the solver holds (e.g. the Cnf it was
// loaded from). Each model is then walked to neighbouring models by flipping candidates
// that no clause needs (each clause with the candidate true has another true literal),
// which clears them without a call: on 1,000-variable random 3-SAT this saves most calls.
BackboneResult compute_backbone(Solver& s, std::span<const Lit> candidates,
                                std::span<const Lit> assumptions = {}, const Cnf* formula = nullptr);

// The same for literals rather than variables: which candidate literals are true in every
// model. Only the given polarity is asked, so a model with c false settles c without a
// call, and proving ~c is never attempted (pass both c and ~c to ask both). For callers
// to whom only one polarity of some variables means anything. forced: the candidates
// true in every model; free: those false in some model; both in candidate order. At
// most 1 + (number of distinct candidate literals) calls; units and assumptions as above.
//
// on_model, if given, runs after every solver call that finds a model, while the solver
// still holds it (s.model_value): a caller that asks similar questions again (the next
// round of a puzzle) can keep the models and settle candidates with them for free.
BackboneResult compute_implied(Solver& s, std::span<const Lit> candidates,
                               std::span<const Lit> assumptions = {}, const Cnf* formula = nullptr,
                               const std::function<void()>& on_model = {});

}  // namespace puzzlesat::sat

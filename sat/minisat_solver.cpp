#include "sat/minisat_solver.h"

#include <minisat/core/Solver.h>  // defines l_True/l_False as macros

#include <algorithm>
#include <chrono>
#include <utility>
#include <optional>

#include "sat/deadline.h"

namespace puzzlesat::sat {

// MiniSat 2.2 spells l_True/l_False as macros over an unqualified `lbool`.
using Minisat::lbool;

// Minisat::Solver with its protected arrays in reach. MiniSat grows its per-variable
// arrays and watch lists one element at a time (newVar, attachClause); on a formula of a
// few hundred clauses those reallocations cost as much as the search itself (a SET board
// proof), so add_cnf sizes them once for the whole formula.
struct MinisatCore : Minisat::Solver {
  void reserve_arrays(int vars) {
    assigns.capacity(vars);
    vardata.capacity(vars);
    activity.capacity(vars);
    seen.capacity(vars);
    polarity.capacity(vars);
    user_pol.capacity(vars);
    decision.capacity(vars);
    trail.capacity(vars);
  }
  // Room for `extra` more watchers on literal l and `extra_clauses` more clauses.
  void reserve_watches(Minisat::Lit l, int extra) {
    auto& ws = watches[l];
    ws.capacity(ws.size() + extra);
  }
  void reserve_clauses(int extra_clauses) { clauses.capacity(clauses.size() + extra_clauses); }
  bool is_decision(int v) const { return decision[v] != 0; }

  // Assumptions on one new decision level, propagated, then undone: the trail above level 0
  // is what they imply. false on a conflict. (solve() always returns at level 0.)
  bool propagate_under(const Minisat::vec<Minisat::Lit>& assumptions, std::vector<Minisat::Lit>& implied) {
    implied.clear();
    if (!okay()) return false;
    const int start = trail.size();
    newDecisionLevel();
    bool consistent = true;
    for (int i = 0; i < assumptions.size() && consistent; ++i) {
      const Minisat::Lit a = assumptions[i];
      if (value(a) == l_False) consistent = false;
      else if (value(a) == l_Undef) uncheckedEnqueue(a);
    }
    if (consistent) consistent = Solver::propagate() == Minisat::CRef_Undef;
    if (consistent)
      for (int i = start; i < trail.size(); ++i) implied.push_back(trail[i]);
    cancelUntil(0);
    return consistent;
  }
};

namespace {

// Our variable v (from 1) is MiniSat's variable v - 1.
Minisat::Lit to_minisat(Lit l) { return Minisat::mkLit(l.var().id() - 1, l.negated()); }
Lit from_minisat(Minisat::Lit l) { return Lit(Var(Minisat::var(l) + 1), Minisat::sign(l)); }

}  // namespace

struct MinisatSolver::Impl {
  MinisatCore solver;
  Minisat::vec<Minisat::Lit> scratch;
  std::vector<int> watch_counts;  // add_cnf's per-literal tally, kept to reuse its memory

  // The literals in MiniSat's terms, in the reused scratch vector; their variables exist.
  Minisat::vec<Minisat::Lit>& to_scratch(std::span<const Lit> lits) {
    scratch.clear();
    for (Lit l : lits) {
      while (solver.nVars() < l.var().id()) solver.newVar();
      scratch.push(to_minisat(l));
    }
    return scratch;
  }
};

MinisatSolver::MinisatSolver() : impl_(std::make_unique<Impl>()) {}
MinisatSolver::~MinisatSolver() = default;

void MinisatSolver::reserve_vars(int n) {
  while (impl_->solver.nVars() < n) impl_->solver.newVar();
}

int MinisatSolver::num_vars() const { return impl_->solver.nVars(); }

void MinisatSolver::add_cnf(const Cnf& cnf) {
  auto& s = impl_->solver;
  if (cnf.num_vars() > s.nVars()) {
    s.reserve_arrays(cnf.num_vars());
    while (s.nVars() < cnf.num_vars()) s.newVar();
  }
  // MiniSat watches each clause on its two smallest literals (it sorts a clause before
  // attaching it), in the lists of their complements. Units and clauses already
  // satisfied at level 0 are watched less; then the tally merely over-reserves.
  auto& count = impl_->watch_counts;
  count.assign(2 * static_cast<std::size_t>(s.nVars()), 0);
  for (std::span<const Lit> clause : cnf.clauses()) {
    if (clause.size() < 2) continue;
    Minisat::Lit first = to_minisat(clause[0]), second = to_minisat(clause[1]);
    if (second < first) std::swap(first, second);
    for (Lit l : clause.subspan(2)) {
      Minisat::Lit m = to_minisat(l);
      if (m < first) second = first, first = m;
      else if (m < second && m != first) second = m;
    }
    ++count[static_cast<std::size_t>(Minisat::toInt(~first))];
    ++count[static_cast<std::size_t>(Minisat::toInt(~second))];
  }
  for (std::size_t i = 0; i < count.size(); ++i) {
    if (count[i] > 0) s.reserve_watches(Minisat::toLit(static_cast<int>(i)), count[i]);
  }
  s.reserve_clauses(static_cast<int>(cnf.num_clauses()));
  for (std::span<const Lit> clause : cnf.clauses()) add_clause(clause);
}

void MinisatSolver::add_clause(std::span<const Lit> clause) {
  impl_->solver.addClause_(impl_->to_scratch(clause));  // it may reorder or shrink scratch
}

namespace {
// The restricted search stops once every decision variable is set; a variable that
// propagation did not reach is then l_Undef in the model. Search again with the decision
// variables' values assumed and every variable a decision, which only fills in the rest
// (or, if the rest cannot be filled, falls back to an unrestricted search).
Minisat::lbool complete_model(MinisatCore& s, const Minisat::vec<Minisat::Lit>& assumptions) {
  bool partial = false;
  for (int v = 0; v < s.model.size() && !partial; ++v) partial = s.model[v] == l_Undef;
  if (!partial) return l_True;
  Minisat::vec<Minisat::Lit> fixed;
  assumptions.copyTo(fixed);
  for (int v = 0; v < s.model.size(); ++v)
    if (s.model[v] != l_Undef && s.is_decision(v)) fixed.push(Minisat::mkLit(v, s.model[v] == l_False));
  std::vector<int> restricted;
  for (int v = 0; v < s.nVars(); ++v)
    if (!s.is_decision(v)) restricted.push_back(v), s.setDecisionVar(v, true);
  Minisat::lbool r = s.solveLimited(fixed);
  if (r == l_False) r = s.solveLimited(assumptions);
  for (int v : restricted) s.setDecisionVar(v, false);
  return r;
}
}  // namespace

Status MinisatSolver::solve(std::span<const Lit> assumptions) {
  auto start = std::chrono::steady_clock::now();
  ++solves_;  // MiniSat's own count skips calls on an already inconsistent formula
  auto& s = impl_->solver;
  const auto& a = impl_->to_scratch(assumptions);
  s.clearInterrupt();
  s.budgetOff();
  if (budget_.conflicts) s.setConfBudget(*budget_.conflicts);
  std::optional<Deadline> deadline;
  if (budget_.seconds) deadline.emplace(*budget_.seconds, [this] { impl_->solver.interrupt(); });
  Minisat::lbool r = s.solveLimited(a);
  if (r == l_True && restricted_) r = complete_model(s, a);
  deadline.reset();
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (r == l_True) return Status::sat;
  if (r == l_False) return Status::unsat;
  return Status::unknown;
}

bool MinisatSolver::model_value(Var v) const {
  const auto& model = impl_->solver.model;
  int i = v.id() - 1;
  return i >= 0 && i < model.size() && model[i] == l_True;
}

void MinisatSolver::read_model(std::span<char> out) const {
  const auto& model = impl_->solver.model;
  const std::size_t known = std::min(out.size(), static_cast<std::size_t>(model.size()));
  for (std::size_t i = 0; i < known; ++i) out[i] = model[static_cast<int>(i)] == l_True;
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(known), out.end(), 0);
}

int MinisatSolver::fixed(Lit l) const {
  // Between calls MiniSat sits at decision level 0, so every assigned value is a root fact.
  const auto& s = impl_->solver;
  if (!s.okay() || l.var().id() > s.nVars()) return 0;
  const Minisat::lbool v = s.value(to_minisat(l));
  return v == l_True ? 1 : v == l_False ? -1 : 0;
}

std::vector<Lit> MinisatSolver::failed_assumptions() const {
  // MiniSat's `conflict` holds the negations of the failed assumptions.
  std::vector<Lit> core;
  const auto& conflict = impl_->solver.conflict;
  core.reserve(static_cast<std::size_t>(conflict.size()));
  for (int i = 0; i < conflict.size(); ++i) core.push_back(~from_minisat(conflict[i]));
  return core;
}

// MiniSat's user polarity is the sign of the literal to decide: l_True picks the negation.
void MinisatSolver::set_phase(Lit l) {
  reserve_vars(l.var().id());
  impl_->solver.setPolarity(l.var().id() - 1, Minisat::lbool(l.negated()));
}

void MinisatSolver::clear_phase(Var v) {
  if (v.id() <= num_vars()) impl_->solver.setPolarity(v.id() - 1, l_Undef);
}

Solver::Propagation MinisatSolver::propagate(std::span<const Lit> assumptions) {
  std::vector<Minisat::Lit> implied;
  Propagation out;
  out.conflict = !impl_->solver.propagate_under(impl_->to_scratch(assumptions), implied);
  out.implied.reserve(implied.size());
  for (Minisat::Lit l : implied) out.implied.push_back(from_minisat(l));
  return out;
}

void MinisatSolver::set_decision_vars(std::span<const Var> vars) {
  auto& s = impl_->solver;
  for (Var v : vars) reserve_vars(v.id());
  restricted_ = !vars.empty();
  std::vector<char> decide(static_cast<std::size_t>(s.nVars()), restricted_ ? 0 : 1);
  for (Var v : vars) decide[static_cast<std::size_t>(v.id() - 1)] = 1;
  for (int v = 0; v < s.nVars(); ++v) s.setDecisionVar(v, decide[static_cast<std::size_t>(v)] != 0);
}

void MinisatSolver::interrupt() { impl_->solver.interrupt(); }

SolverStats MinisatSolver::stats() const {
  const auto& s = impl_->solver;
  return {solves_, s.conflicts, s.decisions, s.propagations, seconds_};
}

}  // namespace puzzlesat::sat

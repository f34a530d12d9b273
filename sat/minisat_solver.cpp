#include "sat/minisat_solver.h"

#include <minisat/core/Solver.h>  // defines l_True/l_False as macros

#include <chrono>
#include <optional>

#include "sat/deadline.h"

namespace puzzlesat::sat {

// MiniSat 2.2 spells l_True/l_False as macros over an unqualified `lbool`.
using Minisat::lbool;

struct MinisatSolver::Impl {
  Minisat::Solver solver;
  Minisat::vec<Minisat::Lit> scratch;
};

namespace {

// Our variable v (from 1) is MiniSat's variable v - 1.
Minisat::Lit to_minisat(Lit l) { return Minisat::mkLit(l.var().id() - 1, l.negated()); }
Lit from_minisat(Minisat::Lit l) { return Lit(Var(Minisat::var(l) + 1), Minisat::sign(l)); }

}  // namespace

MinisatSolver::MinisatSolver() : impl_(std::make_unique<Impl>()) {}
MinisatSolver::~MinisatSolver() = default;

void MinisatSolver::reserve_vars(int n) {
  while (impl_->solver.nVars() < n) impl_->solver.newVar();
}

int MinisatSolver::num_vars() const { return impl_->solver.nVars(); }

void MinisatSolver::add_clause(std::span<const Lit> clause) {
  auto& s = impl_->solver;
  auto& c = impl_->scratch;
  c.clear();
  for (Lit l : clause) {
    while (s.nVars() < l.var().id()) s.newVar();
    c.push(to_minisat(l));
  }
  s.addClause_(c);  // addClause_ may reorder or shrink c; it is scratch space
}

Status MinisatSolver::solve(std::span<const Lit> assumptions) {
  auto start = std::chrono::steady_clock::now();
  ++solves_;  // MiniSat's own count skips calls on an already inconsistent formula
  auto& s = impl_->solver;
  auto& a = impl_->scratch;
  a.clear();
  for (Lit l : assumptions) {
    while (s.nVars() < l.var().id()) s.newVar();
    a.push(to_minisat(l));
  }
  s.clearInterrupt();
  s.budgetOff();
  if (budget_.conflicts) s.setConfBudget(*budget_.conflicts);
  std::optional<Deadline> deadline;
  if (budget_.seconds) deadline.emplace(*budget_.seconds, [this] { impl_->solver.interrupt(); });
  Minisat::lbool r = s.solveLimited(a);
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

std::vector<Lit> MinisatSolver::failed_assumptions() const {
  // MiniSat's `conflict` holds the negations of the failed assumptions.
  std::vector<Lit> core;
  const auto& conflict = impl_->solver.conflict;
  core.reserve(static_cast<std::size_t>(conflict.size()));
  for (int i = 0; i < conflict.size(); ++i) core.push_back(~from_minisat(conflict[i]));
  return core;
}

void MinisatSolver::interrupt() { impl_->solver.interrupt(); }

SolverStats MinisatSolver::stats() const {
  const auto& s = impl_->solver;
  return {solves_, s.conflicts, s.decisions, s.propagations, seconds_};
}

}  // namespace puzzlesat::sat

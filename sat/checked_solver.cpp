#include "sat/checked_solver.h"

#include <stdexcept>

namespace puzzlesat::sat {

void CheckedSolver::reserve_vars(int n) {
  clauses_.reserve_vars(n);
  backend_->reserve_vars(n);
}

void CheckedSolver::add_clause(std::span<const Lit> clause) {
  for (Lit l : clause) clauses_.reserve_vars(l.var().id());
  clauses_.add_clause(clause);
  backend_->add_clause(clause);
}

void CheckedSolver::add_cnf(const Cnf& cnf) {
  clauses_.reserve_vars(cnf.num_vars());
  for (std::span<const Lit> clause : cnf.clauses()) clauses_.add_clause(clause);
  backend_->add_cnf(cnf);
}

Status CheckedSolver::solve(std::span<const Lit> assumptions) {
  Status status = backend_->solve(assumptions);
  if (status == Status::sat) check_model(assumptions);
  return status;
}

void CheckedSolver::check_model(std::span<const Lit> assumptions) const {
  // The model is read once per variable: a virtual call per literal looked at cost as
  // much as a short search (a Hexcells round: many small calls on formulas of a few
  // hundred clauses).
  std::vector<char>& value = model_;
  value.assign(2 * static_cast<std::size_t>(clauses_.num_vars()) + 2, 0);
  for (int v = 1; v <= clauses_.num_vars(); ++v) {
    const bool t = backend_->model_value(Var(v));
    value[Lit(Var(v)).code()] = t;
    value[(~Lit(Var(v))).code()] = !t;
  }
  for (std::size_t i = 0; i < clauses_.num_clauses(); ++i) {
    bool satisfied = false;
    for (Lit l : clauses_.clause(i)) {
      if (value[l.code()]) {
        satisfied = true;
        break;
      }
    }
    if (!satisfied) {
      throw std::runtime_error("the " + name() + " backend returned a model that violates clause " +
                               std::to_string(i + 1) + " of " + std::to_string(clauses_.num_clauses()));
    }
  }
  for (Lit l : assumptions) {
    if (!backend_->model_value(l)) {
      throw std::runtime_error("the " + name() + " backend returned a model that violates assumption " +
                               std::to_string(l.to_dimacs()));
    }
  }
}

}  // namespace puzzlesat::sat

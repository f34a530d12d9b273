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
  clauses_.add_clauses(cnf);
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
  // hundred clauses). Variables new since the last check (model_ shorter) have no old
  // value, and only clauses not filed yet hold them.
  const std::size_t codes = 2 * static_cast<std::size_t>(clauses_.num_vars()) + 2;
  const std::size_t known = model_.size();
  model_.resize(codes, 0);
  first_.resize(codes, -1);
  falsified_.clear();
  for (int v = 1; v <= clauses_.num_vars(); ++v) {
    const Lit pos{Var(v)};
    const bool t = backend_->model_value(Var(v));
    if (pos.code() < known && model_[pos.code()] != t) falsified_.push_back(t ? ~pos : pos);
    model_[pos.code()] = t;
    model_[(~pos).code()] = !t;
  }
  auto violated = [&](std::size_t c) {
    unfile();
    return std::runtime_error("the " + name() + " backend returned a model that violates clause " +
                              std::to_string(c + 1) + " of " + std::to_string(clauses_.num_clauses()));
  };
  // The clauses filed under a literal now false are the only filed ones that may be
  // violated: each is filed anew under a literal true now, or the model is wrong.
  for (Lit l : falsified_) {
    int c = first_[l.code()];
    first_[l.code()] = -1;
    while (c >= 0) {
      const int following = next_[static_cast<std::size_t>(c)];
      if (!file(static_cast<std::size_t>(c))) throw violated(static_cast<std::size_t>(c));
      c = following;
    }
  }
  next_.resize(clauses_.num_clauses(), -1);
  for (; filed_ < clauses_.num_clauses(); ++filed_)
    if (!file(filed_)) throw violated(filed_);
  for (Lit l : assumptions) {
    if (!backend_->model_value(l)) {
      throw std::runtime_error("the " + name() + " backend returned a model that violates assumption " +
                               std::to_string(l.to_dimacs()));
    }
  }
}

bool CheckedSolver::file(std::size_t c) const {
  for (Lit l : clauses_.clause(c)) {
    if (model_[l.code()]) {
      next_[c] = first_[l.code()];
      first_[l.code()] = static_cast<int>(c);
      return true;
    }
  }
  return false;
}

void CheckedSolver::unfile() const {
  model_.clear();
  first_.clear();
  next_.clear();
  filed_ = 0;
}

}  // namespace puzzlesat::sat

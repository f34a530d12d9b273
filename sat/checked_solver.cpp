#include "sat/checked_solver.h"

#include <algorithm>
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
  // The model is read whole, in one call: a virtual call per literal looked at cost as
  // much as a short search (a Hexcells round: many small calls on formulas of a few
  // hundred clauses), and one per variable a third of the check. Variables new since the
  // last check (beyond last_) have no old value, and only clauses not filed yet hold them.
  const std::size_t vars = static_cast<std::size_t>(clauses_.num_vars());
  const std::size_t known = std::min(last_.size(), vars);
  model_.resize(2 * vars + 2, 0);
  first_.resize(2 * vars + 2, -1);
  read_.resize(vars);
  backend_->read_model(read_);
  auto set = [&](std::size_t i) {
    const Lit pos{Var(static_cast<int>(i) + 1)};
    model_[pos.code()] = read_[i];
    model_[(~pos).code()] = !read_[i];
    return read_[i] ? ~pos : pos;  // the literal the new value makes false
  };
  falsified_.clear();
  for (std::size_t i = 0; i < known; ++i)
    if (read_[i] != last_[i]) falsified_.push_back(set(i));
  for (std::size_t i = known; i < vars; ++i) set(i);
  last_.swap(read_);
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
  last_.clear();
  model_.clear();
  first_.clear();
  next_.clear();
  filed_ = 0;
}

}  // namespace puzzlesat::sat

// CheckedSolver: the one place where every backend's model is checked before anyone
// sees it. make_solver() wraps each backend in it; it keeps a copy of the clauses and,
// whenever the backend answers Sat, tests every clause and every assumption against the
// model. A wrong model is an error (std::runtime_error naming the clause), never an
// answer, so a buggy or lying backend cannot make a puzzle print a wrong solution.
// (Unsat answers are the backends' business: an external program's UNSAT counts only
// with a verified DRAT proof, see sat/external_solver.h.)
#pragma once

#include <memory>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

class CheckedSolver final : public Solver {
 public:
  explicit CheckedSolver(std::unique_ptr<Solver> backend) : backend_(std::move(backend)) {}

  std::string name() const override { return backend_->name(); }
  void reserve_vars(int n) override;
  int num_vars() const override { return backend_->num_vars(); }
  void add_clause(std::span<const Lit> clause) override;
  using Solver::add_clause;
  void add_cnf(const Cnf& cnf) override;
  // Throws std::runtime_error when the backend's model violates a clause or assumption.
  Status solve(std::span<const Lit> assumptions) override;
  using Solver::solve;
  bool model_value(Var v) const override { return backend_->model_value(v); }
  using Solver::model_value;
  std::vector<Lit> failed_assumptions() const override { return backend_->failed_assumptions(); }
  int fixed(Lit l) const override { return backend_->fixed(l); }
  void set_phase(Lit l) override { backend_->set_phase(l); }
  void clear_phase(Var v) override { backend_->clear_phase(v); }
  void set_decision_vars(std::span<const Var> vars) override { backend_->set_decision_vars(vars); }
  void set_budget(const Budget& budget) override { backend_->set_budget(budget); }
  Budget budget() const override { return backend_->budget(); }
  void interrupt() override { backend_->interrupt(); }
  SolverStats stats() const override { return backend_->stats(); }
  bool can_trace_proof() const override { return backend_->can_trace_proof(); }
  void trace_proof(const ProofOptions& options) override { backend_->trace_proof(options); }
  void close_proof() override { backend_->close_proof(); }
  void freeze(Var v) override { backend_->freeze(v); }
  // Propagation answers no question by itself (callers add what it implies as clauses,
  // which are checked like any other), so it passes through unchecked.
  bool can_propagate() const override { return backend_->can_propagate(); }
  Propagation propagate(std::span<const Lit> assumptions) override { return backend_->propagate(assumptions); }

 private:
  void check_model(std::span<const Lit> assumptions) const;

  std::unique_ptr<Solver> backend_;
  Cnf clauses_;  // every clause the backend got, to check its models against
  mutable std::vector<char> model_;  // check_model's copy of the model, by literal code
};

}  // namespace puzzlesat::sat

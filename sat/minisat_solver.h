// MinisatSolver: the default backend, Debian's MiniSat 2.2 library behind the Solver
// interface. MiniSat stays an implementation detail: its headers are not included here.
#pragma once

#include <memory>

#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

class MinisatSolver final : public Solver {
 public:
  MinisatSolver();
  ~MinisatSolver() override;

  std::string name() const override { return "minisat"; }
  void reserve_vars(int n) override;
  int num_vars() const override;
  void add_clause(std::span<const Lit> clause) override;
  // Sizes MiniSat's arrays for the whole formula first, then adds its clauses.
  void add_cnf(const Cnf& cnf) override;
  Status solve(std::span<const Lit> assumptions) override;
  using Solver::solve;
  bool model_value(Var v) const override;
  using Solver::model_value;
  void read_model(std::span<char> out) const override;
  std::vector<Lit> failed_assumptions() const override;
  int fixed(Lit l) const override;
  void set_budget(const Budget& budget) override { budget_ = budget; }
  Budget budget() const override { return budget_; }
  void set_phase(Lit l) override;
  void clear_phase(Var v) override;
  void set_decision_vars(std::span<const Var> vars) override;
  void interrupt() override;
  SolverStats stats() const override;
  bool can_propagate() const override { return true; }
  Propagation propagate(std::span<const Lit> assumptions) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  Budget budget_;
  double seconds_ = 0;
  std::uint64_t solves_ = 0;
  bool restricted_ = false;  // set_decision_vars: only some variables are decisions
};

}  // namespace puzzlesat::sat

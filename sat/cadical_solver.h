// CadicalSolver: the CaDiCaL library (libcadical-dev) behind the Solver interface, a
// modern inprocessing solver that is often much faster than MiniSat on hard formulas.
// CaDiCaL's headers stay an implementation detail.
#pragma once

#include <memory>

#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

class CadicalSolver final : public Solver {
 public:
  CadicalSolver();
  ~CadicalSolver() override;

  std::string name() const override { return "cadical"; }
  void reserve_vars(int n) override;
  int num_vars() const override;
  void add_clause(std::span<const Lit> clause) override;
  Status solve(std::span<const Lit> assumptions) override;
  using Solver::solve;
  bool model_value(Var v) const override;
  using Solver::model_value;
  std::vector<Lit> failed_assumptions() const override;
  int fixed(Lit l) const override;
  void set_budget(const Budget& budget) override { budget_ = budget; }
  Budget budget() const override { return budget_; }
  void set_phase(Lit l) override;
  void clear_phase(Var v) override;
  void interrupt() override;
  // Decisions and propagations are not exposed by CaDiCaL 1.5's API and read 0;
  // conflicts are counted as learnt clauses (CaDiCaL learns one per conflict).
  SolverStats stats() const override;
  // DRAT through CaDiCaL's proof tracing (text or binary); see Solver::trace_proof.
  bool can_trace_proof() const override { return true; }
  void trace_proof(const ProofOptions& options) override;
  void close_proof() override;
  void freeze(Var v) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  Budget budget_;
};

}  // namespace puzzlesat::sat

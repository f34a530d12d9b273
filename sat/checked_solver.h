// CheckedSolver: the one place where every backend's model is checked before anyone
// sees it. make_solver() wraps each backend in it; it keeps a copy of the clauses and,
// whenever the backend answers Sat, tests every clause and every assumption against the
// model. A wrong model is an error (std::runtime_error naming the clause), never an
// answer, so a buggy or lying backend cannot make a puzzle print a wrong solution.
// (Unsat answers are the backends' business: an external program's UNSAT counts only
// with a verified DRAT proof, see sat/external_solver.h.)
//
// Every clause is checked against every model, but not every clause is looked at again:
// each clause is filed under one literal that was true in the last model checked, and only
// the clauses filed under literals that the new model makes false are searched for
// another true literal (one watched literal per clause). A clause filed under a literal
// still true is satisfied without a look. Incremental callers ask many similar questions
// (a backbone flips one literal per call; a Hexcells round changed 8 % of the variables
// between models), so this looks at a fraction of the clauses a full pass would.
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
  void read_model(std::span<char> out) const override { backend_->read_model(out); }
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

  // Files clause c under a literal true in model_; false when it has none.
  bool file(std::size_t c) const;
  // Forgets the filing: the next check looks at every clause.
  void unfile() const;

  std::unique_ptr<Solver> backend_;
  Cnf clauses_;  // every clause the backend got, to check its models against
  // The last model checked by literal code (1: true), and the filing of clauses under
  // its true literals: first_[code] starts a list of clauses linked by next_[clause]
  // (-1 ends it). Clauses from filed_ on are not filed yet (added since).
  mutable std::vector<char> model_;
  mutable std::vector<int> first_, next_;
  mutable std::size_t filed_ = 0;
  mutable std::vector<Lit> falsified_;  // literals true in the last model, false in this
  mutable std::vector<char> last_, read_;  // the last model checked and the new one, by variable
};

}  // namespace puzzlesat::sat

// ExternalSolver: any competition-style solver binary behind the Solver interface
// (`external:cadical`, `external:minisat`, `external:cryptominisat5 --verb 0`). Each
// solve() writes the clauses plus the assumptions as unit clauses to a temporary DIMACS
// file, runs the command on it without a shell, and reads back the `s`/`v` lines (or
// MiniSat's result file) and the exit code 10/20. Models are checked against the clauses
// (by CheckedSolver, which make_solver puts around every backend).
//
// An UNSAT from another program is believed only with a proof. The command may hold two
// placeholder words: "{proof}", replaced by a path where the program must write a DRAT
// proof (text or binary) of the formula it got, and "{formula}", replaced by that
// formula's path (without it the formula path comes last, as before). For CaDiCaL:
// `external:cadical -q {formula} {proof}`. Its UNSAT counts once check_drat verifies the
// proof; without "{proof}", or when the proof does not verify, solve() answers Unknown
// (an unverified UNSAT), never Unsat. unverified_unsats() counts those answers.
#pragma once

#include <string>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>
#include "sat/subprocess.h"

namespace puzzlesat::sat {

class ExternalSolver final : public Solver {
 public:
  // command: the program and its options, separated by blanks (no shell quoting).
  // Throws std::invalid_argument when it is empty.
  explicit ExternalSolver(const std::string& command);

  std::string name() const override { return "external:" + command_; }
  void reserve_vars(int n) override { cnf_.reserve_vars(n); }
  int num_vars() const override { return cnf_.num_vars(); }
  void add_clause(std::span<const Lit> clause) override;
  // Throws std::runtime_error when the program cannot be run, fails, or gives an
  // answer that is malformed or wrong (a model violating a clause).
  Status solve(std::span<const Lit> assumptions) override;
  using Solver::solve;
  bool model_value(Var v) const override;
  using Solver::model_value;
  // The program reports no core: on Unsat this is every assumption (a valid core,
  // rarely a minimal one).
  std::vector<Lit> failed_assumptions() const override { return failed_; }
  // The time limit kills the program; a conflict budget cannot be passed on and is
  // ignored.
  // Only a time budget: a separate program's conflicts cannot be counted or capped, so a
  // conflict budget throws std::invalid_argument rather than being silently ignored.
  void set_budget(const Budget& budget) override;
  Budget budget() const override { return budget_; }
  void interrupt() override { process_.kill(); }
  // With "{proof}" in the command: the proof of the latest solve() WITHOUT assumptions
  // that answered Unsat is copied to options.path (in the program's own DRAT encoding;
  // options.format cannot be passed on).
  bool can_trace_proof() const override { return proof_word_ >= 0; }
  void trace_proof(const ProofOptions& options) override;
  int unverified_unsats() const { return unverified_unsats_; }
  // Only solves and seconds: the program's own counters are not read.
  SolverStats stats() const override { return stats_; }

 private:
  Status interpret(int exit_code, const std::string& out, const std::string& result_file,
                   std::span<const Lit> assumptions);
  // Whether the proof the program wrote refutes the formula plus the assumptions.
  bool proof_verifies(const std::string& proof_file, std::span<const Lit> assumptions) const;

  std::string command_;
  std::vector<std::string> argv_;
  bool minisat_style_ = false;  // writes its answer to a result file named after the input
  int proof_word_ = -1;         // index of "{proof}" in argv_, or -1
  int formula_word_ = -1;       // index of "{formula}" in argv_, or -1
  std::string trace_path_;      // where trace_proof() wants the proof, or ""
  int unverified_unsats_ = 0;
  Cnf cnf_;
  Budget budget_;
  Subprocess process_;
  std::vector<char> model_;
  std::vector<Lit> failed_;
  SolverStats stats_;
};

}  // namespace puzzlesat::sat

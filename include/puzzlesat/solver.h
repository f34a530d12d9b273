// Solver: the one interface every SAT backend implements (MiniSat, CaDiCaL, an external
// binary), so puzzles and algorithms (backbone, enumeration) never name a backend.
// Clauses are added incrementally; solve() takes assumptions and, on Unsat, reports the
// subset of them that was used (a core). Budgets and interrupt() turn into Unknown.
//
//   auto solver = sat::make_solver("cadical");   // or "minisat", "external:kissat"
//   solver->add_cnf(cnf);
//   if (solver->solve({x}) == sat::Status::sat) bool v = solver->model_value(y);
//   else auto core = solver->failed_assumptions();
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::sat {

enum class Status { sat, unsat, unknown };
std::string_view to_string(Status s);

// Counters a backend does not expose read 0 (CaDiCaL 1.5: decisions and propagations;
// external programs: everything but solves and seconds).
struct SolverStats {
  std::uint64_t solves = 0;
  std::uint64_t conflicts = 0;
  std::uint64_t decisions = 0;
  std::uint64_t propagations = 0;
  double seconds = 0;  // wall time spent inside solve()
};

// DRAT proof output (sat/proof.h): text ("1 -2 0" lines) or binary ('a'/'d' + varints).
enum class ProofFormat { text, binary };
struct ProofOptions {
  std::string path;
  ProofFormat format = ProofFormat::text;
};

// Limits for each later solve() call; a call that hits one returns Unknown.
struct Budget {
  std::optional<std::int64_t> conflicts;
  std::optional<double> seconds;
};

class Solver {
 public:
  virtual ~Solver() = default;

  virtual std::string name() const = 0;

  // Makes variables 1..n known to the solver. add_clause() does this on its own.
  virtual void reserve_vars(int n) = 0;
  // The largest variable the solver knows (from clauses, assumptions or reserve_vars).
  virtual int num_vars() const = 0;
  // A variable no clause mentions yet, e.g. an activation literal for clauses that must
  // be switched off later. A Cnf that keeps feeding this solver should then call
  // cnf.reserve_vars(solver.num_vars()) so its own new variables do not collide.
  Var new_var() {
    reserve_vars(num_vars() + 1);
    return Var(num_vars());
  }
  virtual void add_clause(std::span<const Lit> clause) = 0;
  void add_clause(std::initializer_list<Lit> clause) {
    add_clause(std::span<const Lit>(clause.begin(), clause.size()));
  }
  // Adds every clause of cnf (and reserves its variables). A backend may override it to
  // prepare for the whole formula at once.
  virtual void add_cnf(const Cnf& cnf);

  virtual Status solve(std::span<const Lit> assumptions = {}) = 0;
  Status solve(std::initializer_list<Lit> assumptions) {
    return solve(std::span<const Lit>(assumptions.begin(), assumptions.size()));
  }

  // After Sat: the value of v in the model (variables never mentioned read false).
  virtual bool model_value(Var v) const = 0;
  bool model_value(Lit l) const { return model_value(l.var()) != l.negated(); }
  // After Sat: the model over variables 1..n as signed literals (v or ~v).
  std::vector<Lit> model(int n) const;
  // After Sat: out[v - 1] = model_value(v) for v in 1..out.size(), for callers that read
  // whole models often (a model check per call): one virtual call, not one per variable.
  virtual void read_model(std::span<char> out) const;

  // What the clauses alone (learnt ones included) have fixed at the root, between solve()
  // calls: 1 when l holds in every model, -1 when ~l does, 0 when not known or the backend
  // does not say. Free to ask: a search often learns facts as units on the way, and a
  // backbone algorithm can settle those candidates without a call of its own.
  virtual int fixed(Lit /*l*/) const { return 0; }

  // After Unsat: assumptions whose conjunction is already unsatisfiable with the
  // clauses (empty when the clauses alone are unsatisfiable).
  virtual std::vector<Lit> failed_assumptions() const = 0;

  // A decision hint: when the search branches on l's variable, it tries l first (until
  // clear_phase). Algorithms that want varied models (backbone filtering) steer with it;
  // answers never depend on it, and backends that take no hints ignore it.
  virtual void set_phase(Lit /*l*/) {}
  virtual void clear_phase(Var /*v*/) {}
  // A branching hint: search decides only on these variables (an empty span: on all again).
  // For encodings whose other variables follow from these by propagation (a nonogram's
  // line automata from its cells), CDCL then searches the puzzle's own choices instead of
  // the encoding's bookkeeping, often many times faster. Answers never depend on it: a
  // backend that takes the hint completes any model the restricted search leaves partial,
  // and backends that take no hints ignore it.
  virtual void set_decision_vars(std::span<const Var> /*vars*/) {}

  virtual void set_budget(const Budget& budget) = 0;
  // The budget set last (none by default), so an algorithm that splits one question into
  // shorter calls can keep within it and put it back afterwards.
  virtual Budget budget() const { return {}; }
  // Asks a running solve() to stop soon with Unknown. Safe from any thread.
  virtual void interrupt() = 0;

  virtual SolverStats stats() const = 0;

  // DRAT proofs. A backend that writes them says so here; asking one that does not
  // throws std::logic_error. trace_proof() must come before the first clause (and
  // reserve_vars); every clause derived afterwards goes to the file, so once a solve()
  // WITHOUT assumptions answers Unsat the file proves the clauses added unsatisfiable.
  // close_proof() flushes and closes it (destruction does too).
  virtual bool can_trace_proof() const { return false; }
  virtual void trace_proof(const ProofOptions& options);
  virtual void close_proof() {}

  // Unit propagation alone: the literals the clauses (learnt ones included) imply under
  // `assumptions` by propagation, with no decision and no search, or `conflict` when
  // propagation refutes them. Cheap enough to ask for every literal of a puzzle (failed
  // literal probing, <puzzlesat/probe.h>). Only backends that say can_propagate() do it;
  // asking another throws std::logic_error.
  struct Propagation {
    bool conflict = false;
    std::vector<Lit> implied;  // in propagation order; facts already known without them are left out
  };
  virtual bool can_propagate() const { return false; }
  virtual Propagation propagate(std::span<const Lit> assumptions);
  // A promise that v will be assumed later: backends that eliminate variables keep it.
  // Answers never depend on it; proofs do (a backend that eliminates a variable and
  // later restores its clauses for an assumption would leave them out of the proof).
  virtual void freeze(Var /*v*/) {}
};

// Makes a backend from its name: "minisat" (the default), "cadical", or
// "external:CMD" (CMD is run on a DIMACS file, e.g. "external:cadical"), wrapped so that
// every model is checked against the clauses and assumptions before solve() answers Sat
// (sat/checked_solver.h): a backend's wrong model throws, it is never passed on.
// Throws std::invalid_argument for an unknown name.
std::unique_ptr<Solver> make_solver(std::string_view spec = "minisat");

// Names accepted by make_solver, for --help texts.
std::string solver_spec_help();

// Whether make_solver accepts the name, without making a solver (an option check pays
// nothing: constructing CaDiCaL to test its name cost a short run a fifth of its time).
bool is_solver_spec(std::string_view spec);

}  // namespace puzzlesat::sat

#include "sat/cadical_solver.h"

#include <cadical.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "sat/deadline.h"

namespace puzzlesat::sat {

namespace {

// Counts the clauses CaDiCaL learns, one per conflict: the solver's `conflicts` figure.
class ConflictCounter : public CaDiCaL::Learner {
 public:
  bool learning(int) override {
    ++count;
    return false;  // count only; we do not want the literals
  }
  void learn(int) override {}
  std::uint64_t count = 0;
};

// CaDiCaL polls this during search; interrupt() and the deadline raise the flag. A conflict
// budget is enforced here too, on the counter above, rather than by CaDiCaL's own
// "conflicts" limit, which counts differently: a caller that compares the conflicts a call
// spent with its budget (sat/backbone.cpp does, to tell its limit from an interrupt) then
// sees the figure the budget was measured in.
class StopFlag : public CaDiCaL::Terminator {
 public:
  explicit StopFlag(const ConflictCounter& counter) : counter_(counter) {}
  bool terminate() override { return stop.load(std::memory_order_relaxed) || counter_.count >= conflict_limit; }
  std::atomic<bool> stop{false};
  std::uint64_t conflict_limit = UINT64_MAX;

 private:
  const ConflictCounter& counter_;
};

}  // namespace

struct CadicalSolver::Impl {
  CaDiCaL::Solver solver;
  ConflictCounter conflicts;
  StopFlag stop{conflicts};
  int max_var = 0;
  // CaDiCaL only answers val()/failed() until the next add(), so the answers are copied.
  std::vector<char> model;  // index = variable
  std::vector<Lit> failed;
  std::uint64_t solves = 0;
  double seconds = 0;
  bool configured = false;  // a clause, variable or assumption has reached CaDiCaL
  bool tracing = false;
};

CadicalSolver::CadicalSolver() : impl_(std::make_unique<Impl>()) {
  // A library must not print: CaDiCaL would otherwise write `c …` lines to stdout.
  impl_->solver.set("quiet", 1);
  impl_->solver.connect_terminator(&impl_->stop);
  impl_->solver.connect_learner(&impl_->conflicts);
}

CadicalSolver::~CadicalSolver() {
  impl_->solver.disconnect_terminator();
  impl_->solver.disconnect_learner();
}

void CadicalSolver::reserve_vars(int n) {
  if (n <= impl_->max_var) return;
  impl_->configured = true;
  impl_->max_var = n;
  impl_->solver.reserve(n);
}

int CadicalSolver::num_vars() const { return impl_->max_var; }

void CadicalSolver::add_clause(std::span<const Lit> clause) {
  impl_->configured = true;
  for (Lit l : clause) {
    impl_->max_var = std::max(impl_->max_var, l.var().id());
    impl_->solver.add(l.to_dimacs());
  }
  impl_->solver.add(0);
}

Status CadicalSolver::solve(std::span<const Lit> assumptions) {
  impl_->configured = true;
  auto start = std::chrono::steady_clock::now();
  auto& s = impl_->solver;
  for (Lit l : assumptions) {
    impl_->max_var = std::max(impl_->max_var, l.var().id());
    s.assume(l.to_dimacs());
  }
  impl_->stop.stop = false;
  impl_->stop.conflict_limit =
      budget_.conflicts ? impl_->conflicts.count + static_cast<std::uint64_t>(std::max<std::int64_t>(*budget_.conflicts, 0))
                        : UINT64_MAX;
  std::optional<Deadline> deadline;
  if (budget_.seconds) deadline.emplace(*budget_.seconds, [this] { interrupt(); });
  int r = s.solve();
  deadline.reset();
  ++impl_->solves;

  impl_->model.clear();
  impl_->failed.clear();
  if (r == 10) {
    int n = std::min(impl_->max_var, s.vars());
    impl_->model.assign(static_cast<std::size_t>(n) + 1, 0);
    for (int v = 1; v <= n; ++v) impl_->model[static_cast<std::size_t>(v)] = s.val(v) > 0 ? 1 : 0;
  } else if (r == 20) {
    for (Lit l : assumptions) {
      if (s.failed(l.to_dimacs())) impl_->failed.push_back(l);
    }
  }
  impl_->seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (r == 10) return Status::sat;
  if (r == 20) return Status::unsat;
  return Status::unknown;
}

bool CadicalSolver::model_value(Var v) const {
  auto i = static_cast<std::size_t>(v.id());
  return v.id() > 0 && i < impl_->model.size() && impl_->model[i] != 0;
}

int CadicalSolver::fixed(Lit l) const {
  if (l.var().id() > num_vars()) return 0;
  const int code = l.negated() ? -l.var().id() : l.var().id();
  return impl_->solver.fixed(code);
}

std::vector<Lit> CadicalSolver::failed_assumptions() const { return impl_->failed; }

void CadicalSolver::set_phase(Lit l) {
  reserve_vars(l.var().id());
  // A hint only: CaDiCaL's "lucky" phases may still find another model first.
  impl_->solver.phase(l.to_dimacs());
}

void CadicalSolver::clear_phase(Var v) {
  if (v.id() <= num_vars()) impl_->solver.unphase(v.id());
}

void CadicalSolver::trace_proof(const ProofOptions& options) {
  // CaDiCaL only traces from its configuring state on; a later start would miss lemmas.
  if (impl_->configured) throw std::logic_error("trace_proof must come before the first clause");
  if (impl_->tracing) throw std::logic_error("a proof is already being traced");
  impl_->solver.set("binary", options.format == ProofFormat::binary ? 1 : 0);
  if (!impl_->solver.trace_proof(options.path.c_str())) {
    throw std::runtime_error("cannot write the proof file " + options.path);
  }
  impl_->tracing = true;
}

void CadicalSolver::close_proof() {
  if (!impl_->tracing) return;
  impl_->solver.close_proof_trace();
  impl_->tracing = false;
}

void CadicalSolver::freeze(Var v) {
  reserve_vars(v.id());
  impl_->solver.freeze(v.id());
}

void CadicalSolver::interrupt() { impl_->stop.stop = true; }

SolverStats CadicalSolver::stats() const {
  return {impl_->solves, impl_->conflicts.count, 0, 0, impl_->seconds};
}

}  // namespace puzzlesat::sat

#include <puzzlesat/solver.h>

#include <stdexcept>

#include "sat/cadical_solver.h"
#include "sat/checked_solver.h"
#include "sat/external_solver.h"
#include "sat/minisat_solver.h"

namespace puzzlesat::sat {

std::string_view to_string(Status s) {
  switch (s) {
    case Status::sat: return "sat";
    case Status::unsat: return "unsat";
    case Status::unknown: return "unknown";
  }
  return "unknown";
}

void Solver::add_cnf(const Cnf& cnf) {
  reserve_vars(cnf.num_vars());
  for (std::span<const Lit> clause : cnf.clauses()) add_clause(clause);
}

std::vector<Lit> Solver::model(int n) const {
  std::vector<Lit> lits;
  lits.reserve(static_cast<std::size_t>(n > 0 ? n : 0));
  for (int v = 1; v <= n; ++v) lits.push_back(Lit(Var(v), !model_value(Var(v))));
  return lits;
}

void Solver::read_model(std::span<char> out) const {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = model_value(Var(static_cast<int>(i) + 1));
}

void Solver::trace_proof(const ProofOptions&) {
  throw std::logic_error("the " + name() + " backend cannot write DRAT proofs");
}

Solver::Propagation Solver::propagate(std::span<const Lit>) {
  throw std::logic_error("the " + name() + " backend cannot propagate without searching");
}

namespace {

constexpr std::string_view kExternal = "external:";

std::unique_ptr<Solver> make_backend(std::string_view spec) {
  if (spec.empty() || spec == "minisat") return std::make_unique<MinisatSolver>();
  if (spec == "cadical") return std::make_unique<CadicalSolver>();
  if (spec.substr(0, kExternal.size()) == kExternal) {
    return std::make_unique<ExternalSolver>(std::string(spec.substr(kExternal.size())));
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<Solver> make_solver(std::string_view spec) {
  if (auto backend = make_backend(spec)) return std::make_unique<CheckedSolver>(std::move(backend));
  throw std::invalid_argument("unknown solver '" + std::string(spec) + "' (expected " + solver_spec_help() + ")");
}

bool is_solver_spec(std::string_view spec) {
  return spec.empty() || spec == "minisat" || spec == "cadical" ||
         (spec.substr(0, kExternal.size()) == kExternal && spec.size() > kExternal.size());
}

std::string solver_spec_help() {
  return "minisat (default, built in), cadical (built in), or external:CMD to run a "
         "competition-style solver binary, e.g. external:cadical, external:minisat, external:cryptominisat5";
}

}  // namespace puzzlesat::sat

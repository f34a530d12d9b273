#include <puzzlesat/model.h>

#include <puzzlesat/backbone.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/proof.h>
#include <puzzlesat/solver.h>

#include <algorithm>
#include <stdexcept>

namespace puzzlesat {

CountTrue count_true(std::span<const sat::Lit> lits) { return {std::vector<sat::Lit>(lits.begin(), lits.end())}; }

Model::Model(std::string solver) : solver_(std::move(solver)) {}

void Model::require(const CountConstraint& c, enc::CardEncoding encoding) {
  if (c.k < 0) throw std::invalid_argument("count_true compared with a negative number");
  switch (c.op) {
    case CountConstraint::Op::eq: enc::exactly(cnf_, c.lits, c.k, encoding); return;
    case CountConstraint::Op::le: enc::at_most(cnf_, c.lits, c.k, encoding); return;
    case CountConstraint::Op::ge: enc::at_least(cnf_, c.lits, c.k, encoding); return;
  }
}

namespace {
std::unique_ptr<sat::Solver> loaded_solver(const std::string& spec, const sat::Cnf& cnf) {
  auto s = sat::make_solver(spec);
  s->add_cnf(cnf);
  return s;
}
}  // namespace

Forced Model::forced(std::span<const sat::Lit> lits) const {
  auto s = loaded_solver(solver_, cnf_);
  const sat::BackboneResult bb = sat::compute_backbone(*s, lits);
  Forced out;
  out.solver_calls = bb.solver_calls;
  if (bb.status == sat::Status::unknown) throw std::runtime_error("the solver gave up before the backbone was known");
  if (bb.status == sat::Status::unsat) return out;
  out.satisfiable = true;
  // bb.forced holds, in candidate order, c or ~c for each forced candidate (one per variable).
  out.value.assign(lits.size(), std::nullopt);
  for (std::size_t i = 0; i < lits.size(); ++i) {
    for (sat::Lit f : bb.forced)
      if (f.var() == lits[i].var()) out.value[i] = (f == lits[i]);
  }
  return out;
}

Uniqueness Model::unique_solution(std::span<const sat::Lit> lits) const {
  auto s = loaded_solver(solver_, cnf_);
  std::vector<sat::Var> projection;
  for (sat::Lit l : lits) projection.push_back(l.var());
  const sat::EnumerationResult r = sat::enumerate_models(*s, projection, 2);
  if (!r.complete && r.models.size() < 2) throw std::runtime_error("the solver gave up before uniqueness was known");
  Uniqueness out;
  out.solutions = r.models.size();
  if (!r.models.empty()) {
    for (std::size_t i = 0; i < lits.size(); ++i) {
      // models[0] holds one literal per projection variable, in projection order.
      const sat::Lit value = r.models[0][i];
      out.solution.push_back(value == lits[i]);
    }
  }
  return out;
}

Model::ClueScope::ClueScope(Model& model, std::string name) : model_(model) {
  if (model.clue_open_) throw std::logic_error("clue \"" + name + "\" opened inside another clue");
  // The constant-true literal's unit clause belongs to the rules, not to the first clue
  // that happens to need it: switching that clue off must not free the constant.
  model.cnf_.true_lit();
  model.clue_open_ = true;
  const std::size_t at = model.cnf_.num_clauses();
  model.clues_.push_back({std::move(name), at, at});
}

Model::ClueScope::~ClueScope() {
  model_.clues_.back().end = model_.cnf_.num_clauses();
  model_.clue_open_ = false;
}

sat::Status Model::prove_forced(sat::Lit fact, const sat::ProofOptions& proof, std::string_view claim,
                                std::string_view prover) const {
  const sat::Lit other = ~fact;
  return sat::prove_unsat(cnf_, {&other, 1}, prover, proof, claim);
}

sat::Status Model::prove_unique(std::span<const sat::Lit> lits, const std::vector<bool>& solution,
                                const sat::ProofOptions& proof, std::string_view claim, std::string_view prover) const {
  if (solution.size() != lits.size()) throw std::invalid_argument("prove_unique: one value per literal");
  sat::Cnf other = cnf_;
  std::vector<sat::Lit> differs;
  for (std::size_t i = 0; i < lits.size(); ++i) differs.push_back(solution[i] ? ~lits[i] : lits[i]);
  other.add_comment("some literal differs from the solution found");
  other.add_clause(differs);
  return sat::prove_unsat(other, {}, prover, proof, claim);
}

}  // namespace puzzlesat

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

std::optional<std::vector<std::string>> Model::explain(sat::Lit fact) const {
  auto s = sat::make_solver(solver_);
  s->reserve_vars(cnf_.num_vars());
  // Clue i's clauses carry ~selector[i]: assuming selector[i] switches the clue on.
  std::vector<sat::Lit> selector;
  std::vector<sat::Lit> buffer;
  std::size_t next = 0;  // the next clause to load
  for (const Clue& clue : clues_) {
    for (; next < clue.begin; ++next) s->add_clause(cnf_.clause(next));
    const sat::Lit on(s->new_var());
    selector.push_back(on);
    for (; next < clue.end; ++next) {
      const auto c = cnf_.clause(next);
      buffer.assign(c.begin(), c.end());
      buffer.push_back(~on);
      s->add_clause(buffer);
    }
  }
  for (; next < cnf_.num_clauses(); ++next) s->add_clause(cnf_.clause(next));

  // fact is forced by the clues in `on` iff rules + on + ~fact is UNSAT; each UNSAT answer
  // narrows `on` to the selectors the solver used (its failed assumptions).
  auto forced_by = [&](const std::vector<sat::Lit>& on) {
    std::vector<sat::Lit> assumptions = on;
    assumptions.push_back(~fact);
    const sat::Status st = s->solve(assumptions);
    if (st == sat::Status::unknown) throw std::runtime_error("the solver gave up while explaining a fact");
    return st == sat::Status::unsat;
  };
  auto used = [&](const std::vector<sat::Lit>& on) {
    const std::vector<sat::Lit> failed = s->failed_assumptions();
    std::vector<sat::Lit> out;
    for (sat::Lit l : on)
      if (std::find(failed.begin(), failed.end(), l) != failed.end()) out.push_back(l);
    return out;
  };

  std::vector<sat::Lit> core = selector;
  if (!forced_by(core)) return std::nullopt;
  core = used(core);
  // Deletion: a clue stays only if the fact is no longer forced without it. A clue found
  // necessary for a set is necessary for every subset that still forces the fact, so the
  // narrowed core keeps the clues before i (in order) and the walk goes on at i.
  for (std::size_t i = 0; i < core.size();) {
    std::vector<sat::Lit> without = core;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    if (forced_by(without)) core = used(without);
    else ++i;
  }
  std::vector<std::string> names;
  for (std::size_t k = 0; k < selector.size(); ++k)
    if (std::find(core.begin(), core.end(), selector[k]) != core.end()) names.push_back(clues_[k].name);
  return names;
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

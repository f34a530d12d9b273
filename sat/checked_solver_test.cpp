#include "sat/checked_solver.h"

#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>

using namespace puzzlesat::sat;

namespace {

// A backend that answers Sat with whatever model the test sets, so the checker can be
// shown right and wrong models in any order.
class ScriptedBackend final : public Solver {
 public:
  std::vector<bool> model;  // by variable id; index 0 unused

  std::string name() const override { return "scripted"; }
  void reserve_vars(int n) override {
    if (n > vars_) vars_ = n;
  }
  int num_vars() const override { return vars_; }
  void add_clause(std::span<const Lit> clause) override {
    for (Lit l : clause) reserve_vars(l.var().id());
  }
  using Solver::add_clause;
  Status solve(std::span<const Lit>) override { return Status::sat; }
  using Solver::solve;
  bool model_value(Var v) const override {
    return static_cast<std::size_t>(v.id()) < model.size() && model[static_cast<std::size_t>(v.id())];
  }
  using Solver::model_value;
  std::vector<Lit> failed_assumptions() const override { return {}; }
  void set_budget(const Budget&) override {}
  void interrupt() override {}
  SolverStats stats() const override { return {}; }

 private:
  int vars_ = 0;
};

bool satisfies(const std::vector<std::vector<Lit>>& clauses, const std::vector<bool>& model) {
  for (const auto& c : clauses) {
    bool sat = false;
    for (Lit l : c) sat |= model[static_cast<std::size_t>(l.var().id())] != l.negated();
    if (!sat) return false;
  }
  return true;
}

}  // namespace

// The checker looks again only at clauses whose watched literal the new model makes
// false (checked_solver.h). Against a plain evaluation of every clause, over sequences
// of models that differ a little or a lot, with clauses and variables added between
// calls: it must accept exactly the models that satisfy every clause.
TEST_CASE("CheckedSolver accepts exactly the models that satisfy every clause, call after call", "[sat][checked]") {
  std::mt19937 rng(99);
  int rejected = 0, accepted = 0;
  for (int trial = 0; trial < 200; ++trial) {
    auto owned = std::make_unique<ScriptedBackend>();
    ScriptedBackend& backend = *owned;
    CheckedSolver checked(std::move(owned));
    std::vector<std::vector<Lit>> clauses;
    int vars = 4 + static_cast<int>(rng() % 8);
    std::vector<bool> model(static_cast<std::size_t>(vars) + 1);
    for (std::size_t v = 1; v < model.size(); ++v) model[v] = rng() % 2;
    for (int call = 0; call < 30; ++call) {
      // Sometimes a new variable or clause (of the variables so far).
      if (rng() % 4 == 0) {
        ++vars;
        model.push_back(rng() % 2);
      }
      if (rng() % 2 == 0) {
        // Mostly true in the current model, so that runs of accepted models are long.
        std::vector<Lit> c;
        for (int k = 1 + static_cast<int>(rng() % 3); k > 0; --k)
          c.push_back(Lit(Var(1 + static_cast<int>(rng() % static_cast<unsigned>(vars))), rng() % 2 == 0));
        if (rng() % 8 != 0) {
          Var v = c[0].var();
          c[0] = Lit(v, !model[static_cast<std::size_t>(v.id())]);
        }
        clauses.push_back(c);
        checked.add_clause(c);
      }
      // A few flips, or a fresh model.
      if (rng() % 5 == 0) {
        for (std::size_t v = 1; v < model.size(); ++v) model[v] = rng() % 2;
      } else {
        for (int k = static_cast<int>(rng() % 3); k > 0; --k) {
          std::size_t v = 1 + rng() % static_cast<unsigned>(vars);
          model[v] = !model[v];
        }
      }
      backend.model = model;
      checked.reserve_vars(vars);
      if (satisfies(clauses, model)) {
        CHECK_NOTHROW(checked.solve({}));
        ++accepted;
      } else {
        CHECK_THROWS_WITH(checked.solve({}), Catch::Contains("violates clause"));
        ++rejected;
      }
    }
  }
  CHECK(accepted > 500);
  CHECK(rejected > 500);
}

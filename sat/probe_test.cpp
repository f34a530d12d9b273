// Propagation without search, failed-literal probing and decision variables, each
// checked against truth tables of small random formulas.
#include <puzzlesat/probe.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "sat/brute_force.h"
#include "sat/generators.h"

using namespace puzzlesat::sat;

namespace {

bool holds(std::uint32_t model, Lit l) { return ((model >> (l.var().id() - 1)) & 1U) != l.negated(); }

// Unit propagation to a fixpoint, the textbook way: the literals set (or nullopt on a
// conflict), starting from `start`.
std::optional<std::vector<Lit>> unit_propagate(const Cnf& cnf, std::vector<Lit> start) {
  std::vector<int> value(static_cast<std::size_t>(cnf.num_vars()) + 1, 0);  // 1 true, -1 false
  auto val = [&](Lit l) { return value[l.var().id()] * (l.negated() ? -1 : 1); };
  std::vector<Lit> set;
  auto assign = [&](Lit l) {
    if (val(l) == -1) return false;
    if (val(l) == 0) value[l.var().id()] = l.negated() ? -1 : 1, set.push_back(l);
    return true;
  };
  for (Lit l : start)
    if (!assign(l)) return std::nullopt;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::span<const Lit> clause : cnf.clauses()) {
      int open = 0;
      Lit last;
      bool satisfied = false;
      for (Lit l : clause) {
        if (val(l) == 1) satisfied = true;
        if (val(l) == 0) ++open, last = l;
      }
      if (satisfied) continue;
      if (open == 0) return std::nullopt;
      if (open == 1) assign(last), changed = true;
    }
  }
  return set;
}

std::vector<Lit> sorted(std::vector<Lit> v) {
  std::sort(v.begin(), v.end(), [](Lit a, Lit b) { return a.code() < b.code(); });
  return v;
}

}  // namespace

TEST_CASE("propagate() sets exactly what unit propagation sets, and a conflict means no model", "[sat][probe]") {
  std::mt19937_64 rng(2026);
  int conflicts = 0, implications = 0;
  for (int round = 0; round < 300; ++round) {
    const int n = 10;
    // One draw a statement: argument order differs between compilers.
    const int clauses = 20 + static_cast<int>(rng() % 30);
    const int width = 2 + static_cast<int>(rng() % 2);
    const Cnf cnf = random_ksat(rng, n, clauses, width);
    auto s = make_solver("minisat");
    REQUIRE(s->can_propagate());
    s->add_cnf(cnf);
    std::vector<Lit> assumptions;
    for (int k = 0, count = 1 + static_cast<int>(rng() % 3); k < count; ++k) {
      const Var v(1 + static_cast<int>(rng() % n));
      assumptions.push_back(Lit(v, rng() % 2 == 0));
    }
    const Solver::Propagation p = s->propagate(assumptions);
    const auto facts = unit_propagate(cnf, {});  // what the solver knows before any assumption
    const auto expected = unit_propagate(cnf, assumptions);
    const auto models = all_models(cnf, assumptions);
    CHECK(p.conflict == !expected.has_value());
    if (p.conflict) {
      CHECK(models.empty());  // sound: a conflict is a refutation
      ++conflicts;
      continue;
    }
    // Facts already known at the root are left out; the rest are exactly UP's.
    std::vector<Lit> beyond;
    for (Lit l : *expected)
      if (!facts || std::find(facts->begin(), facts->end(), l) == facts->end()) beyond.push_back(l);
    CHECK(sorted(p.implied) == sorted(beyond));
    for (Lit l : p.implied)
      for (std::uint32_t m : models) CHECK(holds(m, l));
    implications += static_cast<int>(p.implied.size());
    // Propagating leaves no trace: the solver still answers like the truth table.
    CHECK((s->solve() == Status::sat) == !all_models(cnf).empty());
  }
  CHECK(conflicts > 10);
  CHECK(implications > 150);
}

TEST_CASE("probe() finds only facts true in every model, and unsat only without a model", "[sat][probe]") {
  // A failed literal (~x conflicts) and an intersection (both x and ~x imply y), neither
  // of which unit propagation from the root sees.
  {
    auto s = make_solver("minisat");
    const Lit x(Var(1)), a(Var(2)), y(Var(3));
    s->add_clause({x, a});
    s->add_clause({x, ~a});
    s->add_clause({~x, y, a});
    s->add_clause({~x, y, ~a});
    s->add_clause({x, y});
    const std::vector<Var> vars{Var(1), Var(2), Var(3)};
    CHECK(s->propagate({}).implied.empty());
    const ProbeResult r = probe(*s, vars);
    CHECK_FALSE(r.unsat);
    CHECK(std::find(r.facts.begin(), r.facts.end(), x) != r.facts.end());
    CHECK(std::find(r.facts.begin(), r.facts.end(), y) != r.facts.end());
  }
  std::mt19937_64 rng(11);
  int unsat = 0, facts = 0;
  for (int round = 0; round < 300; ++round) {
    const int n = 12;
    // Mostly 2-SAT, whose implication chains make failed literals common.
    const int clauses = 10 + static_cast<int>(rng() % 20);
    const int width = rng() % 3 == 0 ? 3 : 2;
    const Cnf cnf = random_ksat(rng, n, clauses, width);
    auto s = make_solver("minisat");
    s->add_cnf(cnf);
    std::vector<Var> vars;
    for (int v = 1; v <= n; ++v) vars.push_back(Var(v));
    const ProbeResult r = probe(*s, vars);
    const auto models = all_models(cnf);
    CHECK(r.complete);
    if (r.unsat) {
      CHECK(models.empty());
      ++unsat;
      continue;
    }
    for (Lit l : r.facts)
      for (std::uint32_t m : models) CHECK(holds(m, l));
    // Each fact is new: never one unit propagation from the root already had.
    const auto root = unit_propagate(cnf, {});
    std::vector<Lit> seen;
    for (Lit l : r.facts) {
      CHECK(std::find(seen.begin(), seen.end(), l) == seen.end());
      if (root) CHECK(std::find(root->begin(), root->end(), l) == root->end());
      seen.push_back(l);
    }
    facts += static_cast<int>(r.facts.size());
    CHECK((s->solve() == Status::sat) == !models.empty());  // the facts lost no model
  }
  CHECK(unsat > 10);
  CHECK(facts > 100);  // the test reaches facts (323 with this seed; 54 formulas unsat)
  auto cadical = make_solver("cadical");
  CHECK_FALSE(cadical->can_propagate());
  CHECK_THROWS_AS(probe(*cadical, std::vector<Var>{Var(1)}), std::logic_error);
}

TEST_CASE("Decision variables change the search, never the answer or the model's completeness", "[sat][probe]") {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 300; ++round) {
    const int n = 14;
    // Random 3-SAT: the other variables do not follow from the decision ones by
    // propagation, so models the restricted search leaves partial must be completed.
    const int clauses = 40 + static_cast<int>(rng() % 25);
    const Cnf cnf = random_ksat(rng, n, clauses, 3);
    std::vector<Var> decide;
    for (int v = 1; v <= n; ++v)
      if (rng() % 3 == 0) decide.push_back(Var(v));
    std::vector<Lit> assumptions;
    if (rng() % 2) {
      const Var v(1 + static_cast<int>(rng() % n));
      assumptions.push_back(Lit(v, rng() % 2 == 0));
    }
    for (const std::string spec : {"minisat", "cadical"}) {
      auto s = make_solver(spec);  // checked: a model breaking a clause throws
      s->add_cnf(cnf);
      s->set_decision_vars(decide);
      const Status st = s->solve(assumptions);
      const auto models = all_models(cnf, assumptions);
      CHECK((st == Status::sat) == !models.empty());
      if (st == Status::sat) {
        std::uint32_t bits = 0;
        for (int v = 1; v <= n; ++v)
          if (s->model_value(Var(v))) bits |= 1U << (v - 1);
        CHECK(std::find(models.begin(), models.end(), bits) != models.end());
      }
      s->set_decision_vars({});  // all variables again
      CHECK((s->solve(assumptions) == Status::sat) == !models.empty());
    }
  }
}

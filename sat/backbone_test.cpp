#include <puzzlesat/backbone.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "sat/brute_force.h"
#include <puzzlesat/chunked_backbone.h>
#include <puzzlesat/enumerate.h>
#include "sat/generators.h"

using namespace puzzlesat::sat;

namespace {

// The backbone the truth table gives: for each candidate, the literal of its variable
// that holds in every model, or nothing when the variable takes both values.
void expected_backbone(const std::vector<std::uint32_t>& models, std::span<const Lit> candidates,
                       std::vector<Lit>& forced, std::vector<Lit>& free) {
  for (Lit c : candidates) {
    std::uint32_t bit = 1U << (c.var().id() - 1);
    bool some_true = std::any_of(models.begin(), models.end(), [&](std::uint32_t m) { return (m & bit) != 0; });
    bool some_false = std::any_of(models.begin(), models.end(), [&](std::uint32_t m) { return (m & bit) == 0; });
    if (some_true && some_false) {
      free.push_back(c);
    } else {
      forced.push_back(Lit(c.var(), !some_true));
    }
  }
}

}  // namespace

TEST_CASE("Backbone: forced and free literals of a small formula", "[sat][backbone]") {
  auto s = make_solver();
  Cnf cnf;
  Lit a = cnf.new_lit(), b = cnf.new_lit(), c = cnf.new_lit(), d = cnf.new_lit();
  cnf.add_clause({a});
  cnf.add_clause({~a, ~b});
  cnf.add_clause({c, d});
  s->add_cnf(cnf);
  std::vector<Lit> candidates{a, b, c, ~d};
  BackboneResult r = compute_backbone(*s, candidates);
  CHECK(r.status == Status::sat);
  CHECK(r.forced == std::vector<Lit>{a, ~b});
  CHECK(r.free == std::vector<Lit>{c, ~d});
  CHECK(r.solver_calls <= 5);

  // Under the assumption ~c, d is forced too; without it, the solver is as before.
  std::vector<Lit> assume{~c};
  r = compute_backbone(*s, candidates, assume);
  CHECK(r.forced == std::vector<Lit>{a, ~b, ~c, d});
  CHECK(r.free.empty());
  CHECK(s->solve({c, ~d}) == Status::sat);

  std::vector<Lit> contradiction{b};
  r = compute_backbone(*s, candidates, contradiction);
  CHECK(r.status == Status::unsat);
  CHECK(r.solver_calls == 1);
}

TEST_CASE("Backbone: a budget that runs out gives Unknown", "[sat][backbone]") {
  auto s = make_solver();
  s->add_cnf(pigeonhole(9, 8));
  s->set_budget({.conflicts = 10, .seconds = {}});
  std::vector<Lit> candidates{Lit(Var(1)), Lit(Var(2))};
  CHECK(compute_backbone(*s, candidates).status == Status::unknown);
}

TEST_CASE("Backbone and enumeration agree with brute force on 1000 random formulas", "[sat][backbone][enumerate]") {
  std::mt19937_64 rng(20261121);
  for (int round = 0; round < 1000; ++round) {
    int n = std::uniform_int_distribution<int>(1, 14)(rng);
    int k = std::uniform_int_distribution<int>(1, 3)(rng);
    int m = std::uniform_int_distribution<int>(0, 5 * n)(rng);
    Cnf cnf = random_ksat(rng, n, m, k);
    std::vector<Lit> candidates, assumptions;
    std::uniform_int_distribution<int> var(1, n);
    std::bernoulli_distribution coin(0.5);
    int num_candidates = std::uniform_int_distribution<int>(0, n + 2)(rng);
    for (int i = 0; i < num_candidates; ++i) candidates.push_back(Lit(Var(var(rng)), coin(rng)));
    int num_assumptions = std::uniform_int_distribution<int>(0, 2)(rng);
    for (int i = 0; i < num_assumptions; ++i) assumptions.push_back(Lit(Var(var(rng)), coin(rng)));
    std::vector<Var> projection;
    for (int v = 1; v <= n; ++v) {
      if (coin(rng)) projection.push_back(Var(v));
    }
    std::shuffle(projection.begin(), projection.end(), rng);

    const auto models = all_models(cnf, assumptions);
    auto s = make_solver();
    s->add_cnf(cnf);
    INFO("round " << round << ": " << n << " vars, " << m << " clauses, " << models.size() << " models");

    BackboneResult bb = compute_backbone(*s, candidates, assumptions);
    if (models.empty()) {
      CHECK(bb.status == Status::unsat);
    } else {
      std::vector<Lit> forced, free;
      expected_backbone(models, candidates, forced, free);
      CHECK(bb.status == Status::sat);
      CHECK(bb.forced == forced);
      CHECK(bb.free == free);
      std::vector<Lit> vars = candidates;
      for (Lit& l : vars) l = Lit(l.var());
      std::sort(vars.begin(), vars.end());
      auto distinct = std::unique(vars.begin(), vars.end()) - vars.begin();
      CHECK(bb.solver_calls <= 1 + distinct);
    }

    // With the formula given, models are also walked (flips no clause needs, local
    // search towards each open candidate's negation): the same answer, no more calls.
    {
      auto walked = make_solver();
      walked->add_cnf(cnf);
      BackboneResult w = compute_backbone(*walked, candidates, assumptions, &cnf);
      CHECK(w.status == bb.status);
      CHECK(w.forced == bb.forced);
      CHECK(w.free == bb.free);
      CHECK(w.solver_calls <= bb.solver_calls + 1);
    }

    // Literal by literal, on a fresh solver: exactly the candidates true in every model.
    if (!models.empty()) {
      auto fresh = make_solver();
      fresh->add_cnf(cnf);
      BackboneResult implied = compute_implied(*fresh, candidates, assumptions);
      auto walked = make_solver();
      walked->add_cnf(cnf);
      BackboneResult implied_walked = compute_implied(*walked, candidates, assumptions, &cnf);
      CHECK(implied_walked.forced == implied.forced);
      CHECK(implied_walked.free == implied.free);
      std::vector<Lit> forced, free;
      for (Lit c : candidates) {
        std::uint32_t bit = 1U << (c.var().id() - 1);
        bool always = std::all_of(models.begin(), models.end(),
                                  [&](std::uint32_t mask) { return ((mask & bit) != 0) != c.negated(); });
        (always ? forced : free).push_back(c);
      }
      CHECK(implied.status == Status::sat);
      CHECK(implied.forced == forced);
      CHECK(implied.free == free);
      std::vector<Lit> distinct = candidates;
      std::sort(distinct.begin(), distinct.end());
      CHECK(implied.solver_calls <= 1 + (std::unique(distinct.begin(), distinct.end()) - distinct.begin()));
    }

    // The same solver afterwards: the projected models are exactly the truth table's.
    std::vector<std::vector<Lit>> expected;
    for (std::uint32_t mask : models) {
      std::vector<Lit> p;
      for (Var v : projection) p.push_back(Lit(v, ((mask >> (v.id() - 1)) & 1U) == 0));
      expected.push_back(std::move(p));
    }
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());

    EnumerationResult all = enumerate_models(*s, projection, kNoLimit, assumptions);
    CHECK(all.complete);
    CHECK(all.solver_calls == static_cast<int>(expected.size()) + 1);
    auto got = all.models;
    std::sort(got.begin(), got.end());
    CHECK(got == expected);

    if (expected.size() >= 2) {
      std::size_t limit = expected.size() - 1;
      EnumerationResult some = enumerate_models(*s, projection, limit, assumptions);
      CHECK_FALSE(some.complete);
      CHECK(some.models.size() == limit);
      for (const auto& model : some.models) CHECK(std::binary_search(expected.begin(), expected.end(), model));
    }
    // Enumerating twice on one solver works: the first run's blocking clauses are off.
    EnumerationResult again = enumerate_models(*s, projection, expected.size(), assumptions);
    CHECK(again.complete);
    CHECK(again.models.size() == expected.size());
  }
}

TEST_CASE("Backbone on a larger formula needs far fewer calls than two per literal", "[sat][backbone]") {
  std::mt19937_64 rng(42);
  for (double ratio : {2.0, 3.0, 3.8}) {
    const int n = 150;
    Cnf cnf = random_ksat(rng, n, static_cast<int>(ratio * n));
    auto s = make_solver();
    s->add_cnf(cnf);
    std::vector<Lit> candidates;
    for (int v = 1; v <= n; ++v) candidates.push_back(Lit(Var(v)));
    auto walked = make_solver();
    walked->add_cnf(cnf);
    BackboneResult w = compute_backbone(*walked, candidates, {}, &cnf);
    BackboneResult r = compute_backbone(*s, candidates);
    CHECK(w.forced == r.forced);
    CHECK(w.free == r.free);
    if (r.status != Status::sat) continue;
    INFO("ratio " << ratio << ": " << r.forced.size() << " forced, " << r.solver_calls << " calls");
    CHECK(r.forced.size() + r.free.size() == candidates.size());
    CHECK(r.solver_calls < n);
    // Each reported free candidate really takes both values, each forced one only one.
    for (Lit l : r.forced) CHECK(s->solve({~l}) == Status::unsat);
    for (Lit l : r.free) {
      CHECK(s->solve({l}) == Status::sat);
      CHECK(s->solve({~l}) == Status::sat);
    }
  }
}

TEST_CASE("Chunked backbone agrees with brute force on 1000 random formulas", "[sat][backbone]") {
  std::mt19937_64 rng(20261122);
  for (int round = 0; round < 1000; ++round) {
    int n = std::uniform_int_distribution<int>(1, 14)(rng);
    int k = std::uniform_int_distribution<int>(1, 3)(rng);
    int m = std::uniform_int_distribution<int>(0, 5 * n)(rng);
    Cnf cnf = random_ksat(rng, n, m, k);
    std::vector<Lit> candidates;
    std::uniform_int_distribution<int> var(1, n);
    std::bernoulli_distribution coin(0.5);
    int num_candidates = std::uniform_int_distribution<int>(0, n + 2)(rng);
    for (int i = 0; i < num_candidates; ++i) candidates.push_back(Lit(Var(var(rng)), coin(rng)));
    // Every other round under assumptions (Hexcells asks under a round's activation
    // literal): forced then means implied under them, and nothing is added as a unit.
    std::vector<Lit> assumptions;
    if (round % 2)
      for (int i = std::uniform_int_distribution<int>(0, 2)(rng); i > 0; --i)
        assumptions.push_back(Lit(Var(var(rng)), coin(rng)));

    const auto models = all_models(cnf, assumptions);
    auto s = make_solver();
    s->add_cnf(cnf);
    INFO("round " << round << ": " << n << " vars, " << m << " clauses, " << assumptions.size() << " assumptions, "
                  << models.size() << " models");
    BackboneResult bb = chunked_backbone(*s, candidates, assumptions);
    if (models.empty()) {
      CHECK(bb.status == Status::unsat);
      continue;
    }
    std::vector<Lit> forced, free;
    expected_backbone(models, candidates, forced, free);
    CHECK(bb.status == Status::sat);
    CHECK(bb.forced == forced);
    CHECK(bb.free == free);
    // The forced literals it adds as units (without assumptions) leave the models unchanged;
    // under assumptions it adds none, so a literal implied only by them can still be false.
    const auto unconditional = all_models(cnf, {});
    CHECK(s->solve() == Status::sat);
    for (Lit f : bb.forced) {
      const std::uint32_t bit = 1U << (f.var().id() - 1);
      const bool can_be_false = std::any_of(unconditional.begin(), unconditional.end(),
                                            [&](std::uint32_t mask) { return ((mask & bit) != 0) == f.negated(); });
      if (can_be_false) {
        std::vector<Lit> against{~f};
        CHECK(s->solve(against) == Status::sat);
      }
    }
  }
}

// PHP(8, 7) with every clause widened by x: x is forced, and refuting ~x is a pigeonhole
// proof, thousands of conflicts for CDCL while local search can never flip x. With the
// formula given, the calls after failed walks run under a conflict limit, alternating with
// longer walks: the answer is the same, the caller's budget is put back, and a caller's
// conflict budget still bounds the whole question.
TEST_CASE("Backbone with the formula: calls alternating with walks keep the answer and the budget",
          "[sat][backbone]") {
  Cnf php = pigeonhole(8, 7);
  Cnf cnf;
  cnf.reserve_vars(php.num_vars() + 1);
  const Lit x(Var(php.num_vars() + 1));
  for (std::size_t c = 0; c < php.num_clauses(); ++c) {
    std::vector<Lit> clause(php.clause(c).begin(), php.clause(c).end());
    clause.push_back(x);
    cnf.add_clause(clause);
  }
  const std::vector<Lit> candidates{x};
  for (const std::string& spec : {std::string("minisat"), std::string("cadical")}) {
    INFO(spec);
    auto s = make_solver(spec);
    s->add_cnf(cnf);
    s->set_budget({.conflicts = std::nullopt, .seconds = 600});
    const std::int64_t conflicts_before = s->stats().conflicts;
    BackboneResult r = compute_backbone(*s, candidates, {}, &cnf);
    REQUIRE(r.status == Status::sat);
    CHECK(r.forced == std::vector<Lit>{x});
    CHECK(r.free.empty());
    CHECK(s->budget().seconds == 600);
    CHECK_FALSE(s->budget().conflicts.has_value());
    // More than one call means the first limited call ran out and the walk came back.
    if (s->stats().conflicts - conflicts_before > 2000) CHECK(r.solver_calls > 1);

    auto limited = make_solver(spec);
    limited->add_cnf(cnf);
    limited->set_budget({.conflicts = 100, .seconds = std::nullopt});
    BackboneResult u = compute_backbone(*limited, candidates, {}, &cnf);
    CHECK(u.status == Status::unknown);
    CHECK(limited->budget().conflicts == 100);
  }
}

TEST_CASE("Every built-in backend gives back the budget it was set", "[sat][solver]") {
  for (const std::string& spec : {std::string("minisat"), std::string("cadical")}) {
    auto s = make_solver(spec);
    CHECK_FALSE(s->budget().conflicts.has_value());
    CHECK_FALSE(s->budget().seconds.has_value());
    s->set_budget({.conflicts = 5, .seconds = 2.5});
    CHECK(s->budget().conflicts == 5);
    CHECK(s->budget().seconds == 2.5);
  }
}

#include <puzzlesat/lazy_cuts.h>

#include <puzzlesat/backbone.h>
#include <puzzlesat/cnf.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>

using namespace puzzlesat;

namespace {

// The lazy rule of these tests: the true variables form one unbroken run (a 1-D
// connectivity rule). A gap x_j false between true x_i and x_k is refuted by the cut
// (~x_i | ~x_k | x_j).
sat::CutChecker run_checker(const std::vector<sat::Lit>& x, int* calls = nullptr) {
  return [x, calls](const sat::Solver& s) {
    if (calls) ++*calls;
    std::vector<std::vector<sat::Lit>> cuts;
    int first = -1, last = -1;
    for (int i = 0; i < static_cast<int>(x.size()); ++i)
      if (s.model_value(x[i])) (first < 0 ? first : last) = i, last = i;
    for (int j = first + 1; first >= 0 && j < last; ++j)
      if (!s.model_value(x[j])) cuts.push_back({~x[first], ~x[last], x[j]});
    return cuts;
  };
}

// Whether the assignment `a` (bit v-1 the value of variable v) satisfies every clause.
bool satisfies(std::uint32_t a, const std::vector<std::vector<sat::Lit>>& clauses) {
  return std::all_of(clauses.begin(), clauses.end(), [a](const std::vector<sat::Lit>& clause) {
    return std::any_of(clause.begin(), clause.end(), [a](sat::Lit l) {
      return (((a >> (l.var().id() - 1)) & 1U) != 0) != l.negated();
    });
  });
}

// Every model the lazy enumeration finds, as assignments of `x` (bit i the value of x[i]);
// CHECKs that the enumeration completed and found each once.
std::set<std::uint32_t> lazy_models(sat::Solver& s, const sat::CutChecker& check, const std::vector<sat::Lit>& x) {
  std::vector<sat::Var> projection;
  for (sat::Lit l : x) projection.push_back(l.var());
  const sat::EnumerationResult all = sat::enumerate_lazily(s, check, projection, sat::kNoLimit);
  CHECK(all.complete);
  std::set<std::uint32_t> found;
  for (const auto& model : all.models) {
    std::uint32_t a = 0;
    for (std::size_t i = 0; i < x.size(); ++i) a |= model[i].negated() ? 0U : 1U << i;
    found.insert(a);
  }
  CHECK(found.size() == all.models.size());
  return found;
}

bool is_run(std::uint32_t a) {
  if (a == 0) return true;
  while (!(a & 1U)) a >>= 1;
  return (a & (a + 1)) == 0;
}

}  // namespace

TEST_CASE("lazy cuts: solve, enumerate and backbone agree with brute force under a run rule", "[lazy]") {
  std::mt19937 rng(20);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = std::uniform_int_distribution<int>(1, 9)(rng);
    sat::Cnf cnf;
    std::vector<sat::Lit> x;
    for (int i = 0; i < n; ++i) x.push_back(cnf.new_lit());
    // Random clauses over x, kept when they still leave some assignment.
    std::vector<std::vector<sat::Lit>> clauses;
    const int m = std::uniform_int_distribution<int>(0, 2 * n)(rng);
    for (int c = 0; c < m; ++c) {
      std::vector<sat::Lit> clause;
      for (int k = 0; k < 2; ++k) clause.push_back(x[rng() % n] ^ (rng() % 2 == 0));
      clauses.push_back(clause);
      cnf.add_clause(clause);
    }
    std::set<std::uint32_t> expected;
    for (std::uint32_t a = 0; a < (1U << n); ++a) {
      if (is_run(a) && satisfies(a, clauses)) expected.insert(a);
    }
    auto s = sat::make_solver(trial % 2 ? "cadical" : "minisat");
    s->add_cnf(cnf);
    const auto check = run_checker(x);
    sat::LazyStats stats;
    const sat::LazyResult one = sat::solve_lazily(*s, check, {}, &stats);
    REQUIRE(one.status == (expected.empty() ? sat::Status::unsat : sat::Status::sat));
    CHECK(stats.rounds == one.stats.rounds);
    if (one.status == sat::Status::sat) {
      std::uint32_t a = 0;
      for (int i = 0; i < n; ++i) a |= s->model_value(x[i]) ? 1U << i : 0U;
      CHECK(expected.count(a) == 1);
    }

    CHECK(lazy_models(*s, check, x) == expected);

    // Limited enumeration reports incompleteness exactly when more models exist.
    std::vector<sat::Var> projection;
    for (sat::Lit l : x) projection.push_back(l.var());
    const sat::EnumerationResult two = sat::enumerate_lazily(*s, check, projection, 2);
    CHECK(two.models.size() == std::min<std::size_t>(2, expected.size()));
    CHECK(two.complete == (expected.size() <= 2));

    const sat::BackboneResult bb = sat::backbone_lazily(*s, check, x);
    REQUIRE(bb.status == (expected.empty() ? sat::Status::unsat : sat::Status::sat));
    if (expected.empty()) continue;
    std::set<sat::Lit> forced(bb.forced.begin(), bb.forced.end());
    for (int i = 0; i < n; ++i) {
      bool always = true, never = true;
      for (std::uint32_t a : expected) {
        always = always && ((a >> i) & 1U);
        never = never && !((a >> i) & 1U);
      }
      CHECK(forced.count(x[i]) == (always ? 1U : 0U));
      CHECK(forced.count(~x[i]) == (never ? 1U : 0U));
    }
    CHECK(bb.forced.size() + bb.free.size() == x.size());
  }
}

TEST_CASE("lazy cuts: a gap in the run is found with assumptions, and the cuts stay", "[lazy]") {
  sat::Cnf cnf;
  std::vector<sat::Lit> x;
  for (int i = 0; i < 5; ++i) x.push_back(cnf.new_lit());
  auto s = sat::make_solver("minisat");
  s->add_cnf(cnf);
  int calls = 0;
  const auto check = run_checker(x, &calls);
  // x0 and x4 true, x2 false: no run exists; the failed assumptions name what was used.
  const std::vector<sat::Lit> assume{x[0], x[4], ~x[2]};
  const sat::LazyResult r = sat::solve_lazily(*s, check, assume);
  CHECK(r.status == sat::Status::unsat);
  CHECK(r.stats.cuts >= 1);
  CHECK(r.stats.rounds == static_cast<int>(calls) + 1);
  const auto failed = s->failed_assumptions();
  CHECK(std::set<sat::Lit>(failed.begin(), failed.end()) == std::set<sat::Lit>(assume.begin(), assume.end()));
  // Without ~x2 the answer is the full run.
  CHECK(sat::solve_lazily(*s, check, std::vector<sat::Lit>{x[0], x[4]}).status == sat::Status::sat);
  for (sat::Lit l : x) CHECK(s->model_value(l));
}

TEST_CASE("lazy cuts: a checker whose cut the model satisfies is refused", "[lazy]") {
  sat::Cnf cnf;
  const sat::Lit a = cnf.new_lit();
  auto s = sat::make_solver("minisat");
  s->add_cnf(cnf);
  const sat::CutChecker bad = [a](const sat::Solver& solver) {
    return std::vector<std::vector<sat::Lit>>{{solver.model_value(a) ? a : ~a}};
  };
  CHECK_THROWS_AS(sat::solve_lazily(*s, bad), std::logic_error);
}

TEST_CASE("lazy cuts: connectivity_cuts on small grids keep exactly the connected models", "[lazy]") {
  std::mt19937 rng(31);
  for (int trial = 0; trial < 60; ++trial) {
    const RectGrid g(1 + static_cast<int>(rng() % 3), 1 + static_cast<int>(rng() % 4));
    const int n = static_cast<int>(g.size());
    sat::Cnf cnf;
    std::vector<sat::Lit> x;
    for (int i = 0; i < n; ++i) x.push_back(cnf.new_lit());
    std::vector<std::vector<sat::Lit>> clauses;  // a few random binary clauses, some units
    for (int c = 0, m = static_cast<int>(rng() % 4); c < m; ++c) {
      std::vector<sat::Lit> clause{x[rng() % n] ^ (rng() % 2 == 0)};
      if (rng() % 3) clause.push_back(x[rng() % n] ^ (rng() % 2 == 0));
      clauses.push_back(clause);
      cnf.add_clause(clause);
    }
    auto connected = [&](std::uint32_t a) {  // the true cells form one region (or none)
      auto on = [&](Cell c) { return ((a >> g.index(c)) & 1U) != 0; };
      return puzzlesat::components(g, on).parts.size() <= 1;
    };
    std::set<std::uint32_t> expected;
    for (std::uint32_t a = 0; a < (1U << n); ++a) {
      if (connected(a) && satisfies(a, clauses)) expected.insert(a);
    }
    auto s = sat::make_solver(trial % 2 ? "cadical" : "minisat");
    s->add_cnf(cnf);
    std::vector<std::vector<sat::Lit>> made;
    const sat::CutChecker check = [&](const sat::Solver& solver) {
      auto cuts = sat::connectivity_cuts(g, x, solver);
      std::uint32_t a = 0;
      for (int i = 0; i < n; ++i) a |= solver.model_value(x[i]) ? 1U << i : 0U;
      CHECK(cuts.empty() == connected(a));
      made.insert(made.end(), cuts.begin(), cuts.end());
      return cuts;
    };
    CHECK(lazy_models(*s, check, x) == expected);
    for (std::uint32_t a = 0; a < (1U << n); ++a) {  // every cut holds in every connected assignment
      if (!connected(a)) continue;
      auto value = [&](sat::Lit l) { return (((a >> (l.var().id() - 1)) & 1U) != 0) != l.negated(); };
      for (const auto& cut : made) CHECK(std::any_of(cut.begin(), cut.end(), value));
    }
  }
}

TEST_CASE("lazy cuts: a connectivity cut names the separator, not the whole rim", "[lazy]") {
  // A 1x6 row, true at 0, 1, 3 and 5: parts {0,1} (the largest: no cuts), {3} and {5}.
  const RectGrid g(1, 6);
  sat::Cnf cnf;
  std::vector<sat::Lit> x;
  for (int i = 0; i < 6; ++i) x.push_back(cnf.new_lit());
  for (const char* backend : {"minisat", "cadical"}) {
    auto s = sat::make_solver(backend);
    s->add_cnf(cnf);
    REQUIRE(s->solve(std::vector<sat::Lit>{x[0], x[1], ~x[2], x[3], ~x[4], x[5]}) == sat::Status::sat);
    // Nothing is fixed, so y is the largest part's first cell, 0. {3}'s rim is {2, 4}, but 0
    // reaches only 2 without crossing it.
    CHECK(sat::connectivity_cuts(g, x, *s) ==
          std::vector<std::vector<sat::Lit>>{{~x[0], x[2], ~x[3]}, {~x[0], x[4], ~x[5]}});
  }
  // With 5 fixed true, y is 5 for {3} (its separator: {4}); no fixed cell lies outside {5},
  // so its y is 0 again.
  cnf.add_unit(x[5]);
  auto s = sat::make_solver("minisat");
  s->add_cnf(cnf);
  REQUIRE(s->solve(std::vector<sat::Lit>{x[0], x[1], ~x[2], x[3], ~x[4]}) == sat::Status::sat);
  CHECK(sat::connectivity_cuts(g, x, *s) ==
        std::vector<std::vector<sat::Lit>>{{~x[5], x[4], ~x[3]}, {~x[0], x[4], ~x[5]}});
}

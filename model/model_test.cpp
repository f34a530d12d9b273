#include <puzzlesat/model.h>

#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/proof.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <filesystem>

#include "tests/data_paths.h"
#include "tests/temp_file.h"

using namespace puzzlesat;

namespace {

// A random rule set over n primary variables: each rule counts a random subset.
struct Rule {
  std::vector<int> vars;
  CountConstraint::Op op;
  int k;
};

bool holds(const Rule& rule, std::uint32_t assignment) {
  int count = 0;
  for (int v : rule.vars) count += (assignment >> v) & 1U;
  switch (rule.op) {
    case CountConstraint::Op::eq: return count == rule.k;
    case CountConstraint::Op::le: return count <= rule.k;
    case CountConstraint::Op::ge: return count >= rule.k;
  }
  return false;
}

std::vector<Rule> random_rules(std::mt19937& rng, int n) {
  std::vector<Rule> rules;
  const int count = std::uniform_int_distribution<int>(1, 4)(rng);
  for (int i = 0; i < count; ++i) {
    Rule r;
    for (int v = 0; v < n; ++v)
      if (rng() % 2) r.vars.push_back(v);
    r.op = static_cast<CountConstraint::Op>(rng() % 3);
    r.k = std::uniform_int_distribution<int>(0, static_cast<int>(r.vars.size()) + 1)(rng);
    rules.push_back(r);
  }
  return rules;
}

}  // namespace

TEST_CASE("model: forced and unique_solution agree with brute force on random count rules", "[model]") {
  std::mt19937 rng(16);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = std::uniform_int_distribution<int>(1, 8)(rng);
    const auto rules = random_rules(rng, n);
    Model m(trial % 2 ? "cadical" : "minisat");
    std::vector<sat::Lit> x;
    for (int v = 0; v < n; ++v) x.push_back(m.new_bool("x" + std::to_string(v)));
    for (const Rule& r : rules) {
      std::vector<sat::Lit> lits;
      for (int v : r.vars) lits.push_back(x[v]);
      CountTrue c = count_true(lits);
      m.require(r.op == CountConstraint::Op::eq ? (c == r.k) : r.op == CountConstraint::Op::le ? (c <= r.k) : (c >= r.k));
    }
    // Brute force over the primary variables.
    std::vector<std::uint32_t> solutions;
    for (std::uint32_t a = 0; a < (1U << n); ++a) {
      bool ok = true;
      for (const Rule& r : rules) ok = ok && holds(r, a);
      if (ok) solutions.push_back(a);
    }
    const Forced f = m.forced(x);
    const Uniqueness u = m.unique_solution(x);
    REQUIRE(f.satisfiable == !solutions.empty());
    CHECK(u.solutions == std::min<std::size_t>(solutions.size(), 2));
    if (solutions.empty()) continue;
    for (int v = 0; v < n; ++v) {
      bool always = true, never = true;
      for (std::uint32_t a : solutions) {
        always = always && ((a >> v) & 1U);
        never = never && !((a >> v) & 1U);
      }
      const std::optional<bool> expected = always ? std::optional(true) : never ? std::optional(false) : std::nullopt;
      CHECK(f.value[v] == expected);
    }
    // The solution reported is one of the brute-force solutions.
    std::uint32_t reported = 0;
    for (int v = 0; v < n; ++v) reported |= static_cast<std::uint32_t>(u.solution[v]) << v;
    CHECK(std::find(solutions.begin(), solutions.end(), reported) != solutions.end());
  }
}

TEST_CASE("model: forced reports the polarity of negative literals asked", "[model]") {
  Model m;
  auto a = m.new_bool("a"), b = m.new_bool("b");
  m.require(count_true(std::vector{a, b}) == 1);
  m.require(a);
  const std::vector<sat::Lit> asked{~a, b, ~b};
  const Forced f = m.forced(asked);
  REQUIRE(f.satisfiable);
  CHECK(f.value == std::vector<std::optional<bool>>{false, false, true});
}

TEST_CASE("model: grid variables are named and a minesweeper board is solved", "[model]") {
  // 1 mine among the 8 neighbours of the centre of a 3x3 board, and none in the corners:
  // the mine is on an edge, so no cell but the corners and the centre is forced.
  Model m;
  RectGrid grid(3, 3);
  auto mine = m.bools(grid, "mine");
  CHECK(m.cnf().name(mine[Cell{1, 2}].var()) == "mine(1,2)");
  m.require(count_true(mine[grid.neighbors8({1, 1})]) == 1);
  m.require(~mine[Cell{1, 1}]);
  for (Cell c : {Cell{0, 0}, Cell{0, 2}, Cell{2, 0}, Cell{2, 2}}) m.require(~mine[c]);
  CHECK(m.unique_solution(mine.all()).solutions == 2);
  m.require(count_true(mine[grid.row(0)]) == 1);   // the mine is at (0,1)
  const Uniqueness u = m.unique_solution(mine.all());
  REQUIRE(u.unique());
  CHECK(u.solution[grid.index({0, 1})]);
  CHECK_THROWS(m.require(count_true(mine.all()) <= -1));
}

TEST_CASE("model: explain names the fewest clues that force a fact (brute force)", "[model]") {
  std::mt19937 rng(23);
  int explained = 0, smaller = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = std::uniform_int_distribution<int>(1, 7)(rng);
    // One rule outside any clue, then clues of one rule each.
    const std::vector<Rule> rules = random_rules(rng, n), clues = random_rules(rng, n);
    Model m(trial % 2 ? "cadical" : "minisat");
    std::vector<sat::Lit> x;
    for (int v = 0; v < n; ++v) x.push_back(m.new_bool("x" + std::to_string(v)));
    auto require = [&](const Rule& r) {
      std::vector<sat::Lit> lits;
      for (int v : r.vars) lits.push_back(x[v]);
      CountTrue c = count_true(lits);
      m.require(r.op == CountConstraint::Op::eq ? (c == r.k) : r.op == CountConstraint::Op::le ? (c <= r.k) : (c >= r.k));
    };
    require(rules[0]);
    for (std::size_t i = 0; i < clues.size(); ++i) {
      auto scope = m.clue("clue " + std::to_string(i));
      require(clues[i]);
    }
    // Does the rule plus the clues in `on` force x[v] == value? (brute force)
    auto forces = [&](const std::vector<std::size_t>& on, int v, bool value) {
      for (std::uint32_t a = 0; a < (1U << n); ++a) {
        bool ok = holds(rules[0], a);
        for (std::size_t i : on) ok = ok && holds(clues[i], a);
        if (ok && (((a >> v) & 1U) != 0) != value) return false;
      }
      return true;
    };
    std::vector<std::size_t> every(clues.size());
    for (std::size_t i = 0; i < every.size(); ++i) every[i] = i;
    for (int v = 0; v < n; ++v) {
      for (bool value : {true, false}) {
        const auto why = m.explain(value ? x[v] : ~x[v]);
        REQUIRE(why.has_value() == forces(every, v, value));
        if (!why) continue;
        ++explained;
        std::vector<std::size_t> on;
        for (const std::string& name : *why) on.push_back(std::stoul(name.substr(5)));
        CHECK(std::is_sorted(on.begin(), on.end()));
        CHECK(forces(on, v, value));
        for (std::size_t drop = 0; drop < on.size(); ++drop) {
          std::vector<std::size_t> fewer = on;
          fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(drop));
          CHECK_FALSE(forces(fewer, v, value));
        }
        // The fewest clues: no smaller set of clues forces the fact.
        for (std::uint32_t subset = 0; subset < (1U << clues.size()); ++subset) {
          if (std::popcount(subset) >= static_cast<int>(on.size())) continue;
          std::vector<std::size_t> fewer;
          for (std::size_t i = 0; i < clues.size(); ++i)
            if (subset >> i & 1U) fewer.push_back(i);
          CHECK_FALSE(forces(fewer, v, value));
        }
        const auto e = m.explanation(value ? x[v] : ~x[v]);
        REQUIRE(e);
        CHECK(e->smallest);
        CHECK(e->clues == *why);
        const auto minimal = m.explanation(value ? x[v] : ~x[v], ExplainOptions{.smallest = false});
        REQUIRE(minimal);
        CHECK(minimal->clues.size() >= why->size());
        smaller += minimal->clues.size() > why->size();
      }
    }
  }
  CHECK(explained > 100);  // the trials do reach forced facts
  CHECK(smaller > 0);      // and deletion alone is not always smallest there
}

TEST_CASE("model: clues do not nest, and the rules stay in force outside them", "[model]") {
  Model m;
  auto a = m.new_bool("a"), b = m.new_bool("b");
  m.require(count_true(std::vector{a, b}) == 1);  // a rule
  {
    auto clue = m.clue("a");
    m.require(a);
    CHECK_THROWS_AS(m.clue("inner"), std::logic_error);
  }
  CHECK(m.explain(~b) == std::vector<std::string>{"a"});
  CHECK(m.explain(b) == std::nullopt);
  // The exported formula states every clue: it has exactly one solution.
  CHECK(m.unique_solution(std::vector{a, b}).unique());
}

TEST_CASE("model: forced facts and unique solutions come with DRAT proofs that verify", "[model][proof]") {
  // Three cells, exactly one mine, the first two clear: the third is forced and unique.
  Model m;
  std::vector<sat::Lit> x{m.new_bool("a"), m.new_bool("b"), m.new_bool("c")};
  m.require(count_true(x) == 1);
  m.require(~x[0]);
  m.require(~x[1]);
  testing::TempDir dir;
  auto verified = [&](const std::string& proof) {
    const std::string formula = sat::proof_formula_path(proof);
    return sat::check_drat(sat::read_dimacs(testing::slurp(formula), formula), testing::slurp(proof), proof).verified;
  };
  const std::string forced = (dir.path() / "c.drat").string();
  REQUIRE(m.prove_forced(x[2], {forced, sat::ProofFormat::text}, "c is a mine") == sat::Status::unsat);
  CHECK(verified(forced));
  const std::string unique = (dir.path() / "unique.drat").string();
  REQUIRE(m.prove_unique(x, {false, false, true}, {unique, sat::ProofFormat::binary}) == sat::Status::unsat);
  CHECK(verified(unique));
  // False claims have no proof and leave no files.
  const std::string wrong = (dir.path() / "wrong.drat").string();
  CHECK(m.prove_forced(x[0], {wrong, sat::ProofFormat::text}) == sat::Status::sat);
  CHECK(m.prove_unique(x, {true, false, false}, {wrong, sat::ProofFormat::text}) == sat::Status::sat);
  CHECK_FALSE(std::filesystem::exists(wrong));
  CHECK_FALSE(std::filesystem::exists(sat::proof_formula_path(wrong)));
  // Two solutions: uniqueness of either has no proof.
  Model open;
  std::vector<sat::Lit> y{open.new_bool("a"), open.new_bool("b")};
  open.require(count_true(y) == 1);
  CHECK(open.prove_unique(y, {true, false}, {wrong, sat::ProofFormat::text}) == sat::Status::sat);
}

#include <puzzlesat/solver.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <limits>
#include <random>
#include <stdexcept>
#include <thread>

#include "sat/brute_force.h"
#include "sat/generators.h"

using namespace puzzlesat::sat;

namespace {

const std::vector<std::string> kBuiltIn = {"minisat", "cadical"};
// The backends whose UNSAT answers count: the built-in ones, and an external program that
// writes a DRAT proof check_drat verifies (sat/external_solver.h).
const std::string kProvingExternal = "external:cadical -q {formula} {proof}";
const std::vector<std::string> kAll = {"minisat", "cadical", kProvingExternal};
// External programs without proofs: their models count, their UNSAT answers do not.
const std::vector<std::string> kUnprovingExternal = {"external:minisat", "external:cadical",
                                                     "external:cryptominisat5 --verb 0"};

// Runs solve() while another thread keeps calling interrupt() until it returns.
Status solve_interrupted(Solver& s, std::chrono::milliseconds after) {
  std::atomic<bool> done{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(after);
    while (!done) {
      s.interrupt();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  Status status = s.solve();
  done = true;
  stopper.join();
  return status;
}

}  // namespace

TEST_CASE("Every backend solves, reports models and cores", "[sat][solver]") {
  for (const std::string& spec : kAll) {
    INFO(spec);
    auto solver = make_solver(spec);
    Cnf cnf;
    Lit a = cnf.new_lit(), b = cnf.new_lit(), c = cnf.new_lit();
    cnf.add_clause({a, b});
    cnf.add_clause({~a, c});
    solver->add_cnf(cnf);
    REQUIRE(solver->solve() == Status::sat);
    CHECK((solver->model_value(a) || solver->model_value(b)));
    CHECK((!solver->model_value(a) || solver->model_value(c)));
    CHECK(solver->num_vars() == 3);

    REQUIRE(solver->solve({~b, ~c}) == Status::unsat);
    auto core = solver->failed_assumptions();
    CHECK_FALSE(core.empty());
    for (Lit l : core) CHECK((l == ~b || l == ~c));

    REQUIRE(solver->solve({b, ~c}) == Status::sat);
    CHECK(solver->model_value(b));
    CHECK_FALSE(solver->model_value(a));
    auto model = solver->model(3);
    CHECK(satisfies(cnf, model));

    // Incremental: a new clause and a new variable after solving.
    Lit d = Lit(solver->new_var());
    CHECK(d.var().id() == 4);
    solver->add_clause({~b, d});
    REQUIRE(solver->solve({b}) == Status::sat);
    CHECK(solver->model_value(d));
    solver->add_clause({});
    CHECK(solver->solve() == Status::unsat);
    CHECK(solver->failed_assumptions().empty());
    CHECK(solver->stats().solves == 5);
  }
}

TEST_CASE("External programs without proofs: models count, UNSAT answers are Unknown", "[sat][solver]") {
  for (const std::string& spec : kUnprovingExternal) {
    INFO(spec);
    auto solver = make_solver(spec);
    Cnf cnf;
    Lit a = cnf.new_lit(), b = cnf.new_lit();
    cnf.add_clause({a, b});
    solver->add_cnf(cnf);
    REQUIRE(solver->solve({~a}) == Status::sat);
    CHECK(solver->model_value(b));
    CHECK(solver->solve({~a, ~b}) == Status::unknown);
    CHECK(solver->failed_assumptions().empty());
  }
}

TEST_CASE("Unknown solver names are rejected", "[sat][solver]") {
  CHECK_THROWS_AS(make_solver("nosuchsolver"), std::invalid_argument);
  CHECK_THROWS_AS(make_solver("external:"), std::invalid_argument);
  auto missing = make_solver("external:puzzlesat-no-such-binary");
  missing->add_clause({Lit(Var(1))});
  CHECK_THROWS_WITH(missing->solve(), Catch::Contains("cannot run 'puzzlesat-no-such-binary'"));
  // A program that is not a SAT solver gives no answer, and that is an error, not a guess.
  auto not_a_solver = make_solver("external:true");
  not_a_solver->add_clause({Lit(Var(1))});
  CHECK_THROWS_WITH(not_a_solver->solve(), Catch::Contains("no readable answer"));
}

TEST_CASE("is_solver_spec accepts exactly the names make_solver accepts", "[sat][solver]") {
  for (std::string spec : {"", "minisat", "cadical", "external:kissat", "external:x y", "external:", "external",
                           "Minisat", "cadical ", "nosuchsolver", "extern:al"}) {
    bool made = true;
    try {
      make_solver(spec);
    } catch (const std::invalid_argument&) {
      made = false;
    }
    INFO(spec);
    CHECK(is_solver_spec(spec) == made);
  }
}

TEST_CASE("Pigeonhole PHP(n+1, n) is unsatisfiable for n <= 8 on the built-in backends", "[sat][solver]") {
  for (const std::string& spec : kBuiltIn) {
    for (int n = 1; n <= 8; ++n) {
      INFO(spec << " n=" << n);
      auto s = make_solver(spec);
      s->add_cnf(pigeonhole(n + 1, n));
      CHECK(s->solve() == Status::unsat);
      // With n pigeons it fits, and the model is a placement.
      auto fits = make_solver(spec);
      Cnf php = pigeonhole(n, n);
      fits->add_cnf(php);
      REQUIRE(fits->solve() == Status::sat);
      CHECK(satisfies(php, fits->model(php.num_vars())));
    }
  }
}

// 500 random 3-SAT formulas near the threshold (n = 50..150) in five batches, so ctest
// can run them in parallel: minisat, cadical and external:minisat must agree, and every
// model must satisfy its formula.
static void check_random_3sat_batch(int batch) {
  std::mt19937_64 rng(2026 + static_cast<unsigned>(batch));
  // external:minisat writes no proof: its models are checked, its UNSAT is Unknown.
  const std::vector<std::string> specs = {"minisat", "cadical", "external:minisat", kProvingExternal};
  int sat = 0, unsat = 0;
  for (int i = 0; i < 100; ++i) {
    int n = std::uniform_int_distribution<int>(50, 150)(rng);
    Cnf cnf = random_ksat(rng, n, static_cast<int>(4.26 * n + 0.5));
    std::vector<Status> answers;
    for (const std::string& spec : specs) {
      auto s = make_solver(spec);
      s->add_cnf(cnf);
      Status st = s->solve();
      answers.push_back(st);
      if (st == Status::sat) {
        INFO(spec << " formula " << i);
        CHECK(satisfies(cnf, s->model(n)));
      }
    }
    INFO("formula " << i);
    CHECK(answers[0] != Status::unknown);
    CHECK(answers[1] == answers[0]);
    CHECK(answers[2] == (answers[0] == Status::sat ? Status::sat : Status::unknown));
    CHECK(answers[3] == answers[0]);
    (answers[0] == Status::sat ? sat : unsat)++;
  }
  // Near the threshold both answers should be common, or the test proves little.
  CHECK(sat > 20);
  CHECK(unsat > 20);
}

TEST_CASE("Random 3-SAT near the threshold, batch 1 of 5: backends agree", "[sat][solver]") { check_random_3sat_batch(1); }
TEST_CASE("Random 3-SAT near the threshold, batch 2 of 5: backends agree", "[sat][solver]") { check_random_3sat_batch(2); }
TEST_CASE("Random 3-SAT near the threshold, batch 3 of 5: backends agree", "[sat][solver]") { check_random_3sat_batch(3); }
TEST_CASE("Random 3-SAT near the threshold, batch 4 of 5: backends agree", "[sat][solver]") { check_random_3sat_batch(4); }
TEST_CASE("Random 3-SAT near the threshold, batch 5 of 5: backends agree", "[sat][solver]") { check_random_3sat_batch(5); }

TEST_CASE("Cores: the failed assumptions are unsatisfiable with the formula", "[sat][solver]") {
  std::mt19937_64 rng(99);
  int cores = 0;
  for (int i = 0; i < 200; ++i) {
    int n = 40;
    Cnf cnf = random_ksat(rng, n, 120);
    std::vector<Lit> assumptions;
    for (int j = 0; j < 12; ++j) {
      assumptions.push_back(Lit(Var(std::uniform_int_distribution<int>(1, n)(rng)), rng() % 2 == 0));
    }
    for (const std::string& spec : kBuiltIn) {
      auto s = make_solver(spec);
      s->add_cnf(cnf);
      if (s->solve(assumptions) != Status::unsat) continue;
      ++cores;
      auto core = s->failed_assumptions();
      for (Lit l : core) CHECK(std::find(assumptions.begin(), assumptions.end(), l) != assumptions.end());
      // Checked by the other backend, from scratch.
      auto check = make_solver(spec == "minisat" ? "cadical" : "minisat");
      check->add_cnf(cnf);
      INFO(spec << " formula " << i << " core size " << core.size());
      CHECK(check->solve(core) == Status::unsat);
    }
  }
  CHECK(cores > 50);
}

TEST_CASE("Budgets and interrupts give Unknown, and the solver still works afterwards", "[sat][solver]") {
  for (const std::string& spec : kBuiltIn) {
    INFO(spec);
    auto s = make_solver(spec);
    s->add_cnf(pigeonhole(12, 11));  // far beyond any budget below
    s->set_budget({.conflicts = 100, .seconds = {}});
    CHECK(s->solve() == Status::unknown);

    s->set_budget({.conflicts = {}, .seconds = 0.2});
    auto start = std::chrono::steady_clock::now();
    CHECK(s->solve() == Status::unknown);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));

    s->set_budget({});
    start = std::chrono::steady_clock::now();
    CHECK(solve_interrupted(*s, std::chrono::milliseconds(100)) == Status::unknown);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));

    // Assumptions that fail at once still give an answer after the interrupts.
    CHECK(s->solve({Lit(Var(1)), Lit(Var(12))}) == Status::unsat);
  }
  // The external backend kills the program.
  for (std::string spec : {"external:minisat", "external:cadical"}) {
    INFO(spec);
    auto s = make_solver(spec);
    s->add_cnf(pigeonhole(12, 11));
    CHECK_THROWS_AS(s->set_budget({.conflicts = 100, .seconds = {}}), std::invalid_argument);
    s->set_budget({.conflicts = {}, .seconds = 0.3});
    auto start = std::chrono::steady_clock::now();
    CHECK(s->solve() == Status::unknown);
    s->set_budget({});
    CHECK(solve_interrupted(*s, std::chrono::milliseconds(100)) == Status::unknown);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  }
}

TEST_CASE("Phase hints steer the models but never the answer", "[sat][solver]") {
  // CaDiCaL tries all-false/all-true "lucky" assignments before it decides anything, so
  // only MiniSat is bound to follow the hints here.
  for (const std::string& spec : kBuiltIn) {
    const bool steered = spec == "minisat";
    INFO(spec);
    auto s = make_solver(spec);
    // Every assignment of 1..20 except all-true is a model: the hints pick among them.
    std::vector<Lit> not_all;
    for (int v = 1; v <= 20; ++v) not_all.push_back(~Lit(Var(v)));
    s->add_clause(not_all);
    for (bool want : {true, false}) {
      for (int v = 2; v <= 20; ++v) s->set_phase(Lit(Var(v), !want));
      REQUIRE(s->solve() == Status::sat);
      if (steered)
        for (int v = 2; v <= 20; ++v) CHECK(s->model_value(Var(v)) == want);
    }
    // A hint against the only model does not change the answer.
    s->set_phase(Lit(Var(1)));
    s->add_clause({~Lit(Var(1))});
    CHECK(s->solve() == Status::sat);
    CHECK_FALSE(s->model_value(Var(1)));
    for (int v = 1; v <= 20; ++v) s->clear_phase(Var(v));
    CHECK(s->solve() == Status::sat);
  }
}

// add_cnf may be called again after solving, with more variables and clauses (MiniSat's
// add_cnf sizes its arrays for each formula it is given): the answers must match brute
// force on the union of the parts, including units, duplicate and complementary literals.
TEST_CASE("add_cnf in parts, after solving, answers like the whole formula", "[sat][solver]") {
  std::mt19937_64 rng(77);
  for (const std::string& spec : kBuiltIn) {
    int sat = 0, unsat = 0;
    for (int round = 0; round < 200; ++round) {
      INFO(spec << " round " << round);
      const int n = 12;
      Cnf first = random_ksat(rng, n / 2, 10);            // variables 1..6 only
      Cnf second = random_ksat(rng, n, 30 + round % 25);  // all 12
      std::uniform_int_distribution<int> var(1, n);
      Lit l(Var(var(rng)), rng() % 2 == 0);
      second.add_clause({l});                   // a unit
      second.add_clause({l, l, Lit(Var(var(rng)))});  // a duplicate literal
      second.add_clause({l, ~l});               // a tautology
      Cnf whole;
      whole.reserve_vars(n);
      for (const Cnf* part : {&first, &second})
        for (std::span<const Lit> c : part->clauses()) whole.add_clause(c);

      auto s = make_solver(spec);
      s->add_cnf(first);
      CHECK(s->solve() == (all_models(first).empty() ? Status::unsat : Status::sat));
      s->add_cnf(second);
      const bool expect_sat = !all_models(whole).empty();
      REQUIRE(s->solve() == (expect_sat ? Status::sat : Status::unsat));
      if (expect_sat) CHECK(satisfies(whole, s->model(n)));
      (expect_sat ? sat : unsat)++;
    }
    CHECK(sat > 20);
    CHECK(unsat > 20);
  }
}

// Issue #15 item 5: 1e10 s overflowed the clock and expired at once (UNKNOWN on an UNSAT
// formula); infinity and NaN did the same.
TEST_CASE("Time budgets too long to count are no limit, not an instant Unknown", "[sat][solver]") {
  for (std::string spec : {std::string("minisat"), std::string("cadical"), kProvingExternal}) {
    for (double seconds : {1e10, 1e300, std::numeric_limits<double>::infinity(),
                           std::numeric_limits<double>::quiet_NaN()}) {
      INFO(spec << " " << seconds);
      auto s = make_solver(spec);
      s->add_cnf(pigeonhole(7, 6));
      s->set_budget({.conflicts = {}, .seconds = seconds});
      CHECK(s->solve() == Status::unsat);
    }
  }
}

// fixed() may only name facts: a literal it calls fixed holds in every model (brute force),
// and the units a formula states outright are known at the root once a solve has run.
TEST_CASE("fixed() names only literals true in every model", "[sat][solver]") {
  for (const std::string& spec : kBuiltIn) {
    INFO(spec);
    {
      auto s = make_solver(spec);
      Lit a(Var(1)), b(Var(2)), c(Var(3)), d(Var(4));
      s->add_clause({a});
      s->add_clause({~a, b});
      s->add_clause({c, d});
      REQUIRE(s->solve() == Status::sat);
      CHECK(s->fixed(a) == 1);
      CHECK(s->fixed(b) == 1);
      CHECK(s->fixed(~b) == -1);
      CHECK(s->fixed(c) == 0);
      CHECK(s->fixed(Lit(Var(9))) == 0);  // a variable the solver has never seen
    }
    std::mt19937_64 rng(2026);
    int fixed_seen = 0;
    for (int round = 0; round < 300; ++round) {
      const int n = 8 + static_cast<int>(rng() % 5);
      Cnf cnf = random_ksat(rng, n, static_cast<int>(4.2 * n));
      const std::vector<std::uint32_t> models = all_models(cnf);
      auto s = make_solver(spec);
      s->add_cnf(cnf);
      if (s->solve() != Status::sat) continue;
      // Asking about each variable in turn lets the solver learn more units.
      for (int v = 1; v <= n; ++v) {
        (void)s->solve({Lit(Var(v))});
        for (int w = 1; w <= n; ++w) {
          const int f = s->fixed(Lit(Var(w)));
          if (f == 0) continue;
          ++fixed_seen;
          for (std::uint32_t m : models) CHECK(((m >> (w - 1)) & 1u) == (f > 0 ? 1u : 0u));
        }
      }
    }
    CHECK(fixed_seen > 0);
  }
}

TEST_CASE("read_model gives model_value of every variable, false beyond the solver's", "[sat][solver]") {
  for (const std::string& spec : kBuiltIn) {
    INFO(spec);
    auto solver = make_solver(spec);
    std::mt19937 rng(3);
    for (int i = 0; i < 40; ++i) {
      Lit a(Var(1 + static_cast<int>(rng() % 30)), rng() % 2), b(Var(1 + static_cast<int>(rng() % 30)), rng() % 2);
      solver->add_clause({a, b});
    }
    REQUIRE(solver->solve() == Status::sat);
    std::vector<char> whole(35, 7);
    solver->read_model(whole);
    for (int v = 1; v <= 35; ++v) CHECK(static_cast<bool>(whole[static_cast<std::size_t>(v) - 1]) == solver->model_value(Var(v)));
    for (int v = solver->num_vars() + 1; v <= 35; ++v) CHECK(whole[static_cast<std::size_t>(v) - 1] == 0);
  }
}

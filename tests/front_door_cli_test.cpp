// The front door (issue #16): the command tree built from self-registered groups, the one
// --solver option reaching every solving command, and a named CNF export for every SAT puzzle.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <puzzlesat/dimacs.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/solver.h>

#include "tests/run_cli.h"

using puzzlesat::testing::contains;
using puzzlesat::testing::run_cli;

TEST_CASE("the command tree: top-level groups by name, extensions on their parent", "[cli][registry]") {
  auto top = run_cli({"--help"});
  REQUIRE(top.exit_code == 0);
  std::size_t last = 0;
  for (const char* group : {"cnf ", "encode ", "hexcells ", "queens ", "set ", "yahtzee "}) {
    const std::size_t at = top.out.find(std::string("  ") + group);
    REQUIRE(at != std::string::npos);
    CHECK(at > last);
    last = at;
  }
  CHECK(contains(run_cli({"hexcells", "--help"}).out, "screenshot"));
  CHECK(contains(run_cli({"set", "--help"}).out, "photo"));
  CHECK(contains(run_cli({"yahtzee", "--help"}).out, "dice-scene"));
  // dice_vision adds --photo to yahtzee advise through the group's shared extension point.
  CHECK(contains(run_cli({"yahtzee", "advise", "--help"}).out, "--photo"));
  auto version = run_cli({"--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out.rfind("puzzlesat ", 0) == 0);
}

TEST_CASE("The solver option reaches hexcells deduce, explain and solve", "[cli][solver][hexcells]") {
  const std::string level = "demo/hexcells-honeycomb-round4.hexcells";
  auto minisat = run_cli({"hexcells", "deduce", level, "--explain", "--json"});
  REQUIRE(minisat.exit_code == 0);
  auto cadical = run_cli({"hexcells", "deduce", level, "--explain", "--json", "--solver", "cadical"});
  REQUIRE(cadical.exit_code == 0);
  const auto a = nlohmann::json::parse(minisat.out), b = nlohmann::json::parse(cadical.out);
  CHECK(a["blue"] == b["blue"]);
  CHECK(a["black"] == b["black"]);
  // A program that does not exist is only found when solving: the spec reached the solver.
  auto missing = run_cli({"hexcells", "deduce", level, "--solver", "external:/nonexistent/solver"});
  CHECK(missing.exit_code != 0);
  CHECK(missing.err.rfind("puzzlesat: error: ", 0) == 0);
  auto solve = run_cli({"hexcells", "solve", "demo/hexcells-honeycomb.hexcells", "--solver", "cadical", "--json"});
  CHECK(solve.exit_code == 0);
  CHECK(nlohmann::json::parse(solve.out)["verdict"] == "solved");
  // A bad name is a usage error before any work.
  auto bad = run_cli({"hexcells", "deduce", level, "--solver", "glucose"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.rfind("puzzlesat: error: --solver: unknown solver 'glucose'", 0) == 0);
}

TEST_CASE("queens cnf exports the formula with named variables, its models are the placements",
          "[cli][queens][cnf]") {
  auto r = run_cli({"queens", "cnf", "--n", "5"});
  REQUIRE(r.exit_code == 0);
  const puzzlesat::sat::Cnf cnf = puzzlesat::sat::read_dimacs(r.out, "queens.cnf");
  CHECK(cnf.name(puzzlesat::sat::Var(1)) == "queen(0,0)");
  CHECK(cnf.name(puzzlesat::sat::Var(25)) == "queen(4,4)");
  auto solver = puzzlesat::sat::make_solver();
  solver->add_cnf(cnf);
  std::vector<puzzlesat::sat::Var> squares;
  for (int v = 1; v <= 25; ++v) squares.push_back(puzzlesat::sat::Var(v));
  const auto models = puzzlesat::sat::enumerate_models(*solver, squares, puzzlesat::sat::kNoLimit);
  CHECK(models.complete);
  CHECK(models.models.size() == 10);  // the 5-queens puzzle has 10 solutions
  // --json carries the same DIMACS text and its counts.
  auto j = run_cli({"queens", "cnf", "--n", "5", "--json"});
  REQUIRE(j.exit_code == 0);
  const auto out = nlohmann::json::parse(j.out);
  CHECK(out["dimacs"] == r.out);
  CHECK(out["variables"] == cnf.num_vars());
  CHECK(out["clauses"] == cnf.num_clauses());
}

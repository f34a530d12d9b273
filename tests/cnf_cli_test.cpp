// End-to-end tests of `puzzlesat cnf solve|backbone|enumerate`: competition-solver
// behaviour, agreement with the `minisat` binary, bad input, and the JSON shapes.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "sat/brute_force.h"
#include <puzzlesat/dimacs.h>
#include "sat/generators.h"
#include <puzzlesat/solution.h>
#include "sat/subprocess.h"
#include "tests/data_paths.h"
#include "tests/dimacs_text.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

namespace puzzlesat::sat {
using puzzlesat::testing::dimacs_text;
using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using puzzlesat::testing::TempFile;

namespace {

int minisat_binary_exit_code(const std::string& file) {
  Subprocess p;
  auto dir = std::filesystem::temp_directory_path();
  auto out = (dir / "puzzlesat-minisat-out").string();
  auto exit = p.run({"minisat", "-verb=0", file}, out, out);
  std::filesystem::remove(out);
  return exit.code;
}

}  // namespace

TEST_CASE("cnf solve answers like a competition solver and agrees with the minisat binary", "[cli][cnf]") {
  std::mt19937_64 rng(5);
  int sat = 0, unsat = 0;
  for (int i = 0; i < 20; ++i) {
    int n = 40 + 5 * i;
    Cnf cnf = random_ksat(rng, n, static_cast<int>(4.26 * n));
    TempFile file(dimacs_text(cnf));
    for (std::string solver : {"minisat", "cadical"}) {
      INFO("formula " << i << " solver " << solver);
      auto r = run_cli({"cnf", "solve", file.path(), "--solver", solver});
      CHECK(r.err.empty());
      REQUIRE((r.exit_code == 10 || r.exit_code == 20));
      CHECK(r.exit_code == minisat_binary_exit_code(file.path()));
      auto answer = parse_solution(r.out);
      REQUIRE(answer);
      CHECK(answer->status == (r.exit_code == 10 ? Status::sat : Status::unsat));
      if (r.exit_code == 10) {
        CHECK(static_cast<int>(answer->model.size()) == n);
        CHECK(satisfies(cnf, answer->model));
      }
      (r.exit_code == 10 ? sat : unsat)++;
    }
  }
  CHECK(sat > 5);
  CHECK(unsat > 5);
}

TEST_CASE("cnf solve reads standard input, honours budgets and the external backend", "[cli][cnf]") {
  auto r = run_cli({"cnf", "solve", "-"}, "p cnf 2 2\n1 2 0\n-1 0\n");
  CHECK(r.exit_code == 10);
  CHECK_THAT(r.out, Catch::Contains("s SATISFIABLE\nv -1 2 0\n"));

  TempFile php(dimacs_text(pigeonhole(11, 10)));
  r = run_cli({"cnf", "solve", php.path(), "--conflicts", "50"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("s UNKNOWN\n"));
  r = run_cli({"cnf", "solve", php.path(), "--timeout", "0.2", "--solver", "cadical"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("s UNKNOWN\n"));

  TempFile small(dimacs_text(pigeonhole(5, 4)));
  // An external program's UNSAT counts only with a DRAT proof that verifies.
  for (std::string solver : {"external:minisat", "external:cadical", "external:cryptominisat5 --verb 0"}) {
    INFO(solver);
    r = run_cli({"cnf", "solve", small.path(), "--solver", solver});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::EndsWith("s UNKNOWN\n"));
  }
  r = run_cli({"cnf", "solve", small.path(), "--solver", "external:cadical -q {formula} {proof}"});
  CHECK(r.exit_code == 20);
  CHECK_THAT(r.out, Catch::EndsWith("s UNSATISFIABLE\n"));
  r = run_cli({"cnf", "solve", php.path(), "--conflicts", "50", "--solver", "external:minisat"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::StartsWith("puzzlesat: error: --conflicts: the external backend cannot limit conflicts"));
}

TEST_CASE("Ctrl-C stops cnf solve, which still answers s UNKNOWN", "[cli][cnf]") {
  TempFile php(dimacs_text(pigeonhole(13, 12)));  // minutes of search for every backend
  for (std::string solver : {"minisat", "cadical", "external:minisat"}) {
    INFO(solver);
    auto start = std::chrono::steady_clock::now();
    auto r = run_cli({"cnf", "solve", php.path(), "--solver", solver}, "", std::chrono::milliseconds(300));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("c interrupted\n"));
    CHECK_THAT(r.out, Catch::EndsWith("s UNKNOWN\n"));
  }
}

TEST_CASE("cnf commands reject bad input with exit 2 and one located error line", "[cli][cnf]") {
  struct Case {
    std::string text, position;
  };
  const std::vector<Case> cases = {
      {"1 2 0\n", ":1:1: missing 'p cnf' header"},
      {"p cnf 2 1\np cnf 2 1\n1 0\n", ":2:1: duplicate 'p cnf' header"},
      {"p cnf 2 1\n1 3 0\n", ":2:3: literal 3 exceeds the declared variable count 2"},
      {"p cnf 2 1\n1 2\n", ":2:4: missing final 0"},
      {"p cnf 2 2\n1 2 0\n", ":1:1: the header declares 2 clauses but the file has 1"},
      {"p cnf 2 1\n1 2 0\n-1 0\n", ":3:1: more clauses than the 1 declared"},
      {"p cnf 2 1\n1 two 0\n", ":2:3: 'two' is not an integer"},
      {"p cnf 2 1\n1 4294967297 0\n", ":2:3: integer '4294967297' is out of range"},
      {"p cnf 2 1\n1 -0\n", ":2:3: '-0' is not a literal"},
  };
  for (const Case& c : cases) {
    TempFile file(c.text);
    for (std::string command : {"solve", "backbone", "enumerate"}) {
      INFO(command << " on: " << c.text);
      auto r = run_cli({"cnf", command, file.path()});
      CHECK(r.exit_code == 2);
      CHECK(r.out.empty());
      CHECK_THAT(r.err, Catch::StartsWith("puzzlesat: error: " + file.path() + c.position));
      CHECK(line_count(r.err) == 1);
    }
  }
  auto r = run_cli({"cnf", "solve", "-"}, "p cnf 1 1\n1 x 0\n");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::StartsWith("puzzlesat: error: -:2:3: "));
  r = run_cli({"cnf", "solve", "/nonexistent/file.cnf"});
  CHECK(r.exit_code == 2);
  r = run_cli({"cnf", "solve", "--solver", "nosuch", "-"}, "p cnf 1 1\n1 0\n");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("unknown solver 'nosuch'"));
  r = run_cli({"cnf", "enumerate", "--project", "1,9", "-"}, "p cnf 2 1\n1 0\n");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("'9' is not a variable"));
}

TEST_CASE("cnf backbone and enumerate match brute force, in the documented JSON shapes", "[cli][cnf]") {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 15; ++i) {
    Cnf cnf = random_ksat(rng, 8, 10 + 2 * i, 2 + i % 2);
    TempFile file(dimacs_text(cnf));
    auto models = all_models(cnf);
    INFO("formula " << i << ", " << models.size() << " models");

    auto bb = run_cli({"cnf", "backbone", file.path(), "--json"});
    REQUIRE(bb.exit_code == 0);
    auto j = nlohmann::json::parse(bb.out);
    CHECK(bb.out.rfind("{\"status\":", 0) == 0);
    CHECK(j.size() == 3);
    // Local search may find every model a satisfiable formula needs without a solver
    // call (docs/sat.md); refuting one always takes a call.
    CHECK(j["calls"].get<int>() >= 0);
    if (models.empty()) {
      CHECK(j["calls"].get<int>() >= 1);
      CHECK(j["status"] == "unsat");
      CHECK(j["forced"].empty());
    } else {
      CHECK(j["status"] == "sat");
      std::vector<int> forced;
      for (int v = 1; v <= 8; ++v) {
        std::uint32_t bit = 1U << (v - 1);
        bool all_true = std::all_of(models.begin(), models.end(), [&](auto m) { return (m & bit) != 0; });
        bool all_false = std::all_of(models.begin(), models.end(), [&](auto m) { return (m & bit) == 0; });
        if (all_true) forced.push_back(v);
        if (all_false) forced.push_back(-v);
      }
      CHECK(j["forced"].get<std::vector<int>>() == forced);
      auto chunked = run_cli({"cnf", "backbone", file.path(), "--json", "--method", "chunked"});
      REQUIRE(chunked.exit_code == 0);
      CHECK(nlohmann::json::parse(chunked.out)["forced"].get<std::vector<int>>() == forced);
    }

    auto en = run_cli({"cnf", "enumerate", file.path(), "--project", "3,1,5", "--json"});
    REQUIRE(en.exit_code == 0);
    auto e = nlohmann::json::parse(en.out);
    CHECK(en.out.rfind("{\"count\":", 0) == 0);
    std::vector<std::vector<int>> expected;
    for (auto m : models) {
      std::vector<int> p;
      for (int v : {3, 1, 5}) p.push_back(((m >> (v - 1)) & 1U) ? v : -v);
      expected.push_back(p);
    }
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    auto got = e["models"].get<std::vector<std::vector<int>>>();
    std::sort(got.begin(), got.end());
    CHECK(e["count"].get<std::size_t>() == expected.size());
    CHECK(got == expected);

    if (expected.size() > 1) {
      auto limited = run_cli({"cnf", "enumerate", file.path(), "--project", "3,1,5", "--limit", "1", "--json"});
      CHECK(limited.exit_code == 0);
      CHECK(nlohmann::json::parse(limited.out)["count"] == 1);
      CHECK_THAT(limited.err, Catch::Contains("more exist"));
    }
  }
}

TEST_CASE("the shipped demo formulas give the answers their comments state", "[cli][cnf]") {
  auto root = puzzlesat::testing::repo_root();
  auto r = run_cli({"cnf", "solve", (root / "demo/pigeonhole-5-4.cnf").string()});
  CHECK(r.exit_code == 20);
  r = run_cli({"cnf", "backbone", (root / "demo/queens-4.cnf").string(), "--json"});
  REQUIRE(r.exit_code == 0);
  CHECK(nlohmann::json::parse(r.out)["forced"].get<std::vector<int>>() ==
        std::vector<int>{-1, -4, -6, -7, -10, -11, -13, -16});
  r = run_cli({"cnf", "enumerate", (root / "demo/queens-4.cnf").string(), "--json"});
  REQUIRE(r.exit_code == 0);
  CHECK(nlohmann::json::parse(r.out)["count"] == 2);
}

}  // namespace puzzlesat::sat

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "problems/queens/queens.h"
#include "tests/run_cli.h"

using puzzlesat::testing::run_cli;

TEST_CASE("queens solve --all --json lists every solution, each valid", "[queens][cli]") {
  auto r = run_cli({"queens", "solve", "--n", "6", "--all", "--json"});
  REQUIRE(r.exit_code == 0);
  auto out = nlohmann::json::parse(r.out);
  CHECK(out["complete"] == true);
  auto solutions = out["solutions"].get<std::vector<puzzlesat::queens::Placement>>();
  CHECK(solutions.size() == puzzlesat::queens::solve(6, "minisat", 100).placements.size());
  for (const auto& p : solutions) CHECK(puzzlesat::queens::is_solution(p));
}

TEST_CASE("queens with no solution says so, a bad size is exit 2", "[queens][cli]") {
  auto none = run_cli({"queens", "solve", "--n", "3"});
  CHECK(none.exit_code == 0);
  CHECK(none.out.find("no placement") != std::string::npos);
  auto bad = run_cli({"queens", "solve", "--n", "0"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.rfind("puzzlesat: error: ", 0) == 0);
}

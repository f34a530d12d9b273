// `puzzlesat hexcells generate` end to end: the level it writes is solved by
// `hexcells solve` without guessing, the same seed writes the same file, bad options exit 2.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

#include "tests/run_cli.h"
#include "tests/temp_file.h"

using nlohmann::json;
using puzzlesat::testing::run_cli;

TEST_CASE("hexcells generate writes a level that hexcells solve finishes", "[hexcells][generate][cli]") {
  auto gen = run_cli({"hexcells", "generate", "--size", "5", "--seed", "7", "--difficulty", "2"});
  REQUIRE(gen.exit_code == 0);
  REQUIRE(gen.out.rfind("Hexcells level v1\n", 0) == 0);
  auto solve = run_cli({"hexcells", "solve", "--json", "-"}, gen.out);  // '-': the level on stdin
  REQUIRE(solve.exit_code == 0);
  json j = json::parse(solve.out);
  CHECK(j["verdict"] == "solved");
  CHECK(j["hidden_left"] == 0);
  CHECK(j["revealed"].get<int>() > 0);

  // Deterministic: the same options print the same level.
  auto again = run_cli({"hexcells", "generate", "--size", "5", "--seed", "7", "--difficulty", "2"});
  CHECK(again.out == gen.out);
}

TEST_CASE("hexcells generate -o writes the file and --json summarises it", "[hexcells][generate][cli]") {
  puzzlesat::testing::TempDir dir;
  const auto path = (dir.path() / "g.hexcells").string();
  auto gen = run_cli({"hexcells", "generate", "--size", "4", "--seed", "3", "-o", path, "--json"});
  REQUIRE(gen.exit_code == 0);
  json j = json::parse(gen.out);
  CHECK(j["file"] == path);
  CHECK(j["size"] == 4);
  CHECK(j["target"] == 3);
  CHECK(j["difficulty"].get<int>() >= 1);
  CHECK(j["difficulty"].get<int>() <= 3);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str().rfind("Hexcells level v1\n", 0) == 0);
  auto solve = run_cli({"hexcells", "solve", "--json", path});
  REQUIRE(solve.exit_code == 0);
  CHECK(json::parse(solve.out)["verdict"] == "solved");
  CHECK(json::parse(solve.out)["rounds"] == j["rounds"]);
}

TEST_CASE("hexcells generate refuses bad options with exit 2", "[hexcells][generate][cli]") {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"hexcells", "generate"},                                      // --seed is required
           {"hexcells", "generate", "--seed", "-1"},                      // not a whole number
           {"hexcells", "generate", "--seed", "1", "--size", "2"},        // below the smallest board
           {"hexcells", "generate", "--seed", "1", "--size", "99"},       // beyond the grid
           {"hexcells", "generate", "--seed", "1", "--difficulty", "0"},  // out of range
       }) {
    auto r = run_cli(args);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.rfind("puzzlesat: error:", 0) == 0);
    CHECK(r.out.empty());
  }
}

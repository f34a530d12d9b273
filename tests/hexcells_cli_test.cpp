// `puzzlesat hexcells …` end to end on the demo levels the repository ships.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "problems/hexcells/format.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/solver.h>
#include "tests/data_paths.h"
#include "tests/run_cli.h"

using puzzlesat::testing::run_cli;
using nlohmann::json;

namespace {
const std::string kLevel = puzzlesat::testing::demo_file("hexcells-honeycomb.hexcells");
const std::string kState = (puzzlesat::testing::repo_root() / "demo/hexcells-honeycomb-round4.hexcells").string();
}  // namespace

TEST_CASE("hexcells show draws the board", "[hexcells][cli]") {
  auto r = run_cli({"hexcells", "show", kLevel});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("Honeycomb") != std::string::npos);
  CHECK(r.out.find("[7]") != std::string::npos);  // the revealed blue centre
  CHECK(r.out.find("REMAINING 10") != std::string::npos);
}

TEST_CASE("hexcells deduce --json lists forced cells, matching the exported CNF's models", "[hexcells][cli]") {
  auto r = run_cli({"hexcells", "deduce", "--json", kState});
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  std::set<std::pair<int, int>> blue, black;
  for (auto& c : j["blue"]) blue.insert({c[0].get<int>(), c[1].get<int>()});
  for (auto& c : j["black"]) black.insert({c[0].get<int>(), c[1].get<int>()});
  CHECK(blue.size() + black.size() > 5);

  // Every model of `hexcells cnf`, projected on the cells, must agree on exactly these.
  auto cnf_out = run_cli({"hexcells", "cnf", kState});
  REQUIRE(cnf_out.exit_code == 0);
  puzzlesat::sat::Cnf cnf = puzzlesat::sat::read_dimacs(cnf_out.out, "cnf");
  std::vector<puzzlesat::sat::Var> cells;
  for (int v = 1; v <= cnf.num_vars(); ++v)
    if (cnf.name(puzzlesat::sat::Var(v)).rfind("cell(", 0) == 0) cells.push_back(puzzlesat::sat::Var(v));
  auto solver = puzzlesat::sat::make_solver();
  solver->add_cnf(cnf);
  auto models = puzzlesat::sat::enumerate_models(*solver, cells, 100000);
  REQUIRE(models.complete);
  REQUIRE(!models.models.empty());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    std::string name = cnf.name(cells[i]);  // cell(x,y)
    int x = std::stoi(name.substr(5)), y = std::stoi(name.substr(name.find(',') + 1));
    bool always = true, never = true;
    for (const auto& m : models.models) {
      always &= !m[i].negated();
      never &= m[i].negated();
    }
    INFO(name);
    CHECK(always == (blue.count({x, y}) == 1));
    CHECK(never == (black.count({x, y}) == 1));
  }
}

TEST_CASE("hexcells deduce --explain names hints for each forced cell", "[hexcells][cli]") {
  auto r = run_cli({"hexcells", "deduce", "--explain", "--json", kState});
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  REQUIRE(j["explanations"].size() == j["blue"].size() + j["black"].size());
  for (auto& e : j["explanations"]) CHECK((!e["hints"].empty() || e["remaining"].get<bool>()));
  auto text = run_cli({"hexcells", "deduce", "--explain", kState});
  CHECK(text.out.find("because") != std::string::npos);
}

TEST_CASE("hexcells solve plays levels to a verdict", "[hexcells][cli]") {
  auto one = run_cli({"hexcells", "solve", "--json", kLevel});
  REQUIRE(one.exit_code == 0);
  json j = json::parse(one.out);
  CHECK(j["verdict"] == "solved");
  CHECK(j["hidden_left"] == 0);
  CHECK(j["revealed"].get<int>() > 0);
  CHECK(j["rounds"].get<int>() > 1);
  auto two = run_cli({"hexcells", "solve", "--json", "--steps", kLevel, kLevel});
  REQUIRE(two.exit_code == 0);
  json a = json::parse(two.out);
  REQUIRE(a.is_array());
  CHECK(a.size() == 2);
  CHECK(a[0]["steps"].size() == a[0]["rounds"].get<std::size_t>());
  // Every round of the default play is complete; --hints-first ends the same way.
  for (auto& step : a[0]["steps"]) CHECK(step["complete"].get<bool>());
  auto first = run_cli({"hexcells", "solve", "--json", "--hints-first", kLevel});
  REQUIRE(first.exit_code == 0);
  json e = json::parse(first.out);
  CHECK(e["verdict"] == j["verdict"]);
  CHECK(e["revealed"] == j["revealed"]);
  // A state has no solution to check against.
  CHECK(run_cli({"hexcells", "solve", kState}).exit_code == 2);
}

TEST_CASE("hexcells commands reject bad input with one error line naming the place", "[hexcells][cli]") {
  auto r = run_cli({"hexcells", "deduce", "-"}, "Hexcells level v1\nt\na\n\n\n....q.\n");
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("puzzlesat: error: -:6:", 0) == 0);
  auto missing = run_cli({"hexcells", "show", "/no/such/file.hexcells"});
  CHECK(missing.exit_code == 2);
  // An impossible state: no hidden cell may be blue, but the hints need some.
  std::ifstream in(kState);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  std::size_t at = text.find("remaining ");
  REQUIRE(at != std::string::npos);
  text.replace(at, text.find('\n', at) - at, "remaining 0");
  auto impossible = run_cli({"hexcells", "deduce", "-"}, text);
  CHECK(impossible.exit_code == 2);
  CHECK(impossible.err.find("impossible state") != std::string::npos);
}

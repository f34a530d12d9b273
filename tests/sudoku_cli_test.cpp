#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <sstream>
#include <vector>

#include "problems/sudoku/sudoku.h"

#include "tests/data_paths.h"
#include "tests/drat_verified.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using puzzlesat::testing::TempFile;
using nlohmann::json;
namespace sudoku = puzzlesat::sudoku;

namespace {
// A 17-clue puzzle (Royle's list) and its solution.
const std::string kRoyle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

sudoku::Grid grid_of(const json& rows) {
  sudoku::Grid g;
  for (const auto& row : rows)
    for (char c : row.get<std::string>()) g.push_back(c - '0');
  return g;
}
}  // namespace

TEST_CASE("sudoku solve --json: status and one string per row, a valid solution", "[sudoku][cli]") {
  auto r = run_cli({"sudoku", "solve", "-", "--json"}, kRoyle + "\n");
  REQUIRE(r.exit_code == 0);
  const json out = json::parse(r.out);
  CHECK(out["status"] == "sat");
  REQUIRE(out["solution"].size() == 9);
  CHECK(out["solution"][0].get<std::string>().size() == 9);
  CHECK(sudoku::is_solution(sudoku::parse(kRoyle, "-", {}), grid_of(out["solution"])));
  // Contradicting givens: two 1s in the first row.
  auto none = run_cli({"sudoku", "solve", "-", "--json"}, "11" + std::string(79, '.'));
  CHECK(none.exit_code == 3);  // answered, but nothing solved
  CHECK(json::parse(none.out) == json{{"status", "unsat"}});
}

TEST_CASE("sudoku unique --json: true with the solution, or false with two that differ", "[sudoku][cli]") {
  auto yes = run_cli({"sudoku", "unique", "-", "--json"}, kRoyle);
  REQUIRE(yes.exit_code == 0);
  CHECK(json::parse(yes.out)["unique"] == true);
  // One given less: many solutions.
  auto no = run_cli({"sudoku", "unique", "-", "--json"}, "." + kRoyle.substr(1, 16) + "." + kRoyle.substr(18));
  REQUIRE(no.exit_code == 3);  // not unique
  const json out = json::parse(no.out);
  CHECK(out["unique"] == false);
  REQUIRE(out["solutions"].size() == 2);
  CHECK(out["solutions"][0] != out["solutions"][1]);
  const sudoku::Puzzle fewer = sudoku::parse("." + kRoyle.substr(1, 16) + "." + kRoyle.substr(18), "-", {});
  for (const auto& s : out["solutions"]) CHECK(sudoku::is_solution(fewer, grid_of(s)));
}

TEST_CASE("sudoku deduce --json --explain on a URL: forced digits as strings, with the givens that force them",
          "[sudoku][cli]") {
  auto r = run_cli({"sudoku", "deduce", "https://puzz.link/p?sudoku/4/4/g1k23k3g", "--json", "--explain"});
  REQUIRE(r.exit_code == 0);
  const json out = json::parse(r.out);
  REQUIRE(out["forced"].size() == 12);  // the 16 cells less the 4 givens: a unique puzzle
  const std::string answer = "2143431234211234";  // pzprjs's accepted answer
  for (const auto& f : out["forced"]) {
    const int row = f["row"], col = f["col"];
    CHECK(f["value"] == std::string(1, answer[static_cast<std::size_t>(row * 4 + col)]));
    CHECK(!f["because"].empty());
  }
}

TEST_CASE("sudoku --diagonal and --box change the rules", "[sudoku][cli]") {
  // An empty 4x4 has 288 solutions, 48 of them diagonal.
  CHECK(json::parse(run_cli({"sudoku", "solve", "-", "--all", "--json"}, std::string(16, '.')).out)["count"] == 288);
  CHECK(json::parse(run_cli({"sudoku", "solve", "-", "--all", "--json", "--diagonal"}, std::string(16, '.')).out)["count"] ==
        48);
  auto tall = run_cli({"sudoku", "solve", "-", "--box", "3x2", "--json"}, std::string(36, '.'));
  REQUIRE(tall.exit_code == 0);
  CHECK(sudoku::is_solution({{3, 2, false}, sudoku::Grid(36, 0)}, grid_of(json::parse(tall.out)["solution"])));
  auto bad = run_cli({"sudoku", "solve", "-", "--box", "2x4"}, std::string(36, '.'));
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("do not tile") != std::string::npos);
}

TEST_CASE("sudoku bad input: exit 2 and one line naming file, line and column", "[sudoku][cli]") {
  TempFile file("123.\n.?..\n....\n....\n");
  auto r = run_cli({"sudoku", "solve", file.path()});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "puzzlesat: error: " + file.path() + ":2:2: unexpected '?' (a cell is 1-9, A-P, '.' or '0')\n");
  auto url = run_cli({"sudoku", "solve", "https://puzz.link/p?sudoku/4/4/g1k23k3$"});
  CHECK(url.exit_code == 2);
  CHECK(url.err.rfind("puzzlesat: error: URL:1:", 0) == 0);
  CHECK(line_count(url.err) == 1);
  CHECK(run_cli({"sudoku", "solve", "/no/such/file"}).exit_code == 2);
}

TEST_CASE("sudoku cnf names d(r,c)=v, and generate gives a unique puzzle and its URL", "[sudoku][cli]") {
  auto cnf = run_cli({"sudoku", "cnf", "-"}, kRoyle);
  REQUIRE(cnf.exit_code == 0);
  CHECK(cnf.out.find("c var 1 d(0,0)=1\n") != std::string::npos);
  CHECK(cnf.out.find("d(8,8)=9") != std::string::npos);
  auto gen = run_cli({"sudoku", "generate", "--size", "6", "--seed", "7", "--json"});
  REQUIRE(gen.exit_code == 0);
  const json out = json::parse(gen.out);
  CHECK(out["puzzle"].get<std::string>().size() == 36);
  auto unique = run_cli({"sudoku", "unique", out["url"].get<std::string>(), "--json"});
  CHECK(json::parse(unique.out)["unique"] == true);
  CHECK(run_cli({"sudoku", "generate", "--size", "6", "--seed", "7", "--json"}).out == gen.out);
}

TEST_CASE("sudoku deduce --proof and unique --proof write DRAT proofs that the checker verifies", "[sudoku][cli][proof]") {
  TempFile puzzle(kRoyle + "\n"), open_grid(std::string(16, '.') + "\n");
  puzzlesat::testing::TempDir dir;
  using puzzlesat::testing::drat_verified;
  const std::string folder = dir.file("cells");
  auto r = run_cli({"sudoku", "deduce", "--json", "--proof", folder, puzzle.path()});
  REQUIRE(r.exit_code == 0);
  const json forced = json::parse(r.out);
  REQUIRE(forced["proofs"] == forced["forced"].size());
  REQUIRE(forced["forced"].size() > 0);
  for (const json& cell : forced["forced"]) {
    const std::string name = "r" + std::to_string(cell["row"].get<int>()) + "c" + std::to_string(cell["col"].get<int>()) +
                             "-" + cell["value"].get<std::string>();
    INFO(name);
    CHECK(drat_verified(folder + "/" + name + ".drat"));
  }
  const std::string unique = dir.file("unique.drat");
  r = run_cli({"sudoku", "unique", "--json", "--proof", unique, puzzle.path()});
  REQUIRE(r.exit_code == 0);
  CHECK(json::parse(r.out)["proof"] == unique);
  CHECK(drat_verified(unique));
  // An empty 4x4 grid has many solutions: no proof, no file.
  const std::string none = dir.file("none.drat");
  r = run_cli({"sudoku", "unique", "--json", "--proof", none, open_grid.path()});
  CHECK(json::parse(r.out)["unique"] == false);
  CHECK_FALSE(std::filesystem::exists(none));
}

TEST_CASE("sudoku takes several puzzles: --jsonl gives one line each in order, a bad one as an error", "[sudoku][cli][batch]") {
  TempFile good(kRoyle + "\n"), open_grid(std::string(16, '.') + "\n"), bad("12x.\n");
  auto r = run_cli({"sudoku", "unique", "--jsonl", good.path(), bad.path(), open_grid.path()});
  CHECK(r.exit_code == 2);  // one input failed
  std::istringstream lines(r.out);
  std::vector<json> out;
  for (std::string line; std::getline(lines, line);) out.push_back(json::parse(line));
  REQUIRE(out.size() == 3);
  CHECK(out[0]["input"] == good.path());
  CHECK(out[0]["unique"] == true);
  CHECK(out[1]["input"] == bad.path());
  CHECK(out[1]["error"].get<std::string>().find(bad.path() + ":1:") != std::string::npos);
  CHECK(out[2]["unique"] == false);
  // Without the bad one: exit 3, since the open grid is not unique.
  CHECK(run_cli({"sudoku", "unique", "--jsonl", good.path(), open_grid.path()}).exit_code == 3);
  auto solved = run_cli({"sudoku", "solve", "--json", good.path(), open_grid.path()});
  CHECK(solved.exit_code == 0);
  const json both = json::parse(solved.out);
  REQUIRE(both.size() == 2);
  CHECK(both[1]["status"] == "sat");
  auto cnf = run_cli({"sudoku", "cnf", "--json", good.path()});
  REQUIRE(cnf.exit_code == 0);
  const json formula = json::parse(cnf.out);
  CHECK(formula["dimacs"].get<std::string>().rfind("p cnf " + std::to_string(formula["variables"].get<int>()) + " ", 0) == 0);
  CHECK(formula["dimacs"].get<std::string>().find("c var 1 d(0,0)=1") != std::string::npos);
  CHECK(run_cli({"sudoku", "deduce", "--proof", "/tmp/x", good.path(), good.path()}).exit_code == 2);
}

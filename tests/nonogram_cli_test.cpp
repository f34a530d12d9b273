#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "problems/nonogram/nonogram.h"
#include <filesystem>
#include <set>
#include <sstream>
#include <vector>

#include "tests/data_paths.h"
#include "tests/drat_verified.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

using puzzlesat::testing::run_cli;
using puzzlesat::testing::TempFile;
using nlohmann::json;
namespace nonogram = puzzlesat::nonogram;

namespace {
const std::string kNonogramUrl = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
nonogram::Picture picture_of(const json& rows) { return rows.get<nonogram::Picture>(); }
}  // namespace

TEST_CASE("nonogram solve --json on a URL: pzprjs's answer, # and . per row", "[nonogram][cli]") {
  auto r = run_cli({"nonogram", "solve", kNonogramUrl, "--json"});
  REQUIRE(r.exit_code == 0);
  CHECK(json::parse(r.out) ==
        json{{"status", "sat"}, {"solution", {"##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."}}});
  auto none = run_cli({"nonogram", "solve", "-", "--json"}, "rows\n2\ncolumns\n1\n1\n1\n");  // 2 filled vs 3
  CHECK(none.exit_code == 3);  // answered, nothing solved
  CHECK(json::parse(none.out) == json{{"status", "unsat"}});
}

TEST_CASE("nonogram unique --json: two different solutions when there are several", "[nonogram][cli]") {
  const std::string text = "rows\n1\n1\ncolumns\n1\n1\n";  // the two diagonals
  auto r = run_cli({"nonogram", "unique", "-", "--json"}, text);
  REQUIRE(r.exit_code == 3);  // not unique
  const json out = json::parse(r.out);
  CHECK(out["unique"] == false);
  REQUIRE(out["solutions"].size() == 2);
  CHECK(out["solutions"][0] != out["solutions"][1]);
  const nonogram::Puzzle p = nonogram::parse(text, "-");
  for (const auto& s : out["solutions"]) CHECK(nonogram::satisfies(p, picture_of(s)));
  CHECK(json::parse(run_cli({"nonogram", "unique", kNonogramUrl, "--json"}).out)["unique"] == true);
}

TEST_CASE("nonogram deduce --json: the forced cells with # or ., from 0", "[nonogram][cli]") {
  // 3 columns; row 0 is "3", row 1 "1" under column clue "2 / 1 / 1": only (1,0) is open... check all.
  auto r = run_cli({"nonogram", "deduce", "-", "--json", "--explain"}, "rows\n3\n1\ncolumns\n2\n1\n1\n");
  REQUIRE(r.exit_code == 0);
  const json out = json::parse(r.out);
  REQUIRE(out["forced"].size() == 6);
  for (const auto& f : out["forced"]) {
    const int row = f["row"], col = f["col"];
    CHECK(f["value"] == ((row == 0 || col == 0) ? "#" : "."));
    CHECK(!f["because"].empty());
  }
}

TEST_CASE("nonogram bad input: exit 2 and one line naming file, line and column", "[nonogram][cli]") {
  TempFile file("rows\n1\n2 z\ncolumns\n1\n");
  auto r = run_cli({"nonogram", "solve", file.path()});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "puzzlesat: error: " + file.path() + ":3:3: expected a run length, not 'z'\n");
  auto url = run_cli({"nonogram", "solve", "https://puzz.link/p?nonogram/2/2/3"});
  CHECK(url.exit_code == 2);
  CHECK(url.err.rfind("puzzlesat: error: URL:1:", 0) == 0);
  auto format = run_cli({"nonogram", "solve", "-", "--format", "nin"}, "rows\n1\n");
  CHECK(format.exit_code == 2);
}

TEST_CASE("nonogram TAAI file: --id picks a puzzle, its solution meets the clues", "[nonogram][cli]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("puzzles/nonogram/taai/icga2019.questions.txt");
  const std::string file = (puzzlesat::testing::shared_data() / "puzzles/nonogram/taai/icga2019.questions.txt").string();
  auto r = run_cli({"nonogram", "solve", file, "--id", "17", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto all = nonogram::parse_taai(puzzlesat::testing::slurp(file), file);
  CHECK(nonogram::satisfies(all.at(16).puzzle, picture_of(json::parse(r.out)["solution"])));
  auto no_id = run_cli({"nonogram", "solve", file});
  CHECK(no_id.exit_code == 2);
  CHECK(no_id.err.find("--id") != std::string::npos);
}

TEST_CASE("nonogram cnf names fill(r,c), and generate gives a unique puzzle and its URL", "[nonogram][cli]") {
  auto cnf = run_cli({"nonogram", "cnf", kNonogramUrl});
  REQUIRE(cnf.exit_code == 0);
  CHECK(cnf.out.find("c var 1 fill(0,0)\n") != std::string::npos);
  auto gen = run_cli({"nonogram", "generate", "--size", "10x12", "--seed", "3", "--json"});
  REQUIRE(gen.exit_code == 0);
  const json out = json::parse(gen.out);
  const nonogram::Puzzle p = nonogram::parse(out["puzzle"].get<std::string>(), "gen");
  CHECK(p.rows == 10);
  CHECK(p.cols == 12);
  CHECK(json::parse(run_cli({"nonogram", "unique", out["url"].get<std::string>(), "--json"}).out)["unique"] == true);
  CHECK(run_cli({"nonogram", "generate", "--size", "10x12", "--seed", "3", "--json"}).out == gen.out);
  CHECK(run_cli({"nonogram", "generate", "--size", "0", "--seed", "3"}).exit_code == 2);
}

TEST_CASE("nonogram cnf --encoding: every encoding of the lines has the puzzle's solutions as its models", "[nonogram][cli]") {
  // A puzzle with several solutions, so that a wrong encoding cannot hide behind one.
  const std::string clues = "rows\n1\n1\n1\n1\ncolumns\n1\n1\n1\n1\n";
  puzzlesat::testing::TempFile file(clues);
  const auto all = run_cli({"nonogram", "solve", "--all", "--json", file.path()});
  REQUIRE(all.exit_code == 0);
  const json solved = json::parse(all.out);
  std::set<std::string> want;
  for (const auto& solution : solved["solutions"]) want.insert(solution.dump());
  REQUIRE(want.size() == 24);  // the 4 x 4 permutation matrices
  for (const char* encoding : {"automaton", "starts", "both"}) {
    INFO(encoding);
    puzzlesat::testing::TempFile cnf(run_cli({"nonogram", "cnf", "--encoding", encoding, file.path()}).out);
    const auto models = run_cli({"cnf", "enumerate", "--project", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16", "--json", cnf.path()});
    REQUIRE(models.exit_code == 0);
    const json enumerated = json::parse(models.out);
    std::set<std::string> got;
    for (const auto& model : enumerated["models"]) {
      json rows = json::array();
      for (int r = 0; r < 4; ++r) {
        std::string row;
        for (int c = 0; c < 4; ++c) row += model[static_cast<std::size_t>(4 * r + c)].get<int>() > 0 ? '#' : '.';
        rows.push_back(row);
      }
      got.insert(rows.dump());
    }
    CHECK(got == want);
  }
  CHECK(run_cli({"nonogram", "cnf", "--encoding", "runs", file.path()}).exit_code == 2);
}

TEST_CASE("nonogram deduce --proof and unique --proof write DRAT proofs that the checker verifies", "[nonogram][cli][proof]") {
  puzzlesat::testing::TempDir dir;
  using puzzlesat::testing::drat_verified;
  const std::string folder = dir.file("cells");
  auto r = run_cli({"nonogram", "deduce", "--json", "--proof", folder, kNonogramUrl});
  REQUIRE(r.exit_code == 0);
  const json forced = json::parse(r.out);
  REQUIRE(forced["forced"].size() == 36);  // the puzzle is unique: every cell is forced
  CHECK(forced["proofs"] == 36);
  for (const json& cell : forced["forced"]) {
    const std::string name = "r" + std::to_string(cell["row"].get<int>()) + "c" + std::to_string(cell["col"].get<int>()) +
                             (cell["value"] == "#" ? "-filled" : "-empty");
    INFO(name);
    CHECK(drat_verified(folder + "/" + name + ".drat"));
  }
  const std::string unique = dir.file("unique.drat");
  r = run_cli({"nonogram", "unique", "--json", "--proof", unique, kNonogramUrl});
  REQUIRE(r.exit_code == 0);
  CHECK(json::parse(r.out)["proof"] == unique);
  CHECK(drat_verified(unique));
}

TEST_CASE("nonogram takes several puzzles: --jsonl gives one line each in order, a bad one as an error",
          "[nonogram][cli][batch]") {
  TempFile diagonals("rows\n1\n1\ncolumns\n1\n1\n"), bad("rows\nz\ncolumns\n1\n");
  auto r = run_cli({"nonogram", "unique", "--jsonl", kNonogramUrl, bad.path(), diagonals.path()});
  CHECK(r.exit_code == 2);  // one input failed
  std::istringstream lines(r.out);
  std::vector<json> out;
  for (std::string line; std::getline(lines, line);) out.push_back(json::parse(line));
  REQUIRE(out.size() == 3);
  CHECK(out[0]["input"] == kNonogramUrl);
  CHECK(out[0]["unique"] == true);
  CHECK(out[1]["input"] == bad.path());
  CHECK(out[1]["error"].get<std::string>().find(bad.path() + ":2:") != std::string::npos);
  CHECK(out[2]["unique"] == false);
  CHECK(run_cli({"nonogram", "unique", "--jsonl", kNonogramUrl, diagonals.path()}).exit_code == 3);
  auto solved = run_cli({"nonogram", "solve", "--json", kNonogramUrl, diagonals.path()});
  CHECK(solved.exit_code == 0);
  REQUIRE(json::parse(solved.out).size() == 2);
  auto cnf = run_cli({"nonogram", "cnf", "--json", kNonogramUrl});
  REQUIRE(cnf.exit_code == 0);
  const json formula = json::parse(cnf.out);
  CHECK(formula["dimacs"].get<std::string>().rfind("p cnf " + std::to_string(formula["variables"].get<int>()) + " ", 0) == 0);
  CHECK(formula["dimacs"].get<std::string>().find("fill(0,0)") != std::string::npos);
  auto two = run_cli({"nonogram", "deduce", "--proof", "/tmp/x", kNonogramUrl, kNonogramUrl});
  CHECK(two.exit_code == 2);
  CHECK(two.err.find("--proof names one output") != std::string::npos);
}

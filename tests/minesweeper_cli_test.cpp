// `puzzlesat minesweeper …` end to end: the JSON of solve/unique/deduce checked against the
// library and brute force, generate's puzzles re-read and re-solved, play on tiny worlds and
// the corpus, and bad input as exit 2 with one line naming the place.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <iostream>

#include "problems/minesweeper/deduce.h"
#include "problems/minesweeper/format.h"
#include "problems/minesweeper/minesweeper.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using puzzlesat::testing::TempFile;
namespace minesweeper {

namespace {
nlohmann::json json_of(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return nlohmann::json::parse(r.out);
}
}  // namespace

TEST_CASE("minesweeper solve, unique and deduce print the issue's JSON", "[minesweeper][cli]") {
  // Two solutions: the 1 in the corner sees one mine among three cells; the count fixes 1.
  TempFile open_board("mines 1\n1.\n..\n");
  const auto solved = json_of({"minesweeper", "solve", "--json", open_board.path()});
  CHECK(solved["status"] == "sat");
  CHECK(agrees(read_board("mines 1\n1.\n..\n", "b"), solved["solution"].get<Layout>()));
  const auto all = json_of({"minesweeper", "solve", "--all", "--json", open_board.path()});
  CHECK(all["count"] == 3);
  CHECK(all["complete"] == true);
  const auto not_unique_run = run_cli({"minesweeper", "unique", "--json", open_board.path()});
  CHECK(not_unique_run.exit_code == 3);  // not unique: unsolved (<puzzlesat/batch.h>)
  const auto not_unique = nlohmann::json::parse(not_unique_run.out);
  CHECK(not_unique["unique"] == false);
  REQUIRE(not_unique["solutions"].size() == 2);
  CHECK(not_unique["solutions"][0] != not_unique["solutions"][1]);
  for (const auto& s : not_unique["solutions"]) CHECK(agrees(read_board("mines 1\n1.\n..\n", "b"), s.get<Layout>()));
  CHECK(json_of({"minesweeper", "deduce", "--json", open_board.path()})["forced"].empty());

  TempFile example("mines 2\n1..1\n1..1\n1221\n0000\n");
  const auto unique = json_of({"minesweeper", "unique", "--json", example.path()});
  CHECK(unique["unique"] == true);
  CHECK(unique["solutions"] == nlohmann::json::array({{"....", ".##.", "....", "...."}}));
  const auto deduced = json_of({"minesweeper", "deduce", "--explain", "--json", example.path()});
  const nlohmann::json expected = nlohmann::json::parse(R"json([
    {"row": 0, "col": 1, "value": ".", "because": ["1 at (0,0)", "1 at (2,0)"], "smallest": true},
    {"row": 0, "col": 2, "value": ".", "because": ["1 at (0,3)", "2 at (2,1)"], "smallest": true},
    {"row": 1, "col": 1, "value": "#", "because": ["1 at (2,0)"], "smallest": true},
    {"row": 1, "col": 2, "value": "#", "because": ["2 at (2,1)"], "smallest": true}])json");
  CHECK(deduced["forced"] == expected);
  const auto plain = json_of({"minesweeper", "deduce", "--json", example.path()});
  for (const auto& f : plain["forced"]) CHECK(!f.contains("because"));

  TempFile none("2.\n..\n0.\n");
  CHECK(json_of({"minesweeper", "solve", "--json", none.path()}) == nlohmann::json{{"status", "unsat"}});
  const auto refused = run_cli({"minesweeper", "deduce", none.path()});
  CHECK(refused.exit_code == 2);
}

TEST_CASE("minesweeper solve answers the puzz.link corpus, URLs given on the command line", "[minesweeper][cli]") {
  const std::string path = std::string(PUZZLESAT_SHARED_DATA) + "/puzzles/minesweeper/puzzlink-mines.jsonl";
  std::ifstream in(path);
  if (!in) {
    std::cout << "SKIPPED: " << path << " is absent\n";
    return;
  }
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    const std::string url = j.at("url").get<std::string>();
    const auto unique = json_of({"minesweeper", "unique", "--json", url});
    CHECK(unique["unique"] == true);
    // The library's answer, which minesweeper_tests holds to the published solution.
    CHECK(unique["solutions"][0].get<Layout>() == solve(read_url(url), "minisat", 1).layouts.at(0));
  }
}

TEST_CASE("minesweeper commands take several boards and --jsonl", "[minesweeper][cli]") {
  TempFile a("mines 2\n1..1\n1..1\n1221\n0000\n"), b("1.x\n");
  const auto r = run_cli({"minesweeper", "solve", "--jsonl", a.path(), "p?mines/2/1/1g", b.path()});
  CHECK(r.exit_code == 2);  // one input failed
  std::istringstream lines(r.out);
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(lines, line);) out.push_back(nlohmann::json::parse(line));
  REQUIRE(out.size() == 3);
  CHECK(out[0]["input"] == a.path());
  CHECK(out[0]["solution"] == nlohmann::json::array({"....", ".##.", "....", "...."}));
  CHECK(out[1]["solution"] == nlohmann::json::array({".#"}));
  CHECK(out[2]["error"].get<std::string>().find(":1:3: unexpected 'x'") != std::string::npos);
  const auto refused = run_cli({"minesweeper", "cnf", "-o", "/dev/null", a.path(), a.path()});
  CHECK(refused.exit_code == 2);
}

TEST_CASE("minesweeper unique --proof and deduce --proof write DRAT proofs that cnf check verifies", "[minesweeper][cli]") {
  TempFile board("mines 2\n1..1\n1..1\n1221\n0000\n"), open_board("mines 1\n1.\n..\n");
  puzzlesat::testing::TempDir dir;
  const std::string proof = dir.file("u.drat");
  const auto r = run_cli({"minesweeper", "unique", "--json", "--proof", proof, board.path()});
  REQUIRE(r.exit_code == 0);
  CHECK(nlohmann::json::parse(r.out)["proof"] == proof);
  const auto check = run_cli({"cnf", "check", dir.file("u.cnf"), proof});
  CHECK(check.exit_code == 0);
  CHECK(check.out.find("s VERIFIED") != std::string::npos);
  // deduce --proof DIR: one verified proof per forced cell.
  const std::string folder = dir.file("cells");
  REQUIRE(run_cli({"minesweeper", "deduce", "--proof", folder, board.path()}).exit_code == 0);
  for (const char* name : {"r0c1-safe", "r0c2-safe", "r1c1-mine", "r1c2-mine"}) {
    const std::string base = folder + "/" + name;
    const auto cell = run_cli({"cnf", "check", base + ".cnf", base + ".drat"});
    INFO(name);
    CHECK(cell.out.find("s VERIFIED") != std::string::npos);
  }
  CHECK(std::distance(std::filesystem::directory_iterator(folder), std::filesystem::directory_iterator()) == 8);
  // Not unique: no proof, no file.
  const std::string none = dir.file("v.drat");
  CHECK(run_cli({"minesweeper", "unique", "--proof", none, open_board.path()}).exit_code == 3);
  CHECK(!std::filesystem::exists(none));
  CHECK(!std::filesystem::exists(dir.file("v.cnf")));
}

TEST_CASE("minesweeper cnf writes named DIMACS to a file", "[minesweeper][cli]") {
  TempFile board("mines 1\n1.\n..\n");
  puzzlesat::testing::TempDir dir;
  const std::string out = dir.file("b.cnf");
  const auto r = run_cli({"minesweeper", "cnf", board.path(), "-o", out});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.empty());
  std::ifstream f(out);
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  CHECK(text.find("p cnf ") != std::string::npos);
  CHECK(text.find("c var 4 mine(1,1)") != std::string::npos);
}

TEST_CASE("minesweeper generate makes unique puzzles that read back from both forms", "[minesweeper][cli]") {
  for (const char* seed : {"1", "2", "3"}) {
    const auto g = json_of({"minesweeper", "generate", "--size", "7x9", "--mines", "12", "--seed", seed, "--json"});
    Board b;
    b.rows = g["board"].get<std::vector<std::string>>();
    CHECK(read_url(g["url"].get<std::string>()).rows == b.rows);
    const Solutions s = solve(b, "minisat", 2);
    REQUIRE(s.layouts.size() == 1);
    CHECK(s.layouts[0] == g["solution"].get<Layout>());
    // The text output is a board file itself (the URL on a comment line).
    const auto text = run_cli({"minesweeper", "generate", "--size", "7x9", "--mines", "12", "--seed", seed});
    REQUIRE(text.exit_code == 0);
    CHECK(read_board(text.out, "generated").rows == b.rows);
    CHECK(text.out.find("# " + g["url"].get<std::string>() + "\n") != std::string::npos);
  }
  const auto bad = run_cli({"minesweeper", "generate", "--size", "7by9"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "puzzlesat: error: --size must be ROWSxCOLS, e.g. 8x8, not '7by9'\n");
  CHECK(run_cli({"minesweeper", "generate", "--size", "3x3", "--mines", "9"}).exit_code == 2);
}

TEST_CASE("minesweeper play wins by deduction where it can and guesses by exact counts", "[minesweeper][cli]") {
  // 1x4 with one mine at the end: from the left 0 everything follows without a guess.
  TempFile easy(R"({"id": "easy", "rows": 1, "cols": 4, "mines": 1, "start_row": 0, "start_col": 0, "grid": ["...*"]})"
                "\n");
  const auto won = json_of({"minesweeper", "play", "--json", easy.path()});
  CHECK(won["won_without_guess"] == 1);
  CHECK(won["games"][0]["outcome"] == "won");
  // 2x2, one mine: the start shows 1 and the other three cells are alike; deduction is stuck.
  TempFile coin(R"({"id": "coin", "rows": 2, "cols": 2, "mines": 1, "start_row": 0, "start_col": 0, "grid": ["..", ".*"]})"
                "\n");
  const auto stuck = json_of({"minesweeper", "play", "--json", coin.path()});
  CHECK(stuck["stuck"] == 1);
  const auto guessed = json_of({"minesweeper", "play", "--json", "--guess", coin.path()});
  CHECK(guessed["games"][0]["guesses"].get<int>() >= 1);
  CHECK(guessed["won"].get<int>() + guessed["lost"].get<int>() == 1);

  const std::string path = std::string(PUZZLESAT_SHARED_DATA) + "/puzzles/minesweeper/uci-cs171-worlds.jsonl";
  if (!std::ifstream(path)) {
    std::cout << "SKIPPED: " << path << " is absent\n";
    return;
  }
  const auto one = json_of({"minesweeper", "play", "--json", "--guess", "--id", "beginner1", path});
  CHECK(one["worlds"] == 1);
  CHECK(one["stuck"] == 0);
}

TEST_CASE("minesweeper bad input is exit 2 with one line naming the place", "[minesweeper][cli]") {
  TempFile bad_board("mines 3\n1.x\n");
  auto r = run_cli({"minesweeper", "solve", bad_board.path()});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "puzzlesat: error: " + bad_board.path() + ":2:3: unexpected 'x' (use . * ? 0-8)\n");
  r = run_cli({"minesweeper", "solve", "https://puzz.link/p?mines/3/3/1!"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("puzzlesat: error: URL:1:32: ", 0) == 0);
  TempFile bad_world("{\"id\": 1}\n");
  r = run_cli({"minesweeper", "play", bad_world.path()});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "puzzlesat: error: " + bad_world.path() + ":1: no field 'rows'\n");
  TempFile not_json("{\"id\": \n");
  r = run_cli({"minesweeper", "play", not_json.path()});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(not_json.path() + ":1:") != std::string::npos);
  CHECK(line_count(r.err) == 1);
}

}  // namespace minesweeper

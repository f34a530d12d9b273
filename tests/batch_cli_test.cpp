// End-to-end tests of batch runs (include/puzzlesat/batch.h): many inputs in one command,
// --jsonl with one line per input in input order, failures as objects, and the exit code
// of the whole run.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/data_paths.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

using puzzlesat::testing::demo_file;
using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using puzzlesat::testing::TempDir;

namespace {

std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Input i of a generated folder: what it is and what the command must say about it.
enum class Kind { sat, unsat, malformed, missing };

Kind kind_of(int i) {
  if (i % 97 == 13) return Kind::missing;
  if (i % 10 == 3) return Kind::malformed;
  return i % 3 == 0 ? Kind::unsat : Kind::sat;
}

// A small formula over variables 1..v: a chain of implications x1 -> x2 -> ... -> xv with
// x1 true; for the unsatisfiable ones also xv false.
std::string formula(int i) {
  const int v = 2 + i % 7;
  std::string clauses = "1 0\n";
  for (int x = 1; x < v; ++x) clauses += std::to_string(-x) + " " + std::to_string(x + 1) + " 0\n";
  int count = v;
  if (kind_of(i) == Kind::unsat) {
    clauses += std::to_string(-v) + " 0\n";
    ++count;
  }
  if (kind_of(i) == Kind::malformed) return "p cnf " + std::to_string(v) + " " + std::to_string(count) + "\n1 x 0\n";
  return "p cnf " + std::to_string(v) + " " + std::to_string(count) + "\n" + clauses;
}

}  // namespace

TEST_CASE("a folder of 1000 formulas via --jsonl gives 1000 lines in input order, failures included", "[cli][batch]") {
  TempDir dir;
  std::vector<std::string> args = {"cnf", "solve", "--jsonl"};
  for (int i = 0; i < 1000; ++i) {
    std::string path = dir.file("f" + std::to_string(i) + ".cnf");
    if (kind_of(i) != Kind::missing) write(path, formula(i));
    args.push_back(path);
  }
  auto r = run_cli(args);
  CHECK(r.err.empty());
  CHECK(r.exit_code == 2);  // some inputs failed
  auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 1000);
  int sat = 0, unsat = 0, failed = 0;
  for (int i = 0; i < 1000; ++i) {
    INFO("input " << i << ": " << lines[i].dump());
    CHECK(lines[i]["input"] == args[3 + i]);
    switch (kind_of(i)) {
      case Kind::sat: {
        REQUIRE(lines[i]["status"] == "sat");
        // The model satisfies the chain: every variable true.
        for (int lit : lines[i]["model"]) CHECK(lit > 0);
        ++sat;
        break;
      }
      case Kind::unsat:
        CHECK(lines[i]["status"] == "unsat");
        CHECK_FALSE(lines[i].contains("model"));
        ++unsat;
        break;
      case Kind::malformed:
        CHECK(lines[i]["error"].get<std::string>().find(args[3 + i] + ":2:") == 0);
        ++failed;
        break;
      case Kind::missing:
        CHECK(lines[i]["error"].get<std::string>().find("no such file") != std::string::npos);
        ++failed;
        break;
    }
  }
  CHECK(sat + unsat + failed == 1000);
  CHECK(failed > 100);
}

TEST_CASE("a folder of 1000 SET boards via --jsonl gives 1000 lines, failures included", "[cli][batch][set]") {
  TempDir dir;
  std::vector<std::string> args = {"set", "solve", "--jsonl", "--file"};
  // Three kinds of board, cycled: one set, no set (four cards, no three completing), a
  // misspelt card.
  const std::string boards[] = {"1rsd\n2rsd\n3rsd\n", "1rsd\n1gsd\n2rsd\n2gsd\n", "1rsd\n2rxd\n"};
  for (int i = 0; i < 1000; ++i) {
    std::string path = dir.file("b" + std::to_string(i) + ".txt");
    write(path, boards[i % 3]);
    args.push_back(path);
  }
  auto r = run_cli(args);
  CHECK(r.exit_code == 2);
  auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 1000);
  for (int i = 0; i < 1000; ++i) {
    INFO("board " << i << ": " << lines[i].dump());
    CHECK(lines[i]["input"] == args[4 + i]);
    if (i % 3 == 0) CHECK(lines[i]["sets"].size() == 1);
    if (i % 3 == 1) CHECK(lines[i]["no_set"] == true);
    if (i % 3 == 2) CHECK(lines[i]["error"].get<std::string>().find(args[4 + i] + ":2:") == 0);
  }
}

TEST_CASE("batch exit codes: 0 all answered, 3 some unsolved, 2 some failed", "[cli][batch]") {
  TempDir dir;
  const std::string sat = dir.file("sat.cnf"), unsat = dir.file("unsat.cnf"), bad = dir.file("bad.cnf");
  write(sat, "p cnf 1 1\n1 0\n");
  write(unsat, "p cnf 1 2\n1 0\n-1 0\n");
  write(bad, "p cnf 1 1\n2 0\n");
  CHECK(run_cli({"cnf", "solve", "--jsonl", sat, unsat}).exit_code == 0);
  // No conflict allowed: the solver gives up, the formula is unsolved.
  auto unknown = run_cli({"cnf", "solve", "--jsonl", "--conflicts", "0", sat, unsat});
  CHECK(unknown.exit_code == 3);
  CHECK(json_lines(unknown.out).at(0)["status"] == "unknown");
  CHECK(run_cli({"cnf", "solve", "--jsonl", "--conflicts", "0", sat, bad}).exit_code == 2);
  // One formula in text mode keeps the competition codes.
  CHECK(run_cli({"cnf", "solve", sat}).exit_code == 10);
  CHECK(run_cli({"cnf", "solve", unsat}).exit_code == 20);
  // --jsonl with one input still reports the failure as a line.
  auto one_bad = run_cli({"cnf", "solve", "--jsonl", bad});
  CHECK(one_bad.exit_code == 2);
  REQUIRE(json_lines(one_bad.out).size() == 1);
  CHECK(json_lines(one_bad.out)[0]["input"] == bad);
}

TEST_CASE("several inputs in text mode: a header per input, errors on stderr, a summary line", "[cli][batch]") {
  TempDir dir;
  const std::string sat = dir.file("sat.cnf"), bad = dir.file("bad.cnf");
  write(sat, "p cnf 1 1\n1 0\n");
  write(bad, "p cnf 1 1\n2 0\n");
  auto r = run_cli({"cnf", "solve", sat, bad, sat});
  CHECK(r.exit_code == 2);
  CHECK(r.out.find("==> " + sat + " <==\n") == 0);
  CHECK(r.out.find("==> " + bad + " <==\n") != std::string::npos);
  CHECK(r.out.find("s SATISFIABLE") != std::string::npos);
  CHECK(r.out.find("3 inputs: 2 answered, 0 unsolved, 1 failed\n") != std::string::npos);
  // Exactly one error line, naming the file, line and token.
  CHECK(r.err.find("puzzlesat: error: " + bad + ":2:") == 0);
  CHECK(line_count(r.err) == 1);
}

TEST_CASE("json over several inputs (--json) is one line: an array with the failures", "[cli][batch]") {
  TempDir dir;
  const std::string sat = dir.file("sat.cnf");
  write(sat, "p cnf 1 1\n1 0\n");
  auto r = run_cli({"cnf", "backbone", "--json", sat, dir.file("missing.cnf")});
  CHECK(r.exit_code == 2);
  CHECK(line_count(r.out) == 1);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j.size() == 2);
  CHECK(j[0]["forced"] == nlohmann::json::array({1}));
  CHECK(j[1].contains("error"));
}

TEST_CASE("standard input can be one input of a batch, once", "[cli][batch]") {
  TempDir dir;
  const std::string sat = dir.file("sat.cnf");
  write(sat, "p cnf 1 1\n1 0\n");
  auto r = run_cli({"cnf", "solve", "--jsonl", sat, "-"}, "p cnf 1 2\n1 0\n-1 0\n");
  auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1]["input"] == "-");
  CHECK(lines[1]["status"] == "unsat");
  auto twice = run_cli({"cnf", "solve", "--jsonl", "-", "-"});
  CHECK(twice.exit_code == 2);
  CHECK(twice.err.find("only once") != std::string::npos);
}

namespace {

// A level no deduction can start: two hidden cells far apart and no hint, one blue.
std::string stuck_level() {
  std::string text = "Hexcells level v1\nStuck\ntest\n\n\n";
  for (int y = 0; y < 33; ++y) {
    std::string row(66, '.');
    if (y == 4) row.replace(8, 2, "x."), row.replace(20, 2, "o.");
    text += row + "\n";
  }
  return text;
}

}  // namespace

TEST_CASE("hexcells solve over several levels: a summary line, exit 3 when a level is stuck", "[cli][batch][hexcells]") {
  TempDir dir;
  const std::string stuck = dir.file("stuck.hexcells");
  write(stuck, stuck_level());
  const std::string level = demo_file("hexcells-honeycomb.hexcells");
  auto r = run_cli({"hexcells", "solve", level, stuck, level});
  CHECK(r.exit_code == 3);
  CHECK(r.out.find(stuck + ": stuck") != std::string::npos);
  CHECK(r.out.find("3 inputs: 2 solved, 1 stuck, 0 failed\n") != std::string::npos);
  CHECK(run_cli({"hexcells", "solve", level, level}).exit_code == 0);
  CHECK(run_cli({"hexcells", "solve", stuck}).exit_code == 3);
  auto jsonl = run_cli({"hexcells", "solve", "--jsonl", level, stuck, dir.file("missing")});
  CHECK(jsonl.exit_code == 2);
  auto lines = json_lines(jsonl.out);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0]["verdict"] == "solved");
  CHECK(lines[1]["verdict"] == "stuck");
  CHECK(lines[2].contains("error"));
}

TEST_CASE("reading commands take several inputs: hexcells show/deduce/cnf", "[cli][batch][hexcells]") {
  const std::string level = demo_file("hexcells-honeycomb.hexcells");
  const std::string state = demo_file("hexcells-honeycomb-round4.hexcells");
  for (std::string command : {"show", "deduce", "cnf"}) {
    INFO(command);
    auto r = run_cli({"hexcells", command, "--jsonl", level, state, "/no/such.hexcells"});
    CHECK(r.exit_code == 2);
    auto lines = json_lines(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0]["input"] == level);
    CHECK_FALSE(lines[1].contains("error"));
    CHECK(lines[2]["error"].get<std::string>().find("/no/such.hexcells") == 0);
  }
}

TEST_CASE("photo commands take several photos: set photo, yahtzee dice", "[cli][batch][vision]") {
  const std::string table = demo_file("set-table.jpg");
  const std::string dice = demo_file("dice-roll.jpg");
  auto set = run_cli({"set", "photo", "--jsonl", table, dice + ".missing", table});
  CHECK(set.exit_code == 2);
  auto lines = json_lines(set.out);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0]["cards"].size() == 12);
  CHECK(lines[1].contains("error"));
  CHECK(lines[2] == lines[0]);
  // The text of several photos names each, and ends with the summary.
  auto text = run_cli({"set", "photo", table, table});
  CHECK(text.exit_code == 0);
  CHECK(text.out.find("2 inputs: 2 answered, 0 unsolved, 0 failed") != std::string::npos);
  CHECK(run_cli({"set", "photo", table, table, "-o", "x.png"}).exit_code == 2);

  auto roll = run_cli({"yahtzee", "dice", "--jsonl", dice, dice});
  CHECK(roll.exit_code == 0);
  auto rolls = json_lines(roll.out);
  REQUIRE(rolls.size() == 2);
  CHECK(rolls[0]["dice"].size() == 5);
}

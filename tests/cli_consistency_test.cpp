// One consistent CLI (issue 21): --json on every command that prints results, on one line;
// progress only on a terminal and cleared before results; clear errors for unknown
// commands and missing solvers; each `encode` gadget lists only the options it reads.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/run_cli.h"
#include "tests/temp_file.h"

using puzzlesat::testing::contains;
using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using puzzlesat::testing::TempDir;

namespace {

const std::string kSource = PUZZLESAT_SOURCE_DIR;

// One line of JSON, and the parsed object.
nlohmann::json one_json_line(const puzzlesat::testing::CliResult& r, int exit_code = 0) {
  INFO("stdout: " << r.out.substr(0, 400) << "\nstderr: " << r.err.substr(0, 400));
  REQUIRE(r.exit_code == exit_code);
  REQUIRE(puzzlesat::testing::line_count(r.out) == 1);
  return nlohmann::json::parse(r.out);
}

// Runs args on a terminal with the progress line drawn from the first tick, whatever the
// machine's speed: `progress` (its last drawing) must appear before `results`, and the line
// be erased (CR, erase-to-end) in between.
void check_progress_erased(const std::vector<std::string>& args, const std::string& progress,
                           const std::string& results) {
  ::setenv("PUZZLESAT_PROGRESS_AFTER_MS", "0", 1);
  auto r = puzzlesat::testing::run_cli_on_terminal(args);
  ::unsetenv("PUZZLESAT_PROGRESS_AFTER_MS");
  REQUIRE(r.exit_code == 0);
  const auto drawn = r.out.rfind(progress);
  REQUIRE(drawn != std::string::npos);
  const auto shown = r.out.find(results);
  REQUIRE(shown != std::string::npos);
  CHECK(drawn < shown);
  CHECK(r.out.find("\r\033[K", drawn) < shown);
}

// Runs args on a pipe: no progress, nothing but the results, which start with `results`.
void check_no_progress_on_pipe(const std::vector<std::string>& args, const std::string& results) {
  auto piped = run_cli(args);
  CHECK(piped.err.empty());
  CHECK(piped.out.rfind(results, 0) == 0);
}

}  // namespace

TEST_CASE("JSON on one line on the commands that lacked it", "[cli][json]") {
  TempDir dir;
  auto cnf = one_json_line(run_cli({"cnf", "solve", "--json", kSource + "/demo/queens-4.cnf"}), 10);
  CHECK(cnf["status"] == "sat");
  CHECK(cnf["model"].size() == cnf["variables"].get<std::size_t>());
  auto unsat = run_cli({"cnf", "solve", "--json", kSource + "/demo/pigeonhole-5-4.cnf"});
  CHECK(unsat.exit_code == 20);  // one formula keeps the competition codes
  CHECK(nlohmann::json::parse(unsat.out)["status"] == "unsat");

  auto set_cnf = one_json_line(run_cli({"set", "cnf", "--json", "1rsd", "2rsd", "3gsd"}));
  CHECK(contains(set_cnf["dimacs"], "SET: is there a set among these 3 cards"));
  CHECK(contains(set_cnf["dimacs"], "p cnf " + std::to_string(set_cnf["variables"].get<int>())));

  auto render = one_json_line(run_cli({"set", "render", dir.file("t.png"), "--cards", "5", "--json"}));
  CHECK(render["cards"].size() == 5);
  CHECK(render["image"] == dir.file("t.png"));

  const std::string level = kSource + "/demo/hexcells-honeycomb.hexcells";
  auto show = one_json_line(run_cli({"hexcells", "show", "--json", level}));
  CHECK(show["title"] == "Honeycomb");
  CHECK(show["cells"].size() > 10);
  // A level's hidden blue cells are what REMAINING counts.
  int hidden_blue = 0;
  for (const auto& c : show["cells"]) hidden_blue += !c["revealed"].get<bool>() && c["colour"] == "blue";
  CHECK(show["remaining"] == hidden_blue);
  auto hex_cnf = one_json_line(run_cli({"hexcells", "cnf", "--json", level}));
  CHECK(hex_cnf["clauses"].get<int>() > 0);
  CHECK(hex_cnf["dimacs"] == run_cli({"hexcells", "cnf", level}).out);

  auto scene = one_json_line(run_cli({"yahtzee", "dice-scene", dir.file("d.png"), "--dice", "4", "--json"}));
  CHECK(scene["dice"].size() == 4);

  auto play = run_cli({"yahtzee", "play", "--no-hints", "--seed", "3", "--save", dir.file("g.json"), "--json"},
                      "quit\n");
  auto game = one_json_line(play);
  CHECK(game["over"] == false);
  CHECK(game["players"].size() == 1);
  CHECK(contains(play.err, "Yahtzee, official rules"));  // the dialogue went to stderr
}

TEST_CASE("Yahtzee JSON is one line", "[cli][json][yahtzee]") {
  // advise needs the strategy table: computed once into the user's cache if missing.
  auto advise = one_json_line(run_cli({"yahtzee", "advise", "--roll", "1,1,3,5,6", "--json", "--rules", "simple"}));
  CHECK(advise.contains("keeps"));
  auto sim = one_json_line(run_cli({"yahtzee", "simulate", "--games", "20", "--rules", "simple", "--json"}));
  CHECK(sim["games"] == 20);
}

TEST_CASE("unknown commands are named, with the valid ones listed", "[cli][errors]") {
  auto r = run_cli({"set", "slove"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "puzzlesat: error: 'puzzlesat set' has no command 'slove'; its commands are: solve, play, stats, "
                 "cnf, cap, photo, render, eval, settings (see --help)\n");
  auto top = run_cli({"sett"});
  CHECK(top.exit_code == 2);
  CHECK(contains(top.err, "has no command 'sett'"));
  CHECK(contains(top.err, "hexcells"));
  auto none = run_cli({"hexcells"});
  CHECK(none.exit_code == 2);
  CHECK(contains(none.err, "'puzzlesat hexcells' needs a command: show, deduce, solve, cnf"));
  CHECK(line_count(none.err) == 1);
}

TEST_CASE("a missing external solver is bad input: exit 2 with one line", "[cli][errors][solver]") {
  auto r = run_cli({"cnf", "solve", "--solver", "external:puzzlesat-no-such-solver", kSource + "/demo/queens-4.cnf"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "puzzlesat: error: --solver external:puzzlesat-no-such-solver: cannot run "
                 "'puzzlesat-no-such-solver': No such file or directory\n");
  auto set = run_cli({"set", "solve", "--solver", "external:puzzlesat-no-such-solver", "1rsd", "2rsd", "3rsd"});
  CHECK(set.exit_code == 2);
}

TEST_CASE("each encode gadget lists only the options it reads", "[cli][encodings]") {
  auto setrule = run_cli({"encode", "setrule", "--help"}).out;
  CHECK_FALSE(contains(setrule, "--k"));
  CHECK_FALSE(contains(setrule, "--encoding"));
  CHECK_FALSE(contains(setrule, "--topology"));
  auto atmost = run_cli({"encode", "atmost", "--help"}).out;
  CHECK(contains(atmost, "--k"));
  CHECK(contains(atmost, "--encoding"));
  CHECK_FALSE(contains(atmost, "--topology"));
  CHECK_FALSE(contains(atmost, "--gap-rule"));
  auto connected = run_cli({"encode", "connected", "--help"}).out;
  CHECK(contains(connected, "--topology"));
  CHECK(contains(connected, "--gap-rule"));
  CHECK_FALSE(contains(connected, "--encoding"));
  // An option a gadget does not read is refused, not ignored.
  CHECK(run_cli({"encode", "setrule", "--n", "3", "--k", "1"}).exit_code == 2);
  CHECK(run_cli({"encode", "setrule", "--n", "3", "--json"}).exit_code == 0);
}

TEST_CASE("progress shows on a terminal and is cleared before the results", "[cli][progress]") {
  // Work long enough for the progress line to be drawn at least once.
  check_progress_erased({"set", "stats", "--games", "1000000"}, "games [", "1000000 games (seed 1)");
  check_no_progress_on_pipe({"set", "stats", "--games", "1000"}, "1000 games");
}

TEST_CASE("a long solver call shows the time elapsed on a terminal, erased before the answer", "[cli][progress]") {
  // Proving that every 21 cards hold a set takes a few tenths of a second at least; with
  // the line drawn from the first tick (every 100 ms) it appears.
  check_progress_erased({"set", "cap", "--size", "21"}, "searching 21 cards without a set: ",
                        "UNSAT: every 21 cards contain a set");
  check_no_progress_on_pipe({"set", "cap", "--size", "21"}, "UNSAT: every 21 cards contain a set");
}

// End-to-end regression tests of issue #15's defects that reach the command line:
// numbers out of range, files that are not regular files, bad paths, impossible saves,
// and non-UTF-8 text. Each error is one line and exit 2.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/data_paths.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

using puzzlesat::testing::repo_root;
using puzzlesat::testing::run_cli;
namespace fs = std::filesystem;

using puzzlesat::testing::line_count;
using puzzlesat::testing::TempDir;

namespace {

// Exit 2 with exactly one line `puzzlesat: error: …` holding `words`.
void check_refused(const puzzlesat::testing::CliResult& r, const std::string& words) {
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK(line_count(r.err) == 1);
  CHECK(r.err.rfind("puzzlesat: error: ", 0) == 0);
  CHECK(r.err.find(words) != std::string::npos);
}

}  // namespace

// Issue #15 item 5.
TEST_CASE("A timeout too long to count is no limit, and NaN, 0 and negative timeouts are refused", "[cli][limits]") {
  const std::string php = (repo_root() / "demo" / "pigeonhole-5-4.cnf").string();
  for (const char* forever : {"1e10", "1e308", "inf"}) {
    INFO(forever);
    auto r = run_cli({"cnf", "solve", php, "--timeout", forever});
    CHECK(r.exit_code == 20);
    CHECK(r.out.find("s UNSATISFIABLE") != std::string::npos);
  }
  for (const char* bad : {"nan", "-nan", "0", "-1", "-inf", "1x"}) {
    INFO(bad);
    check_refused(run_cli({"cnf", "solve", php, "--timeout", bad}), "--timeout");
  }
}

// Issue #15 item 7: `set photo FIFO` waited forever for a writer.
TEST_CASE("Every reading command refuses a FIFO, a device and a directory at once", "[cli][limits]") {
  TempDir dir;
  const fs::path fifo = dir.path() / "input";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const std::vector<std::vector<std::string>> commands = {
      {"set", "photo"},       {"yahtzee", "dice"}, {"hexcells", "screenshot"},       {"cnf", "solve"},
      {"hexcells", "show"},   {"set", "solve", "-f"}, {"yahtzee", "play", "--continue"},
  };
  for (const std::string& path : {fifo.string(), std::string("/dev/zero"), dir.path().string()}) {
    for (auto args : commands) {
      args.push_back(path);
      INFO(args[0] << " " << args[1] << " " << path);
      const auto start = std::chrono::steady_clock::now();
      const auto r = run_cli(args);
      CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
      check_refused(r, path);
    }
  }
}

// Issue #15 item 10.
TEST_CASE("Seeds and limits out of range are refused, not wrapped to 2^64-1", "[cli][limits]") {
  const std::string php = (repo_root() / "demo" / "queens-4.cnf").string();
  for (const char* bad : {"-1", "99999999999999999999", "1e3", "", "+5"}) {
    INFO(bad);
    check_refused(run_cli({"set", "play", "--seed", bad}), "--seed");
    check_refused(run_cli({"yahtzee", "simulate", "--games", "1", "--seed", bad}), "--seed");
  }
  for (const char* bad : {"-5", "0", "99999999999999999999"}) {
    INFO(bad);
    check_refused(run_cli({"cnf", "enumerate", php, "--limit", bad}), "--limit");
  }
  auto r = run_cli({"cnf", "enumerate", php, "--limit", "1", "--json"});
  CHECK(r.out.find("\"count\":1") != std::string::npos);
  CHECK(run_cli({"set", "play", "--seed", "18446744073709551615", "--json"}).exit_code == 0);
}

TEST_CASE("Bad save and table paths are exit 2 with one line, not a library message", "[cli][limits]") {
  TempDir dir;
  std::ofstream(dir.path() / "file") << "x";
  const std::string folder_in_the_way = (dir.path() / "file" / "sub" / "game.json").string();
  check_refused(run_cli({"yahtzee", "play", "--no-hints", "--save", dir.path().string()}, "quit\n"),
                dir.path().string());
  check_refused(run_cli({"yahtzee", "play", "--no-hints", "--save", folder_in_the_way}, "quit\n"), "folder");
  check_refused(run_cli({"yahtzee", "advise", "--roll", "1,2,3,4,5", "--table", dir.path().string()}),
                dir.path().string());
  check_refused(run_cli({"yahtzee", "table", "--rules", "simple", "--out", dir.path().string()}), dir.path().string());
  check_refused(run_cli({"yahtzee", "play", "--continue", (dir.path() / "missing.json").string()}), "no such file");
}

// Issue #15 item 9.
TEST_CASE("Names and paths that are not UTF-8 reach the JSON and the save as U+FFFD", "[cli][limits]") {
  TempDir dir;
  const fs::path save = dir.path() / "game.json";
  auto r = run_cli({"yahtzee", "play", "--no-hints", "--names", "ren\xe9,bob", "--save", save.string()}, "quit\n");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  const std::string saved = puzzlesat::testing::slurp(save);
  CHECK(saved.find("ren\xEF\xBF\xBD") != std::string::npos);
  CHECK(run_cli({"yahtzee", "play", "--continue", save.string()}, "quit\n").exit_code == 0);

  const fs::path odd = dir.path() / "level\xff.hexcells";
  fs::copy_file(repo_root() / "demo" / "hexcells-honeycomb.hexcells", odd);
  r = run_cli({"hexcells", "solve", odd.string(), "--json"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("level\xEF\xBF\xBD.hexcells") != std::string::npos);
  CHECK(line_count(r.out) == 1);
}

#include <catch2/catch.hpp>

#include "tests/run_cli.h"

using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;

TEST_CASE("puzzlesat --help and --version succeed", "[cli]") {
  auto help = run_cli({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("Subcommands:") != std::string::npos);
  auto version = run_cli({"--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out.find("puzzlesat") != std::string::npos);
}

TEST_CASE("an unknown subcommand is bad input: one error line, exit 2", "[cli]") {
  auto r = run_cli({"no-such-command"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("puzzlesat: error: ", 0) == 0);
  CHECK(line_count(r.err) == 1);
}

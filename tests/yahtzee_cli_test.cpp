// End-to-end: `puzzlesat yahtzee …` as a user runs it. Every table file lives in a
// temporary directory of the test process, never in the user's cache.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/run_cli.h"

using nlohmann::json;
using puzzlesat::testing::run_cli;

namespace {

// A directory removed when the test process ends; the table in it is computed by the first
// command that needs it and loaded by the next.
const std::filesystem::path& temp_dir() {
  struct Dir {
    std::filesystem::path path;
    Dir() {
      char name[] = "/tmp/puzzlesat-yahtzee-cli-XXXXXX";
      path = mkdtemp(name);
    }
    ~Dir() { std::filesystem::remove_all(path); }
  };
  static Dir dir;
  return dir.path;
}

std::string table_file(const std::string& rules) { return (temp_dir() / (rules + ".bin")).string(); }

void check_one_error_line(const puzzlesat::testing::CliResult& r) {
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("puzzlesat: error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.out.empty());
}

}  // namespace

TEST_CASE("yahtzee advise prints the best keeps and the ranked boxes as JSON", "[cli][yahtzee]") {
  auto keeps = run_cli({"yahtzee", "advise", "--rules", "simple", "--roll", "1,1,3,5,6", "--rerolls", "2", "--json",
                        "--table", table_file("simple")});
  REQUIRE(keeps.exit_code == 0);
  json k = json::parse(keeps.out);
  REQUIRE(k["keeps"].size() == 3);
  for (const auto& entry : k["keeps"]) {
    CHECK(entry["keep"].is_array());
    CHECK(entry["expected"].get<double>() < 245.870775);  // no roll is worth more than the game's average ...
    CHECK(entry["expected"].get<double>() > 200);          // ... and no sensible keep ruins it
  }
  CHECK(k["keeps"][0]["expected"].get<double>() >= k["keeps"][1]["expected"].get<double>());

  auto boxes = run_cli({"yahtzee", "advise", "--rules", "simple", "--roll", "3,3,3,5,6", "--rerolls", "0", "--used",
                        "aces,chance", "--upper", "2", "--json", "--table", table_file("simple")});
  REQUIRE(boxes.exit_code == 0);
  json b = json::parse(boxes.out);
  REQUIRE(b["categories"].size() == 11);
  for (const auto& entry : b["categories"]) {
    CHECK(entry["category"] != "aces");
    if (entry["category"] == "three_of_a_kind") CHECK(entry["score"] == 20);
    if (entry["category"] == "threes") CHECK(entry["score"] == 9);
  }

  auto text = run_cli({"yahtzee", "advise", "--rules", "simple", "--roll", "66666", "--rerolls", "1", "--table",
                       table_file("simple")});
  CHECK(text.exit_code == 0);
  CHECK(text.out.find("6,6,6,6,6") != std::string::npos);
}

TEST_CASE("yahtzee advise refuses impossible states with one error line", "[cli][yahtzee]") {
  const std::vector<std::vector<std::string>> bad = {
      {"--roll", "1,1,3,5,7"},
      {"--roll", "1,1,3,5"},
      {"--roll", "1,12,3,5"},
      {},
      {"--roll", "1,1,3,5,6", "--used", "aces,aces"},
      {"--roll", "1,1,3,5,6", "--used", "aces,sevens"},
      {"--roll", "1,1,3,5,6", "--used", "sixes", "--upper", "4"},
      {"--roll", "1,1,3,5,6", "--upper", "3"},
      {"--roll", "1,1,3,5,6", "--used", "chance", "--yahtzee50"},
      {"--roll", "1,1,3,5,6", "--rules", "simple", "--used", "yahtzee", "--yahtzee50"},
      {"--roll", "1,1,3,5,6", "--rerolls", "3"},
      {"--roll", "1,1,3,5,6", "--rules", "hasbro"},
      {"--roll", "1,1,3,5,6", "--used",
       "aces,twos,threes,fours,fives,sixes,three_of_a_kind,four_of_a_kind,full_house,small_straight,"
       "large_straight,yahtzee,chance",
       "--upper", "63"},
  };
  for (const auto& args : bad) {
    std::vector<std::string> cmd = {"yahtzee", "advise", "--table", table_file("never-written")};
    cmd.insert(cmd.end(), args.begin(), args.end());
    INFO(json(args).dump());
    check_one_error_line(run_cli(cmd));
  }
  CHECK_FALSE(std::filesystem::exists(table_file("never-written")));  // refused before any work
}

TEST_CASE("yahtzee table saves a table that advise then loads, and damage is repaired", "[cli][yahtzee]") {
  const std::string file = (temp_dir() / "made.bin").string();
  auto made = run_cli({"yahtzee", "table", "--rules", "simple", "--out", file, "--json"});
  REQUIRE(made.exit_code == 0);
  json j = json::parse(made.out);
  CHECK(j["rules"] == "simple");
  CHECK(std::abs(j["expected_score"].get<double>() - 245.870775) < 1e-6);
  CHECK(j["widgets"].get<long>() > 0);
  CHECK(j["seconds"].get<double>() >= 0);
  REQUIRE(std::filesystem::exists(file));

  auto first = run_cli({"yahtzee", "advise", "--rules", "simple", "--roll", "2,2,4,5,6", "--table", file, "--json"});
  REQUIRE(first.exit_code == 0);
  CHECK(first.err.empty());  // loaded, not recomputed

  {  // flip a byte in the values: the checksum catches it, the table is computed again
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(5000);
    f.put('\x7f');
  }
  auto repaired = run_cli({"yahtzee", "advise", "--rules", "simple", "--roll", "2,2,4,5,6", "--table", file, "--json"});
  REQUIRE(repaired.exit_code == 0);
  CHECK(repaired.err.find("checksum") != std::string::npos);
  CHECK(json::parse(repaired.out) == json::parse(first.out));

  // A table of other rules is the user's mistake: refused, not overwritten.
  check_one_error_line(
      run_cli({"yahtzee", "advise", "--rules", "official", "--roll", "2,2,4,5,6", "--table", file, "--json"}));
}

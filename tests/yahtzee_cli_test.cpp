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
using puzzlesat::testing::line_count;
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
  CHECK(line_count(r.err) == 1);
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
  // The example of the issue that specified this command: keep the 5, worth 242.254279.
  CHECK(k["keeps"][0]["keep"] == json::array({5}));
  CHECK(std::abs(k["keeps"][0]["expected"].get<double>() - 242.254279) < 1e-6);

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

TEST_CASE("yahtzee play: two players through stdin, quit, continue to the final scoreboard", "[cli][yahtzee]") {
  const std::string save = (temp_dir() / "game.json").string();
  // Typed dice make the game reproducible; each player scores one fixed roll per round.
  const char* const boxes[] = {"aces",  "twos",           "threes",         "fours",       "fives",
                               "sixes", "three_of_a_kind", "four_of_a_kind", "full_house",  "small_straight",
                               "large_straight", "yahtzee", "chance"};
  std::string first_half, second_half;
  for (int round = 0; round < 13; ++round) {
    for (int player = 0; player < 2; ++player) {
      // ann always rolls 6 6 6 6 6 and keeps it; bob rolls 1 2 3 4 5.
      std::string turn = player == 0 ? "66666\nkeep 6 6 6 6 6\n" : "1 2 3 4 5\nsheet\n";
      turn += std::string("score ") + boxes[round] + "\n";
      (round < 5 ? first_half : second_half) += turn;
    }
  }
  auto stopped = run_cli({"yahtzee", "play", "--names", "ann,bob", "--rules", "official", "--typed-dice", "--save",
                          save, "--table", table_file("official")},
                         first_half + "quit\n");
  REQUIRE(stopped.exit_code == 0);
  CHECK(stopped.out.find("ann's turn") != std::string::npos);
  CHECK(stopped.out.find("hint:") != std::string::npos);
  CHECK(stopped.out.find("--continue") != std::string::npos);
  REQUIRE(std::filesystem::exists(save));
  CHECK(json::parse(std::ifstream(save))["players"][0]["boxes"].size() == 5);

  auto finished =
      run_cli({"yahtzee", "play", "--continue", save, "--table", table_file("official")}, second_half);
  REQUIRE(finished.exit_code == 0);
  // ann: 6 6 6 6 6 scores 0 in aces..fives and 30 in sixes (no bonus); 3k 30, 4k 30; full
  // house and straights 0 (no joker while the yahtzee box is open); yahtzee 50; chance 30
  // as a joker, +100 Yahtzee bonus.
  const int ann = 30 + 30 + 30 + 50 + 30 + 100;
  // bob: aces..fives 1+2+3+4+5 = 15; sixes 0; 3k, 4k, full house 0; straights 30 + 40;
  // yahtzee 0; chance 15.
  const int bob = 15 + 30 + 40 + 15;
  CHECK(finished.out.find("Winner: ann with " + std::to_string(ann)) != std::string::npos);
  CHECK(finished.out.find("bob") != std::string::npos);
  CHECK(finished.out.find(std::to_string(bob)) != std::string::npos);
  CHECK(finished.out.find("Final scoreboard") != std::string::npos);
}

TEST_CASE("yahtzee play refuses bad options and damaged saves", "[cli][yahtzee]") {
  check_one_error_line(run_cli({"yahtzee", "play", "--players", "9"}));
  check_one_error_line(run_cli({"yahtzee", "play", "--names", "ann,ann"}));
  check_one_error_line(run_cli({"yahtzee", "play", "--players", "2", "--names", "ann,bob"}));
  const std::string bad = (temp_dir() / "bad.json").string();
  std::ofstream(bad) << "{\"format\": \"something else\"}";
  check_one_error_line(run_cli({"yahtzee", "play", "--continue", bad}));
  std::ofstream(bad) << "not json";
  check_one_error_line(run_cli({"yahtzee", "play", "--continue", bad}));
}

TEST_CASE("yahtzee simulate reports the optimal player's mean and spread", "[cli][yahtzee]") {
  auto r = run_cli({"yahtzee", "simulate", "--games", "400", "--rules", "simple", "--seed", "9", "--json", "--table",
                    table_file("simple")});
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  CHECK(j["games"] == 400);
  CHECK(std::abs(j["mean"].get<double>() - 245.870775) < 4 * 39.8 / 20);  // four standard errors
  CHECK(j["sd"].get<double>() > 30);
  CHECK(j["sd"].get<double>() < 50);
  CHECK(j["published_sd"] == 39.8);
  check_one_error_line(run_cli({"yahtzee", "simulate", "--games", "0", "--rules", "simple"}));
}

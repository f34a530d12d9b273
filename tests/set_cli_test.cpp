// `puzzlesat set …` end to end: answers checked against brute force over the printed
// cards, JSON shapes as documented, and bad input as one error line with exit 2.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "problems/set/card.h"
#include "problems/set/card_text.h"
#include "problems/set/random.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/solver.h>
#include "tests/run_cli.h"
#include "tests/temp_file.h"

using nlohmann::json;
using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
namespace ps = puzzlesat::set;

namespace {

std::vector<ps::Card> cards_of(const json& texts) {
  std::vector<ps::Card> out;
  for (const auto& t : texts) out.push_back(ps::parse_card(t.get<std::string>()));
  return out;
}

// Cards numbered from 1, as the text and the JSON number them.
std::vector<std::array<int, 3>> brute_force_sets(const std::vector<ps::Card>& b) {
  std::vector<std::array<int, 3>> out;
  int n = static_cast<int>(b.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k)
        if (ps::is_set(b[i], b[j], b[k])) out.push_back({i + 1, j + 1, k + 1});
  return out;
}

std::vector<std::string> random_codes(ps::Rng& rng, int n) {
  std::vector<int> deck(81);
  for (int i = 0; i < 81; ++i) deck[i] = i;
  rng.shuffle(std::span<int>(deck));
  std::vector<std::string> codes;
  for (int i = 0; i < n; ++i) codes.push_back(ps::to_code(ps::card_at(deck[i])));
  return codes;
}

}  // namespace

TEST_CASE("set solve --all --json lists exactly the sets brute force finds", "[set][cli]") {
  ps::Rng rng(99);
  for (int round = 0; round < 12; ++round) {
    std::vector<std::string> args = {"set", "solve", "--all", "--json"};
    for (auto& c : random_codes(rng, 3 + round * 3 % 19)) args.push_back(c);
    auto r = run_cli(args);
    REQUIRE(r.exit_code == 0);
    json out = json::parse(r.out);
    auto cards = cards_of(out["cards"]);
    REQUIRE(cards.size() == args.size() - 4);
    for (std::size_t i = 0; i < cards.size(); ++i) CHECK(ps::to_code(cards[i]) == args[i + 4]);
    auto expected = brute_force_sets(cards);
    CHECK(out["sets"].get<std::vector<std::array<int, 3>>>() == expected);
    CHECK(out["no_set"].get<bool>() == expected.empty());
  }
}

TEST_CASE("set solve finds at most one set, or says none remains, from a file or stdin",
          "[set][cli]") {
  ps::Rng rng(5);
  int with = 0, without = 0;
  for (int round = 0; round < 40 && (with < 2 || without < 2); ++round) {
    std::string board = "# random board\n";
    for (auto& c : random_codes(rng, 9)) board += c + "\n";
    auto r = run_cli({"set", "solve", "--json"}, board);
    REQUIRE(r.exit_code == 0);
    json out = json::parse(r.out);
    auto cards = cards_of(out["cards"]);
    auto expected = brute_force_sets(cards);
    auto sets = out["sets"].get<std::vector<std::array<int, 3>>>();
    CHECK(sets.size() == std::min<std::size_t>(1, expected.size()));
    if (!sets.empty()) CHECK(std::find(expected.begin(), expected.end(), sets[0]) != expected.end());
    CHECK(out["no_set"].get<bool>() == expected.empty());
    auto text = run_cli({"set", "solve"}, board);
    CHECK(text.exit_code == 0);
    if (expected.empty()) {
      ++without;
      CHECK(text.out.find("proved by SAT") != std::string::npos);
    } else {
      ++with;
      CHECK(text.out.find("A set among 9 cards") != std::string::npos);
    }
  }
  CHECK(with >= 2);
  CHECK(without >= 2);
}

// A batch is answered on one reused solver (StreamSetFinder), replaced every 8 boards:
// 300 boards of 12 cards, half of them drawn until brute force finds no set, so every
// UNSAT answer of the stream, and every set it names, is checked.
TEST_CASE("set solve --jsonl over 300 boards, half set-free, agrees with brute force", "[set][cli]") {
  puzzlesat::testing::TempDir dir;
  ps::Rng rng(21);
  std::vector<std::string> args = {"set", "solve", "--jsonl", "--file"};
  for (int i = 0; i < 300; ++i) {
    std::vector<std::string> codes;
    do {
      codes = random_codes(rng, 12);
    } while (i % 2 == 1 && !brute_force_sets(cards_of(json(codes))).empty());
    std::string board;
    for (const auto& c : codes) board += c + "\n";
    args.push_back(dir.file("b" + std::to_string(i) + ".txt"));
    std::ofstream(args.back()) << board;
  }
  for (const std::string solver : {"minisat", "cadical"}) {
    std::vector<std::string> run = args;
    run.insert(run.begin() + 2, {"--solver", solver});
    auto r = run_cli(run);
    REQUIRE(r.exit_code == 0);
    std::istringstream lines(r.out);
    std::string line;
    int n = 0, without = 0;
    while (std::getline(lines, line)) {
      INFO(solver << ", board " << n << ": " << line);
      json out = json::parse(line);
      CHECK(out["input"] == args[4 + n]);
      auto expected = brute_force_sets(cards_of(out["cards"]));
      auto sets = out["sets"].get<std::vector<std::array<int, 3>>>();
      CHECK(out["no_set"].get<bool>() == expected.empty());
      CHECK(sets.size() == std::min<std::size_t>(1, expected.size()));
      if (!sets.empty()) CHECK(std::find(expected.begin(), expected.end(), sets[0]) != expected.end());
      without += expected.empty();
      ++n;
    }
    CHECK(n == 300);
    CHECK(without >= 150);
  }
}

TEST_CASE("set solve rejects bad cards with one error line naming file, line and word",
          "[set][cli]") {
  auto r = run_cli({"set", "solve", "--file", "-"}, "1pso\n\ntwo red stripy diamonds\n");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "puzzlesat: error: -:3:9: unknown shading 'stripy' (expected solid, striped or open)\n");
  r = run_cli({"set", "solve"}, "1pso\n# again\none purple solid oval\n");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("-:3:1: card 'one purple solid oval' is listed twice (first on line 1)") !=
        std::string::npos);
  r = run_cli({"set", "solve", "2rtd", "9xyz"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("'9xyz'") != std::string::npos);
  r = run_cli({"set", "solve", "--file", "/no/such/board.txt"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("/no/such/board.txt") != std::string::npos);
  r = run_cli({"set", "solve", "--solver", "nonsense", "1pso"});
  CHECK(r.exit_code == 2);
}

TEST_CASE("set solve numbers the cards from 1 in the text and in JSON alike", "[set][cli]") {
  const std::vector<std::string> cards = {"1gso", "1rsd", "2rsd", "3pto", "3rsd"};
  auto j = json::parse(run_cli({"set", "solve", "--all", "--json", "1gso", "1rsd", "2rsd", "3pto", "3rsd"}).out);
  REQUIRE(j["sets"].size() == 1);
  CHECK(j["sets"][0] == json::array({2, 3, 5}));
  auto text = run_cli({"set", "solve", "--all", "1gso", "1rsd", "2rsd", "3pto", "3rsd"});
  CHECK(text.out.find("(cards 2, 3, 5)") != std::string::npos);
}

TEST_CASE("set solve with no cards is bad input, not a proof about nothing", "[set][cli]") {
  for (const std::string board : {"", "# only a comment\n\n"}) {
    auto r = run_cli({"set", "solve"}, board);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "puzzlesat: error: -: no cards: give them as arguments, with --file or on standard input\n");
  }
  CHECK(run_cli({"set", "solve", "--json"}, "").exit_code == 2);
}

TEST_CASE("set play --json: a valid game, reproducible by seed", "[set][cli]") {
  for (int seed : {1, 2, 3}) {
    auto r = run_cli({"set", "play", "--seed", std::to_string(seed), "--json"});
    REQUIRE(r.exit_code == 0);
    json out = json::parse(r.out);
    CHECK(out["seed"].get<int>() == seed);
    std::set<ps::Card> seen;
    for (const auto& s : out["sets"]) {
      auto three = cards_of(s);
      REQUIRE(three.size() == 3);
      CHECK(ps::is_set(three[0], three[1], three[2]));
      seen.insert(three.begin(), three.end());
    }
    auto final_board = cards_of(out["final_board"]);
    seen.insert(final_board.begin(), final_board.end());
    CHECK(seen.size() == 81);
    CHECK(out["sets"].size() * 3 + final_board.size() == 81);
    CHECK(brute_force_sets(final_board).empty());

    auto again = run_cli({"set", "play", "--seed", std::to_string(seed), "--json"});
    CHECK(again.out == r.out);
    auto quiet = run_cli({"set", "play", "--seed", std::to_string(seed), "--quiet"});
    CHECK(static_cast<std::size_t>(line_count(quiet.out)) ==
          out["sets"].size());
    auto told = run_cli({"set", "play", "--seed", std::to_string(seed)});
    CHECK(told.out.find("The deck is empty and no set remains among the last") != std::string::npos);
    CHECK(told.out.find("cards (proved by SAT): ") != std::string::npos);
  }
}

TEST_CASE("set stats --json reports the four estimates with intervals", "[set][cli]") {
  auto r = run_cli({"set", "stats", "--games", "3000", "--seed", "4", "--json"});
  REQUIRE(r.exit_code == 0);
  json out = json::parse(r.out);
  for (const char* key : {"p_no_set_12_random", "p_no_set_15_random", "mean_sets_12_random",
                          "p_no_set_12_in_play"}) {
    INFO(key);
    double e = out[key]["estimate"].get<double>();
    auto ci = out[key]["ci95"].get<std::array<double, 2>>();
    CHECK(ci[0] <= e);
    CHECK(e <= ci[1]);
  }
  CHECK(out["games"].get<int>() == 3000);
  CHECK(run_cli({"set", "stats", "--games", "0"}).exit_code == 2);
}

TEST_CASE("set cnf exports named DIMACS whose satisfiability matches the board", "[set][cli]") {
  // Three cards that form a set, and three that do not.
  for (auto [cards, expect_sat] : std::vector<std::pair<std::vector<std::string>, bool>>{
           {{"1rsd", "2gts", "3poo"}, true}, {{"1rsd", "2gts", "3pod"}, false}}) {
    std::vector<std::string> args = {"set", "cnf"};
    args.insert(args.end(), cards.begin(), cards.end());
    auto r = run_cli(args);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("card[0]=one red solid diamond") != std::string::npos);
    CHECK(r.out.find("card[2]=three purple open") != std::string::npos);
    CHECK(r.out.find("color=red") != std::string::npos);
    CHECK(r.out.find("shape=oval") != std::string::npos);
    auto cnf = puzzlesat::sat::read_dimacs(r.out, "set.cnf");
    auto solver = puzzlesat::sat::make_solver();
    solver->add_cnf(cnf);
    CHECK((solver->solve() == puzzlesat::sat::Status::sat) == expect_sat);
  }
}

TEST_CASE("set cap finds 20 cards without a set and proves 21 impossible", "[set][cli]") {
  auto r = run_cli({"set", "cap", "--size", "20", "--json"});
  REQUIRE(r.exit_code == 0);
  json out = json::parse(r.out);
  CHECK(out["size"] == 20);
  CHECK(out["status"] == "sat");
  auto cards = cards_of(out["cards"]);
  CHECK(cards.size() == 20);
  CHECK(std::set<ps::Card>(cards.begin(), cards.end()).size() == 20);
  CHECK(brute_force_sets(cards).empty());
  CHECK(out["seconds"].get<double>() >= 0);

  r = run_cli({"set", "cap", "--size", "21", "--json"});
  REQUIRE(r.exit_code == 0);
  out = json::parse(r.out);
  CHECK(out["status"] == "unsat");
  CHECK(out["cards"].empty());
}

#include "problems/yahtzee/game.h"

#include <catch2/catch.hpp>
#include <sstream>

#include <puzzlesat/input_error.h>
#include "problems/yahtzee/yahtzee_testing.h"
#include "problems/yahtzee/play_session.h"

using namespace puzzlesat::yahtzee;
using puzzlesat::yahtzee::testing::dice;
using puzzlesat::InputError;

namespace {

// Plays scripted input to the end or until it runs out; returns the last saved game.
struct Scripted {
  explicit Scripted(Game g) : game(std::move(g)) {}
  Game game;
  Game saved;
  int saves = 0;
  size_t saved_at = 0;  // input consumed when the game was last saved
  std::string output;
  PlayEnd play(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    PlayEnd end = run_play(game, nullptr, in, out, [&](const Game& g) {
      saved = Game::from_json(g.to_json(), "save");
      saved_at = static_cast<size_t>(in.tellg());
      ++saves;
    });
    output += out.str();
    return end;
  }
};

// Thirteen typed turns for one player under official rules, with the points worked out by
// hand: 50 + (30 + 100 bonus) + joker large straight 40 (+100) + ...
const char* const kTypedGame =
    "6 6 6 6 6\nyahtzee\n"
    "6 6 6 6 6\nsixes\n"
    "6 6 6 6 6\nlarge_straight\n"
    "5 5 5 2 2\nkeep 5 5 5\n5 5\nfives\n"
    "4 4 4 1 2\nfours\n"
    "3 3 3 3 1\nthrees\n"
    "2 2 2 1 1\ntwos\n"
    "1 1 1 2 3\naces\n"
    "1 2 3 4 6\nsmall_straight\n"
    "2 2 3 3 3\nfh\n"
    "6 6 6 5 4\n3k\n"
    "6 6 6 6 4\nfour_of_a_kind\n"
    "6 5 4 3 2\nchance\n";
// yahtzee 50; sixes 30 +100; large straight 40 +100; fives 25 +100 (the kept 5 5 5 and the
// typed 5 5 make a Yahtzee); fours 12; threes 12; twos 6;
// aces 3; upper 88 -> +35; small straight 30; full house 25; 3k 27; 4k 28; chance 20.
constexpr int kTypedTotal = 50 + 130 + 140 + 125 + 12 + 12 + 6 + 3 + 35 + 30 + 25 + 27 + 28 + 20;

}  // namespace

TEST_CASE("score sheets total like paper, bonuses included", "[yahtzee][game]") {
  ScoreSheet s;
  CHECK(s.fill(RuleSet::official, kSixes, dice({6, 6, 6, 6, 1})) == 24);
  CHECK(s.fill(RuleSet::official, kFives, dice({5, 5, 5, 5, 1})) == 20);
  CHECK(s.upper_bonus() == 0);
  CHECK(s.fill(RuleSet::official, kFours, dice({4, 4, 4, 4, 4})) == 20);  // Yahtzee box open: no joker
  CHECK(s.upper_total() == 64);
  CHECK(s.upper_bonus() == 35);
  CHECK(s.fill(RuleSet::official, kYahtzee, dice({2, 2, 2, 2, 2})) == 50);
  CHECK(s.fill(RuleSet::official, kChance, dice({3, 3, 3, 3, 3})) == 15);
  CHECK(s.yahtzee_bonuses() == 1);
  CHECK(s.total() == 64 + 35 + 50 + 15 + 100);
  CHECK_THROWS_AS(s.fill(RuleSet::official, kChance, dice({1, 2, 3, 4, 5})), InputError);
  State st = s.state(RuleSet::official);
  CHECK(st.yahtzee50);
  CHECK(st.upper == 64);
}

TEST_CASE("a typed-dice game plays to the end and names the winner", "[yahtzee][game]") {
  Scripted s{Game::start(RuleSet::official, {"ann"}, 1)};
  s.game.typed_dice = true;
  s.game.hints = false;
  REQUIRE(s.play(kTypedGame) == PlayEnd::finished);
  CHECK(s.game.sheets[0].total() == kTypedTotal);
  CHECK(s.output.find("Winner: ann with " + std::to_string(kTypedTotal)) != std::string::npos);
}

TEST_CASE("a game stopped anywhere continues from its save to the same end", "[yahtzee][game]") {
  const std::string input = kTypedGame;
  // Cut after every line in turn: the saved game plus the rest of the input must finish alike.
  size_t cut = 0;
  while ((cut = input.find('\n', cut)) != std::string::npos && cut + 1 < input.size()) {
    ++cut;
    Scripted first{Game::start(RuleSet::official, {"ann"}, 1)};
    first.game.typed_dice = true;
    first.game.hints = false;
    REQUIRE(first.play(input.substr(0, cut)) == PlayEnd::stopped);
    REQUIRE(first.saves > 0);
    // A keep whose dice were never typed is not saved: go on from the last save.
    Scripted second{first.saved};
    const std::string rest = input.substr(first.saved_at);
    if (second.play(rest) == PlayEnd::finished) {
      CHECK(second.game.sheets[0].total() == kTypedTotal);
    } else {
      FAIL("continuation did not finish after cut at " << cut);
    }
  }
}

TEST_CASE("virtual dice: several players take turns, the seed fixes the game", "[yahtzee][game]") {
  // Every turn: try to keep a 1 and a 2 (refused when they are not there), then fill the
  // next box of the list, so each player's sheet fills in this order.
  const std::string boxes[] = {"chance", "aces", "twos", "threes", "fours", "fives",  "sixes",
                               "3k",     "4k",   "fh",   "ss",     "ls",    "yahtzee"};
  std::string input;
  for (const auto& b : boxes)
    for (int p = 0; p < 3; ++p) input += "keep 1 2\nsheet\nscore " + b + "\n";
  Scripted a{Game::start(RuleSet::simple, {"ann", "bob", "cy"}, 42)};
  Scripted b{Game::start(RuleSet::simple, {"ann", "bob", "cy"}, 42)};
  REQUIRE(a.play(input) == PlayEnd::finished);
  REQUIRE(b.play(input) == PlayEnd::finished);
  CHECK(a.output == b.output);
  for (int p = 0; p < 3; ++p) CHECK(a.game.sheets[p].complete());
  CHECK(a.output.find("Final scoreboard") != std::string::npos);
}

TEST_CASE("saved games round-trip and edited ones are refused", "[yahtzee][game]") {
  Game g = Game::start(RuleSet::official, {"ann", "bob"}, 7);
  g.dice = {1, 2, 3, 4, 5};
  g.rolls = 1;
  g.score(kLargeStraight);
  g.dice = {2, 2, 2, 3, 3};
  g.rolls = 2;
  auto j = g.to_json();
  Game back = Game::from_json(j, "f");
  CHECK(back.to_json() == j);
  CHECK(roll_die(back.rng) == roll_die(g.rng));

  auto broken = [&](auto edit) {
    auto k = j;
    edit(k);
    return k;
  };
  CHECK_THROWS_AS(Game::from_json(broken([](auto& k) { k["format"] = "x"; }), "f"), InputError);
  CHECK_THROWS_AS(Game::from_json(broken([](auto& k) { k["players"][0]["boxes"]["full_house"] = 24; }), "f"),
                  InputError);
  CHECK_THROWS_AS(Game::from_json(broken([](auto& k) { k["current"] = 0; }), "f"), InputError);
  CHECK_THROWS_AS(Game::from_json(broken([](auto& k) { k["dice"] = {1, 2, 7, 4, 5}; }), "f"), InputError);
  CHECK_THROWS_AS(Game::from_json(broken([](auto& k) { k["players"][1]["name"] = "ann"; }), "f"), InputError);
  CHECK_THROWS_AS(Game::from_json(broken([](auto& k) { k.erase("rng"); }), "f"), InputError);
  CHECK_THROWS_AS(Game::start(RuleSet::simple, std::vector<std::string>(9, "x"), 1), InputError);
}

// Found by the yahtzee_save fuzzer: get<int>() on 1.6e97 (a die) is a float-cast overflow,
// and on 3.1 it quietly read 3. Numbers in a save are whole and in range, or it is refused.
TEST_CASE("saved games with numbers that are not whole or out of range are refused", "[yahtzee][game]") {
  Game g = Game::start(RuleSet::official, {"ann"}, 7);
  g.dice = {1, 2, 3, 4, 5};
  g.rolls = 1;
  const auto j = g.to_json();
  CHECK(Game::from_json(j, "f").to_json() == j);
  for (const nlohmann::json& bad : {nlohmann::json(1.6e97), nlohmann::json(3.1), nlohmann::json(-1e300),
                                    nlohmann::json(1ULL << 40), nlohmann::json(-(1LL << 40)), nlohmann::json("3")}) {
    INFO(bad.dump());
    auto k = j;
    k["dice"][2] = bad;
    CHECK_THROWS_WITH(Game::from_json(k, "f"), Catch::Contains("not a whole number"));
    k = j;
    k["rolls"] = bad;
    CHECK_THROWS_WITH(Game::from_json(k, "f"), Catch::Contains("not a whole number"));
    k = j;
    k["current"] = bad;
    CHECK_THROWS_WITH(Game::from_json(k, "f"), Catch::Contains("not a whole number"));
  }
  auto k = j;
  k["dice"] = 3;
  CHECK_THROWS_AS(Game::from_json(k, "f"), InputError);
  k = j;
  k["rolls"] = 1.0;  // 1.0 is a float in JSON terms; a save never writes one
  CHECK_THROWS_AS(Game::from_json(k, "f"), InputError);
}

// Issue #15 item 8: a save with one filled box and 12 Yahtzee bonuses loaded (1250 points
// after one turn). Each bonus needs a turn scored after the Yahtzee box.
TEST_CASE("saved games with more Yahtzee bonuses than turns are refused", "[yahtzee][game]") {
  Game g = Game::start(RuleSet::official, {"ann"}, 7);
  g.dice = {6, 6, 6, 6, 6};
  g.rolls = 1;
  g.score(kYahtzee);
  auto j = g.to_json();
  for (int bonuses : {1, 12}) {
    j["players"][0]["yahtzee_bonuses"] = bonuses;
    CHECK_THROWS_WITH(Game::from_json(j, "f"), Catch::Contains("Yahtzee bonuses"));
  }
  g.dice = {6, 6, 6, 6, 6};
  g.rolls = 1;
  g.score(kSixes);
  j = g.to_json();
  CHECK(j["players"][0]["yahtzee_bonuses"] == 1);
  CHECK(Game::from_json(j, "f").to_json() == j);
  j["players"][0]["yahtzee_bonuses"] = 2;
  CHECK_THROWS_AS(Game::from_json(j, "f"), InputError);
  // Simple rules have no Yahtzee bonus at all.
  Game simple = Game::start(RuleSet::simple, {"ann"}, 7);
  simple.dice = {6, 6, 6, 6, 6};
  simple.rolls = 1;
  simple.score(kYahtzee);
  simple.dice = {6, 6, 6, 6, 6};
  simple.rolls = 1;
  simple.score(kSixes);
  auto k = simple.to_json();
  k["players"][0]["yahtzee_bonuses"] = 1;
  CHECK_THROWS_AS(Game::from_json(k, "f"), InputError);
}

// Issue #15 item 9: a name that is not UTF-8 aborted every JSON output and every save.
TEST_CASE("players' names that are not UTF-8 are saved with U+FFFD in place of the bad bytes", "[yahtzee][game]") {
  Game g = Game::start(RuleSet::official, {"ren\xe9", "bob"}, 7);
  CHECK(g.names[0] == "ren\xEF\xBF\xBD");
  std::string text;
  REQUIRE_NOTHROW(text = g.to_json().dump());
  CHECK(Game::from_json(nlohmann::json::parse(text), "f").names == g.names);
  // Two names that differ only in invalid bytes are the same name once saved.
  CHECK_THROWS_AS(Game::start(RuleSet::official, {"\xff", "\xfe"}, 7), InputError);
}

#include "problems/yahtzee/rules.h"

#include <catch2/catch.hpp>

#include <puzzlesat/input_error.h>
#include "problems/yahtzee/yahtzee_testing.h"

using namespace puzzlesat::yahtzee;
using puzzlesat::yahtzee::testing::dice;

namespace {

int score(int box, std::initializer_list<int> pips, RuleSet rules = RuleSet::simple, BoxMask used = 0) {
  return box_score({rules, used}, box, dice(pips));
}

constexpr BoxMask bit(int box) { return static_cast<BoxMask>(1u << box); }

}  // namespace

TEST_CASE("boxes score by the printed rules", "[yahtzee][rules]") {
  CHECK(score(kThrees, {3, 3, 1, 5, 6}) == 6);
  CHECK(score(kSixes, {1, 2, 3, 4, 5}) == 0);
  CHECK(score(kThreeOfAKind, {2, 2, 2, 5, 6}) == 17);
  CHECK(score(kThreeOfAKind, {2, 2, 4, 5, 6}) == 0);
  CHECK(score(kFourOfAKind, {2, 2, 2, 5, 6}) == 0);
  CHECK(score(kFourOfAKind, {6, 6, 6, 6, 1}) == 25);
  CHECK(score(kFullHouse, {2, 2, 3, 3, 3}) == 25);
  CHECK(score(kFullHouse, {2, 2, 3, 3, 4}) == 0);
  CHECK(score(kFullHouse, {3, 3, 3, 3, 3}) == 0);  // five alike is no full house without the joker
  CHECK(score(kSmallStraight, {1, 2, 3, 4, 6}) == 30);
  CHECK(score(kSmallStraight, {3, 4, 5, 6, 6}) == 30);
  CHECK(score(kSmallStraight, {1, 2, 3, 5, 6}) == 0);
  CHECK(score(kLargeStraight, {2, 3, 4, 5, 6}) == 40);
  CHECK(score(kLargeStraight, {1, 2, 3, 4, 6}) == 0);
  CHECK(score(kSmallStraight, {1, 2, 3, 4, 5}) == 30);
  CHECK(score(kYahtzee, {4, 4, 4, 4, 4}) == 50);
  CHECK(score(kYahtzee, {4, 4, 4, 4, 3}) == 0);
  CHECK(score(kChance, {1, 1, 3, 5, 6}) == 16);
}

TEST_CASE("the joker scores full house and straights once yahtzee and its upper box are filled", "[yahtzee][rules]") {
  const BoxMask y = bit(kYahtzee);
  // Simple rules: never a joker.
  CHECK(score(kFullHouse, {4, 4, 4, 4, 4}, RuleSet::simple, y | bit(kFours)) == 0);
  // Free choice: allowed anywhere, full value only with fours filled.
  CHECK(score(kFullHouse, {4, 4, 4, 4, 4}, RuleSet::official, y) == 0);
  CHECK(score(kFullHouse, {4, 4, 4, 4, 4}, RuleSet::official, y | bit(kFours)) == 25);
  CHECK(score(kSmallStraight, {4, 4, 4, 4, 4}, RuleSet::official, y | bit(kFours)) == 30);
  CHECK(score(kLargeStraight, {4, 4, 4, 4, 4}, RuleSet::official, y | bit(kFours)) == 40);
  CHECK(score(kLargeStraight, {4, 4, 4, 4, 4}, RuleSet::official, bit(kFours)) == 0);  // yahtzee box open
  CHECK(box_allowed({RuleSet::official, y}, kChance, dice({4, 4, 4, 4, 4})));
  CHECK(box_allowed({RuleSet::official, y}, kAces, dice({4, 4, 4, 4, 4})));
}

TEST_CASE("the forced joker must take its upper box, then a lower box, then any", "[yahtzee][rules]") {
  const auto fives = dice({5, 5, 5, 5, 5});
  const BoxMask y = bit(kYahtzee);
  const ScoreContext upper_open{RuleSet::official_forced, y};
  CHECK(box_allowed(upper_open, kFives, fives));
  CHECK_FALSE(box_allowed(upper_open, kChance, fives));
  CHECK_FALSE(box_allowed(upper_open, kAces, fives));
  const ScoreContext upper_filled{RuleSet::official_forced, static_cast<BoxMask>(y | bit(kFives))};
  CHECK(box_allowed(upper_filled, kLargeStraight, fives));
  CHECK_FALSE(box_allowed(upper_filled, kAces, fives));
  const BoxMask lower_full = static_cast<BoxMask>(kAllBoxes & ~kUpperBoxes);
  const ScoreContext only_upper{RuleSet::official_forced, static_cast<BoxMask>(lower_full | bit(kFives))};
  CHECK(box_allowed(only_upper, kAces, fives));
  // Not a joker: any open box.
  CHECK(box_allowed(upper_open, kChance, dice({5, 5, 5, 5, 4})));
}

TEST_CASE("box and rule names", "[yahtzee][rules]") {
  for (int b = 0; b < kBoxes; ++b) CHECK(parse_box(box_name(b)) == b);
  CHECK(parse_box("FH") == kFullHouse);
  CHECK(parse_box("full-house") == kFullHouse);
  CHECK_FALSE(parse_box("fullhouse").has_value());
  CHECK(parse_rules("official") == RuleSet::official);
  CHECK_THROWS_AS(parse_rules("hasbro"), puzzlesat::InputError);
}

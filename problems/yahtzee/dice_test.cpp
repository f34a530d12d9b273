#include "problems/yahtzee/dice.h"

#include <catch2/catch.hpp>
#include <set>

#include <puzzlesat/input_error.h>

using namespace puzzlesat::yahtzee;

TEST_CASE("keep space: 462 keeps, the last 252 are the rolls", "[yahtzee][dice]") {
  const auto& space = DiceSpace::get();
  std::set<std::vector<int>> seen;
  for (int k = 0; k < kKeeps; ++k) {
    auto pips = space.pips(k);
    CHECK(static_cast<int>(pips.size()) == space.size(k));
    CHECK((space.size(k) == kDice) == (k >= kFirstRoll));
    CHECK(space.index_of_pips(pips) == k);
    seen.insert(pips);
  }
  CHECK(seen.size() == kKeeps);
}

TEST_CASE("roll probabilities count ordered outcomes", "[yahtzee][dice]") {
  const auto& space = DiceSpace::get();
  double total = 0;
  for (int k = kFirstRoll; k < kKeeps; ++k) total += space.roll_probability(k);
  CHECK(total == Approx(1.0).epsilon(1e-12));
  CHECK(space.roll_probability(space.roll_index({6, 6, 6, 6, 6})) == Approx(1.0 / 7776));
  CHECK(space.roll_probability(space.roll_index({1, 2, 3, 4, 5})) == Approx(120.0 / 7776));
  CHECK(space.roll_probability(space.roll_index({2, 2, 3, 3, 3})) == Approx(10.0 / 7776));
}

TEST_CASE("adding and removing a die are inverse", "[yahtzee][dice]") {
  const auto& space = DiceSpace::get();
  for (int k = 0; k < kSmallKeeps; ++k) {
    for (int f = 1; f <= kFaces; ++f) {
      const int bigger = space.with(k, f);
      REQUIRE(bigger >= 0);
      CHECK(space.size(bigger) == space.size(k) + 1);
      CHECK(std::find(space.fewer_begin(bigger), space.fewer_end(bigger), k) != space.fewer_end(bigger));
    }
  }
}

TEST_CASE("sub-keeps of a roll are its distinct sub-multisets", "[yahtzee][dice]") {
  const auto& space = DiceSpace::get();
  CHECK(space.sub_keeps(space.roll_index({1, 1, 3, 5, 6})).size() == 3 * 2 * 2 * 2);
  CHECK(space.sub_keeps(space.roll_index({1, 2, 3, 4, 5})).size() == 32);
  CHECK(space.sub_keeps(space.roll_index({4, 4, 4, 4, 4})).size() == 6);
}

TEST_CASE("dice parse from commas, blanks or one packed token", "[yahtzee][dice]") {
  CHECK(parse_dice("1,1,3,5,6", 5) == std::vector<int>{1, 1, 3, 5, 6});
  CHECK(parse_dice("6 5 3 1 1", 5) == std::vector<int>{6, 5, 3, 1, 1});
  CHECK(parse_dice("11356", 5) == std::vector<int>{1, 1, 3, 5, 6});
  CHECK(parse_dice("", -1).empty());
  CHECK_THROWS_AS(parse_dice("1,1,3,5,7", 5), puzzlesat::InputError);
  CHECK_THROWS_AS(parse_dice("1,1,0,5,6", 5), puzzlesat::InputError);
  CHECK_THROWS_AS(parse_dice("1,12,3,5", 5), puzzlesat::InputError);
  CHECK_THROWS_AS(parse_dice("1,1,3,5", 5), puzzlesat::InputError);
  CHECK_THROWS_AS(parse_dice("1,1,3,5,6,6"), puzzlesat::InputError);
  CHECK_THROWS_AS(parse_dice("a,1,3,5,6", 5), puzzlesat::InputError);
}

#include "problems/yahtzee/state.h"

#include <catch2/catch.hpp>

#include <puzzlesat/input_error.h>

using namespace puzzlesat::yahtzee;
using puzzlesat::InputError;

TEST_CASE("reachable upper totals are sums of 0..5 of each filled face", "[yahtzee][state]") {
  auto none = reachable_upper_totals(0);
  CHECK(none.count() == 1);
  CHECK(none[0]);
  auto sixes = reachable_upper_totals(1u << kSixes);
  CHECK(sixes.count() == 6);
  CHECK(sixes[30]);
  CHECK_FALSE(sixes[4]);
  auto all = reachable_upper_totals(kUpperBoxes);
  CHECK(all[kMaxUpperTotal]);
  CHECK(all.count() == kMaxUpperTotal + 1);  // every total 0..105 can be made
  CHECK(max_capped_upper(1u << kAces) == 5);
  CHECK(max_capped_upper(kUpperBoxes) == 63);
}

TEST_CASE("impossible states are rejected", "[yahtzee][state]") {
  CHECK_NOTHROW(validate_state({parse_boxes("sixes,fives"), 40, false}, RuleSet::simple));
  CHECK_THROWS_AS(validate_state({parse_boxes("sixes,fives"), 41, false}, RuleSet::simple), InputError);
  CHECK_THROWS_AS(validate_state({parse_boxes("sixes"), 4, false}, RuleSet::simple), InputError);
  CHECK_THROWS_AS(validate_state({0, 3, false}, RuleSet::simple), InputError);
  CHECK_THROWS_AS(validate_state({parse_boxes("yahtzee"), 0, true}, RuleSet::simple), InputError);
  CHECK_THROWS_AS(validate_state({parse_boxes("chance"), 0, true}, RuleSet::official), InputError);
  CHECK_NOTHROW(validate_state({parse_boxes("yahtzee"), 0, true}, RuleSet::official));
  CHECK_THROWS_AS(validate_state({kAllBoxes, 63, false}, RuleSet::simple), InputError);
}

TEST_CASE("box lists parse and reject repeats and unknown names", "[yahtzee][state]") {
  CHECK(parse_boxes("") == 0);
  CHECK(parse_boxes("aces, full_house") == ((1u << kAces) | (1u << kFullHouse)));
  CHECK_THROWS_AS(parse_boxes("aces,aces"), InputError);
  CHECK_THROWS_AS(parse_boxes("aces,fh,full_house"), InputError);
  CHECK_THROWS_AS(parse_boxes("aces,sevens"), InputError);
}

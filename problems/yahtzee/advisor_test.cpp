#include "problems/yahtzee/advisor.h"

#include <catch2/catch.hpp>

#include <puzzlesat/input_error.h>
#include "problems/yahtzee/table_fixture.h"

using namespace puzzlesat::yahtzee;
using puzzlesat::yahtzee::testing::computed_table;

// The simple-table checks share one test case: each test process computes its table once.
TEST_CASE("advice under simple rules", "[yahtzee][advice]") {
  const Table& t = computed_table(RuleSet::simple);
  SECTION("the best keep of every first roll averages to the table's value") {
    const auto& space = DiceSpace::get();
    double sum = 0;
    for (int k = kFirstRoll; k < kKeeps; ++k) {
      auto pips = space.pips(k);
      Roll roll;
      std::copy(pips.begin(), pips.end(), roll.begin());
      sum += space.roll_probability(k) * advise(t, {State{}, roll, 2, 1}).keeps.at(0).expected;
    }
    CHECK(sum == Approx(t.value(State{})).margin(1e-9));
  }

  SECTION("advice lists the best keeps, or every open box, best first") {
    Advice a = advise(t, {State{}, {1, 1, 3, 5, 6}, 2});
    REQUIRE(a.keeps.size() == 3);
    CHECK(a.boxes.empty());
    CHECK(a.keeps[0].expected >= a.keeps[1].expected);
    CHECK(a.keeps[1].expected >= a.keeps[2].expected);
    CHECK(a.keeps[0].expected < t.value(State{}));  // a poor first roll

    const State s{parse_boxes("aces,chance"), 3, false};
    Advice b = advise(t, {s, {3, 3, 3, 5, 6}, 0});
    CHECK(b.boxes.size() == kBoxes - 2);
    CHECK(std::is_sorted(b.boxes.begin(), b.boxes.end(),
                         [](const BoxChoice& x, const BoxChoice& y) { return x.expected > y.expected; }));
    for (const auto& c : b.boxes) {
      CHECK(c.box != kAces);
      if (c.box == kThrees) CHECK(c.score == 9);
      if (c.box == kThreeOfAKind) CHECK(c.score == 20);
      if (c.box == kFullHouse) CHECK(c.score == 0);
    }
  }

  SECTION("advice JSON has the documented shapes") {
    auto keeps = advice_json(advise(t, {State{}, {1, 1, 3, 5, 6}, 2}));
    REQUIRE(keeps.contains("keeps"));
    CHECK(keeps["keeps"].size() == 3);
    CHECK(keeps["keeps"][0]["keep"].is_array());
    CHECK(keeps["keeps"][0]["expected"].is_number());
    auto boxes = advice_json(advise(t, {State{}, {1, 1, 3, 5, 6}, 0}));
    REQUIRE(boxes.contains("categories"));
    CHECK(boxes["categories"].size() == kBoxes);
    CHECK(boxes["categories"][0]["category"].is_string());
    CHECK(boxes["categories"][0]["score"].is_number_integer());
  }
}

TEST_CASE("impossible queries are refused", "[yahtzee][advice]") {
  using puzzlesat::InputError;
  CHECK_THROWS_AS(validate_query({State{}, {1, 1, 3, 5, 7}, 2}, RuleSet::simple), InputError);
  CHECK_THROWS_AS(validate_query({State{}, {0, 1, 3, 5, 6}, 2}, RuleSet::simple), InputError);
  CHECK_THROWS_AS(validate_query({State{}, {1, 1, 3, 5, 6}, 3}, RuleSet::simple), InputError);
  CHECK_THROWS_AS(validate_query({State{parse_boxes("sixes"), 5, false}, {1, 1, 3, 5, 6}, 2}, RuleSet::simple),
                  InputError);
  CHECK_NOTHROW(validate_query({State{parse_boxes("sixes"), 18, false}, {1, 1, 3, 5, 6}, 2}, RuleSet::simple));
}

TEST_CASE("keeping all five dice is worth the best box with no rerolls", "[yahtzee][advice]") {
  const Table& t = computed_table(RuleSet::official);
  const State s{static_cast<BoxMask>((1u << kYahtzee) | (1u << kThrees)), 9, true};
  for (Roll roll : {Roll{1, 1, 3, 5, 6}, Roll{3, 3, 3, 3, 3}, Roll{2, 3, 4, 5, 6}}) {
    Advice boxes = advise(t, {s, roll, 0});
    Advice keeps = advise(t, {s, roll, 1, 32});
    std::vector<int> all(roll.begin(), roll.end());
    std::sort(all.begin(), all.end());
    auto it = std::find_if(keeps.keeps.begin(), keeps.keeps.end(), [&](const KeepChoice& k) { return k.keep == all; });
    REQUIRE(it != keeps.keeps.end());
    CHECK(it->expected == Approx(boxes.boxes.at(0).expected).margin(1e-9));
  }
}

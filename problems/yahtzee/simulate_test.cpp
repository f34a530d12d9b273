#include "problems/yahtzee/simulate.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "problems/yahtzee/table_fixture.h"

using namespace puzzlesat::yahtzee;
using puzzlesat::yahtzee::testing::computed_table;

TEST_CASE("the optimal player averages the table's value with the published spread (simple)", "[yahtzee][simulate]") {
  const Table& t = computed_table(RuleSet::simple);
  const int games = 3000;
  const SimulationResult r = simulate(t, games, 2024);
  // Four standard errors around the exact mean; the SD published by Glenn is 39.8.
  CHECK(std::abs(r.mean - t.value(State{})) < 4 * 39.8 / std::sqrt(games));
  CHECK(std::abs(r.sd - 39.8) < 3.0);
  CHECK(r.min >= 0);
  CHECK(r.max <= 1575);  // the highest possible score under any rules

  SECTION("results do not depend on the number of threads") {
    const SimulationResult one = simulate(t, 40, 5, 1);
    const SimulationResult two = simulate(t, 40, 5, 2);
    CHECK(one.mean == two.mean);
    CHECK(one.sd == two.sd);
  }
}

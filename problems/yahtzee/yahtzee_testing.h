// Test-only helpers shared by the Yahtzee tests.
#pragma once

#include <initializer_list>

#include "problems/yahtzee/dice.h"

namespace puzzlesat::yahtzee::testing {

// The counts of a roll written as its pips: dice({1, 1, 3, 5, 6}).
inline Counts dice(std::initializer_list<int> pips) {
  Counts c{};
  for (int p : pips) ++c[p - 1];
  return c;
}

}  // namespace puzzlesat::yahtzee::testing

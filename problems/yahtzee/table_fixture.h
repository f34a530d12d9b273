// For tests only: each rule set's table computed at most once per test process (about a
// second each), never read from a user's cache.
#pragma once

#include <map>
#include <memory>

#include "problems/yahtzee/table.h"

namespace puzzlesat::yahtzee::testing {

inline const Table& computed_table(RuleSet rules) {
  static std::map<RuleSet, std::unique_ptr<Table>> tables;
  auto& slot = tables[rules];
  if (!slot) slot = std::make_unique<Table>(Table::compute(rules));
  return *slot;
}

}  // namespace puzzlesat::yahtzee::testing

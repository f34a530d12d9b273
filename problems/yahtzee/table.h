// The strategy table: the expected future score of every scorecard between turns, under
// one rule set, computed by backward induction over the keep space (see turn.h). Advice,
// games and simulations read it; table_file.h saves and loads it.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "problems/yahtzee/rules.h"
#include "problems/yahtzee/state.h"

namespace puzzlesat::yahtzee {

class Table {
 public:
  // Capped upper totals 0..63: one "lane" each, stored side by side so that the turn
  // computation runs over all upper totals of a scorecard at once.
  static constexpr int kLanes = kUpperBonusThreshold + 1;

  explicit Table(RuleSet rules);  // all zero
  // How many values a table of these rules holds (data().size()), known without building one.
  static std::size_t value_count(RuleSet rules);
  RuleSet rules() const { return rules_; }
  // 1 under simple rules, 2 when the yahtzee box may hold 50 or 0 with different futures.
  int flag_count() const { return flags_; }

  // Expected points from the start of the next turn to the end of the game (upper bonus
  // and Yahtzee bonuses still to come included). The state must be valid.
  double value(const State& s) const { return lanes(s.used, s.yahtzee50)[capped_upper(s.upper)]; }
  // The kLanes values of one scorecard, indexed by capped upper total.
  const double* lanes(BoxMask used, bool yahtzee50) const {
    return values_.data() + (static_cast<size_t>(used) * flags_ + (yahtzee50 && flags_ > 1)) * kLanes;
  }
  double* lanes(BoxMask used, bool yahtzee50) {
    return values_.data() + (static_cast<size_t>(used) * flags_ + (yahtzee50 && flags_ > 1)) * kLanes;
  }
  const std::vector<double>& data() const { return values_; }
  std::vector<double>& data() { return values_; }

  // Scorecards that can occur (filled boxes, reachable capped upper total, flag).
  std::int64_t reachable_widgets() const;

  // Backward induction over all scorecards, on `threads` threads (0: all cores).
  // progress(done, total) is called from the calling thread as scorecards finish.
  using ProgressFn = std::function<void(std::int64_t done, std::int64_t total)>;
  static Table compute(RuleSet rules, int threads = 0, const ProgressFn& progress = {});

 private:
  RuleSet rules_;
  int flags_;
  std::vector<double> values_;
};

}  // namespace puzzlesat::yahtzee

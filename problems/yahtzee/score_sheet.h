// One player's score sheet: what each box holds, the Yahtzee bonuses earned, and the
// totals as printed on a paper sheet; it also yields the scorecard State for advice.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "problems/yahtzee/rules.h"
#include "problems/yahtzee/state.h"

namespace puzzlesat::yahtzee {

class ScoreSheet {
 public:
  bool filled(int box) const { return boxes_[box].has_value(); }
  std::optional<int> box(int box) const { return boxes_[box]; }
  int yahtzee_bonuses() const { return yahtzee_bonuses_; }
  bool complete() const;

  int upper_total() const;
  int upper_bonus() const { return upper_total() >= kUpperBonusThreshold ? kUpperBonus : 0; }
  int lower_total() const;
  int total() const { return upper_total() + upper_bonus() + lower_total() + kYahtzeeBonus * yahtzee_bonuses_; }
  State state(RuleSet rules) const;

  // Records the roll in an open box it may go in (throws InputError otherwise); returns
  // the points the box records.
  int fill(RuleSet rules, int box, const Counts& dice);

  // For loading a saved game; validated by the caller.
  void set_box(int box, int points) { boxes_[box] = points; }
  void set_yahtzee_bonuses(int n) { yahtzee_bonuses_ = n; }

 private:
  std::array<std::optional<int>, kBoxes> boxes_{};
  int yahtzee_bonuses_ = 0;
};

// The sheets side by side, one column per player, as a text table.
std::string format_sheets(const std::vector<std::string>& names, const std::vector<const ScoreSheet*>& sheets);

}  // namespace puzzlesat::yahtzee

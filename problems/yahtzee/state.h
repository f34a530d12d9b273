// A scorecard between turns ("widget" in Glenn's terms): which boxes are filled, the
// upper-section total, and whether the yahtzee box holds 50. Also which states can occur
// at all, so that impossible ones are rejected rather than answered.
#pragma once

#include <bitset>
#include <string>

#include "problems/yahtzee/rules.h"

namespace puzzlesat::yahtzee {

constexpr int kMaxUpperTotal = 105;  // five sixes, fives, ... aces: 5 * 21

struct State {
  BoxMask used = 0;
  int upper = 0;           // upper-section total so far, as on the score sheet
  bool yahtzee50 = false;  // the yahtzee box holds 50 (official rules)
};

// Only the capped total matters for the future: 63 or more earns the bonus either way.
inline int capped_upper(int upper) { return upper < kUpperBonusThreshold ? upper : kUpperBonusThreshold; }

// Upper totals that the filled upper boxes can add up to (each box: 0..5 times its face).
std::bitset<kMaxUpperTotal + 1> reachable_upper_totals(BoxMask used);
// The largest capped total reachable: lanes above it are never needed.
int max_capped_upper(BoxMask used);

// Throws InputError describing the first inconsistency (an upper total the filled upper
// boxes cannot make, 50 in an open yahtzee box, the bonus flag under simple rules).
void validate_state(const State& state, RuleSet rules);

// "aces,full_house" -> mask; throws InputError on an unknown or repeated box.
BoxMask parse_boxes(const std::string& list);

}  // namespace puzzlesat::yahtzee

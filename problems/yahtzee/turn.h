// One turn of Yahtzee for a scorecard: the value of every roll and every keep with 0, 1
// and 2 rerolls left, given the table's values for the scorecards after this turn. The
// table computation runs it for all upper totals of a scorecard at once (lanes); advice
// and play run it for a single one.
#pragma once

#include <span>
#include <vector>

#include "problems/yahtzee/dice.h"
#include "problems/yahtzee/table.h"

namespace puzzlesat::yahtzee {

// Values for a list of capped upper totals, one lane each, stored keep-major: entry
// [keep * lanes + lane]. `lanes` is the number of totals rounded up to the kernel's
// block of four (turn.cpp); the lanes past the totals are padding.
struct TurnValues {
  int lanes = 0;
  // Only the widget value is wanted (the table): the turn then runs in place in keep0,
  // which ends holding best2 (and may be longer than kKeeps * lanes: it is scratch kept
  // from call to call), and best1, keep1 and best2 are left untouched.
  bool widget_only = false;
  // Rolls: best box with no reroll left (points now plus the future); smaller keeps:
  // expected value of keeping them before the last reroll.
  std::vector<double> keep0;
  // Best over sub-keeps of keep0: for a roll, its value with one reroll left.
  std::vector<double> best1;
  // Rolls: best1; smaller keeps: expected value of keeping them with two rerolls left.
  std::vector<double> keep1;
  // Best over sub-keeps of keep1: for a roll, its value with two rerolls left.
  std::vector<double> best2;
  // Scratch for the upper boxes: value of scoring n dice of a face, per lane.
  std::vector<double> upper_gain;
  // Scratch for the lower boxes: the table's value after filling each, per lane.
  std::vector<double> lower_next;
  // The totals, padded to `lanes`.
  std::vector<int> totals;
};

// Fills `out` and returns through `widget` the expected value of the scorecard at the
// start of the turn, for each capped upper total in `totals` (lane l is totals[l]; any
// order, any subset: the table passes only the totals that can occur). `widget` holds
// totals.size() values.
// `table` must hold the values of every scorecard with one more box filled.
void evaluate_turn(const Table& table, BoxMask used, bool yahtzee50, std::span<const int> totals, TurnValues& out,
                   double* widget);
// The same kernel built for the x86-64 baseline only. evaluate_turn uses an AVX2 build
// where the processor has it; the tests hold the two to the same bits.
void evaluate_turn_baseline(const Table& table, BoxMask used, bool yahtzee50, std::span<const int> totals,
                            TurnValues& out, double* widget);

// Points gained now by putting this roll in this open box, bonuses included, and the
// scorecard that follows.
struct Scoring {
  int box_points = 0;  // what the box records
  int gained = 0;      // box points plus upper bonus and Yahtzee bonus earned now
  State next;
};
Scoring score_roll(RuleSet rules, const State& state, int box, const Counts& dice);

}  // namespace puzzlesat::yahtzee

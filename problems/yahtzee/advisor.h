// Advice at one moment of a turn: with rerolls left, which dice to keep; with none, which
// box to score; each choice with the points it is expected to bring from now to the end
// of the game. advise() is the single entry point for every source of dice (typed on the
// command line, read from a photo, rolled in a game).
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "problems/yahtzee/dice.h"
#include "problems/yahtzee/state.h"
#include "problems/yahtzee/table.h"

namespace puzzlesat::yahtzee {

struct AdviceQuery {
  State state;      // the scorecard before this turn's box is filled
  Roll roll{};      // the five dice on the table, pips 1..6, any order
  int rerolls = 2;  // rerolls left: 0, 1 or 2
  int top = 3;      // how many keeps to list (with no rerolls left every open box is listed)
};

struct KeepChoice {
  std::vector<int> keep;  // sorted pip values
  double expected = 0;    // expected points from now to the end, banked points excluded
};

struct BoxChoice {
  int box = 0;
  int score = 0;        // what the box records now
  double expected = 0;  // score, bonuses earned by it, and the expected rest of the game
};

struct Advice {
  std::vector<KeepChoice> keeps;  // best first; filled when rerolls > 0
  std::vector<BoxChoice> boxes;   // best first; filled when rerolls == 0
};

// Throws InputError for impossible queries: dice outside 1..6, rerolls outside 0..2, and
// the state errors of validate_state().
void validate_query(const AdviceQuery& query, RuleSet rules);

// The query must be valid for the table's rules (see validate_query).
Advice advise(const Table& table, const AdviceQuery& query);

// {"keeps": [{"keep": [5], "expected": 242.254279}, …]} or
// {"categories": [{"category": "threes", "score": 9, "expected": …}, …]}.
nlohmann::json advice_json(const Advice& advice);

}  // namespace puzzlesat::yahtzee

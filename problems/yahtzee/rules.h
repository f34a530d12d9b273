// Yahtzee's thirteen boxes and how a roll scores in each, under the two rule sets:
// `simple` (no Yahtzee bonus, no joker) and `official` (Yahtzee bonus and Verhoeff's
// free-choice joker), plus the strict forced-joker variant kept for comparison.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "problems/yahtzee/dice.h"

namespace puzzlesat::yahtzee {

enum class RuleSet : std::uint8_t {
  simple = 0,          // Glenn's solitaire rules: 2^19 widgets, 245.870775
  official = 1,        // +100 per further Yahtzee, free-choice joker: 254.589609
  official_forced = 2  // +100 per further Yahtzee, Hasbro's forced joker: 254.587729
};

enum Box : int {
  kAces,
  kTwos,
  kThrees,
  kFours,
  kFives,
  kSixes,
  kThreeOfAKind,
  kFourOfAKind,
  kFullHouse,
  kSmallStraight,
  kLargeStraight,
  kYahtzee,
  kChance,
  kBoxes
};
using BoxMask = std::uint16_t;  // bit b set: box b is filled
constexpr BoxMask kAllBoxes = (1u << kBoxes) - 1;
constexpr BoxMask kUpperBoxes = (1u << 6) - 1;

constexpr int kUpperBonus = 35;
constexpr int kUpperBonusThreshold = 63;
constexpr int kYahtzeeBonus = 100;

inline bool is_upper(int box) { return box < 6; }
inline int face_of(int box) { return box + 1; }  // upper boxes only

const char* box_name(int box);                          // "three_of_a_kind"
std::optional<int> parse_box(const std::string& name);  // also accepts "3k", "fh", "ones" ...
const char* rules_name(RuleSet rules);                  // "simple", "official", ...
RuleSet parse_rules(const std::string& name);           // throws InputError
inline bool has_yahtzee_bonus(RuleSet r) { return r != RuleSet::simple; }

// Scoring a roll needs to know which boxes are filled: a joker (a Yahtzee rolled once
// the yahtzee box is filled) scores full house and straights in full.
struct ScoreContext {
  RuleSet rules = RuleSet::simple;
  BoxMask used = 0;
};

bool is_yahtzee_roll(const Counts& dice);
// True when this roll is a joker: official rules, a Yahtzee, the yahtzee box filled.
bool is_joker(const ScoreContext& ctx, const Counts& dice);
// Whether the roll may go in this open box (the forced joker restricts the choice).
bool box_allowed(const ScoreContext& ctx, int box, const Counts& dice);
// What the box records for this roll (bonuses not included).
int box_score(const ScoreContext& ctx, int box, const Counts& dice);

}  // namespace puzzlesat::yahtzee

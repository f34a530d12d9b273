#include "problems/yahtzee/rules.h"

#include <algorithm>
#include <cctype>

#include <puzzlesat/input_error.h>

namespace puzzlesat::yahtzee {

namespace {

const char* const kNames[kBoxes] = {
    "aces",           "twos",       "threes",         "fours",          "fives",   "sixes", "three_of_a_kind",
    "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee", "chance"};

struct Alias {
  const char* name;
  int box;
};
const Alias kAliases[] = {{"ones", kAces},      {"1s", kAces},      {"2s", kTwos},          {"3s", kThrees},
                          {"4s", kFours},       {"5s", kFives},     {"6s", kSixes},         {"3k", kThreeOfAKind},
                          {"4k", kFourOfAKind}, {"fh", kFullHouse}, {"ss", kSmallStraight}, {"ls", kLargeStraight},
                          {"y", kYahtzee},      {"c", kChance}};

int sum_of(const Counts& dice) {
  int s = 0;
  for (int f = 0; f < kFaces; ++f) s += (f + 1) * dice[f];
  return s;
}

int max_count(const Counts& dice) { return *std::max_element(dice.begin(), dice.end()); }

// Longest run of consecutive faces present.
int longest_run(const Counts& dice) {
  int best = 0, run = 0;
  for (int f = 0; f < kFaces; ++f) {
    run = dice[f] ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

bool is_full_house(const Counts& dice) {
  bool three = false, two = false;
  for (auto c : dice) {
    three |= c == 3;
    two |= c == 2;
  }
  return three && two;
}

int yahtzee_face(const Counts& dice) {
  for (int f = 0; f < kFaces; ++f)
    if (dice[f] == kDice) return f + 1;
  return 0;
}

}  // namespace

const char* box_name(int box) { return kNames[box]; }

std::optional<int> parse_box(const std::string& name) {
  std::string n;
  for (char c : name) n += c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (int b = 0; b < kBoxes; ++b)
    if (n == kNames[b]) return b;
  for (const auto& a : kAliases)
    if (n == a.name) return a.box;
  return std::nullopt;
}

const char* rules_name(RuleSet rules) {
  switch (rules) {
    case RuleSet::simple:
      return "simple";
    case RuleSet::official:
      return "official";
    case RuleSet::official_forced:
      return "official-forced";
  }
  return "?";
}

RuleSet parse_rules(const std::string& name) {
  for (auto r : {RuleSet::simple, RuleSet::official, RuleSet::official_forced})
    if (name == rules_name(r)) return r;
  throw InputError("unknown rules '" + name + "': use simple, official or official-forced");
}

bool is_yahtzee_roll(const Counts& dice) { return max_count(dice) == kDice; }

bool is_joker(const ScoreContext& ctx, const Counts& dice) {
  return ctx.rules != RuleSet::simple && (ctx.used & (1u << kYahtzee)) && is_yahtzee_roll(dice);
}

bool box_allowed(const ScoreContext& ctx, int box, const Counts& dice) {
  if (ctx.used & (1u << box)) return false;
  if (ctx.rules != RuleSet::official_forced || !is_joker(ctx, dice)) return true;
  // Hasbro's rule: the matching upper box if open, else any open lower box, else any box.
  int upper = yahtzee_face(dice) - 1;
  if (!(ctx.used & (1u << upper))) return box == upper;
  bool lower_open = (ctx.used & ~kUpperBoxes & kAllBoxes) != (kAllBoxes & ~kUpperBoxes);
  return lower_open ? !is_upper(box) : true;
}

int box_score(const ScoreContext& ctx, int box, const Counts& dice) {
  if (box < 6) return (box + 1) * dice[box];
  // A joker scores full house and straights in full once its upper box is filled
  // (under the forced rule it can only reach them then anyway).
  bool joker = is_joker(ctx, dice) && (ctx.used & (1u << (yahtzee_face(dice) - 1)));
  switch (box) {
    case kThreeOfAKind:
      return max_count(dice) >= 3 ? sum_of(dice) : 0;
    case kFourOfAKind:
      return max_count(dice) >= 4 ? sum_of(dice) : 0;
    case kFullHouse:
      return is_full_house(dice) || joker ? 25 : 0;
    case kSmallStraight:
      return longest_run(dice) >= 4 || joker ? 30 : 0;
    case kLargeStraight:
      return longest_run(dice) >= 5 || joker ? 40 : 0;
    case kYahtzee:
      return is_yahtzee_roll(dice) ? 50 : 0;
    case kChance:
      return sum_of(dice);
  }
  return 0;
}

}  // namespace puzzlesat::yahtzee

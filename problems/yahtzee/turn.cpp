#include "problems/yahtzee/turn.h"

#include <algorithm>
#include <array>
#include <limits>

namespace puzzlesat::yahtzee {

namespace {

// Scores without a joker, for every roll and box: the common case, looked up, not recomputed.
struct PlainScores {
  std::array<std::array<int, kBoxes>, kRolls> score{};
  PlainScores() {
    const auto& space = DiceSpace::get();
    for (int r = 0; r < kRolls; ++r)
      for (int b = 0; b < kBoxes; ++b) score[r][b] = box_score({RuleSet::simple, 0}, b, space.counts(kFirstRoll + r));
  }
};
const PlainScores& plain_scores() {
  static const PlainScores s;
  return s;
}

// The kernel's parts are inlined into each of the two builds of the turn (see
// evaluate_turn below), so each is compiled for that build's instruction set.
#define PUZZLESAT_KERNEL [[gnu::always_inline]] inline

// out[l] = max(out[l], add + in[l]) over the lanes.
PUZZLESAT_KERNEL void max_plus(double* __restrict out, const double* __restrict in, double add, int lanes) {
  for (int l = 0; l < lanes; ++l) out[l] = std::max(out[l], add + in[l]);
}

// Box choice for every roll with no reroll left: keep0's roll entries.
PUZZLESAT_KERNEL void score_rolls(const Table& table, BoxMask used, bool y50, int u0, int lanes, TurnValues& v) {
  const RuleSet rules = table.rules();
  const auto& space = DiceSpace::get();
  const auto& plain = plain_scores();
  const bool bonus_rules = has_yahtzee_bonus(rules);

  // Upper boxes: gain of scoring n dice of the face, per lane, bonus crossing included.
  v.upper_gain.assign(static_cast<size_t>(6 * (kDice + 1) * lanes), 0.0);
  for (int box = 0; box < 6; ++box) {
    if (used & (1u << box)) continue;
    const double* next = table.lanes(static_cast<BoxMask>(used | (1u << box)), y50);
    for (int n = 0; n <= kDice; ++n) {
      const int points = n * face_of(box);
      double* gain = &v.upper_gain[static_cast<size_t>((box * (kDice + 1) + n) * lanes)];
      for (int l = 0; l < lanes; ++l) {
        const int u = u0 + l;
        const int after = u + points;
        gain[l] = points + (u < kUpperBonusThreshold && after >= kUpperBonusThreshold ? kUpperBonus : 0) +
                  next[capped_upper(after)];
      }
    }
  }
  const double* lower_next[kBoxes] = {};
  for (int box = 6; box < kBoxes; ++box)
    if (!(used & (1u << box))) lower_next[box] = table.lanes(static_cast<BoxMask>(used | (1u << box)), y50) + u0;
  // Scoring 50 in the yahtzee box sets the flag that later Yahtzees earn the bonus on.
  const double* yahtzee50_next = (used & (1u << kYahtzee))
                                     ? nullptr
                                     : table.lanes(static_cast<BoxMask>(used | (1u << kYahtzee)), bonus_rules) + u0;

  const ScoreContext ctx{rules, used};
  constexpr double kNone = -std::numeric_limits<double>::infinity();
  for (int r = 0; r < kRolls; ++r) {
    const int keep = kFirstRoll + r;
    const Counts& dice = space.counts(keep);
    double* out = &v.keep0[static_cast<size_t>(keep) * lanes];
    std::fill(out, out + lanes, kNone);
    const bool joker = is_joker(ctx, dice);
    for (int box = 0; box < kBoxes; ++box) {
      if (used & (1u << box)) continue;
      if (joker && !box_allowed(ctx, box, dice)) continue;
      if (is_upper(box)) {
        const double* gain = &v.upper_gain[static_cast<size_t>((box * (kDice + 1) + dice[box]) * lanes)];
        for (int l = 0; l < lanes; ++l) out[l] = std::max(out[l], gain[l]);
        continue;
      }
      const int points = joker ? box_score(ctx, box, dice) : plain.score[r][box];
      const double* next = box == kYahtzee && points == 50 ? yahtzee50_next : lower_next[box];
      max_plus(out, next, points, lanes);
    }
    if (joker && y50) {
      for (int l = 0; l < lanes; ++l) out[l] += kYahtzeeBonus;
    }
  }
}

// Smaller keeps from larger: keeping k and rolling the rest is, die by die, the mean of
// keeping k plus each face. Sizes descend with the index, so one backward pass does it.
PUZZLESAT_KERNEL void expect_keeps(double* values, int lanes) {
  const auto& space = DiceSpace::get();
  for (int k = kSmallKeeps - 1; k >= 0; --k) {
    double* out = values + static_cast<size_t>(k) * lanes;
    const double* in[kFaces];
    for (int f = 0; f < kFaces; ++f) in[f] = values + static_cast<size_t>(space.with(k, f + 1)) * lanes;
    for (int l = 0; l < lanes; ++l)
      out[l] = (in[0][l] + in[1][l] + in[2][l] + in[3][l] + in[4][l] + in[5][l]) * (1.0 / 6.0);
  }
}

// best[k] = max over sub-keeps j of k of value[j]: each keep needs only its own value and
// the best of the keeps one die smaller, which come earlier in index order. `best` may be
// `value` itself: keep k reads its own value before writing it, and only earlier bests.
PUZZLESAT_KERNEL void best_sub_keeps(const double* value, double* best, int lanes) {
  const auto& space = DiceSpace::get();
  for (int k = 0; k < kKeeps; ++k) {
    double* out = best + static_cast<size_t>(k) * lanes;
    const double* own = value + static_cast<size_t>(k) * lanes;
    const int* j = space.fewer_begin(k);
    if (j == space.fewer_end(k)) {
      if (out != own) std::copy(own, own + lanes, out);
      continue;
    }
    const double* first = best + static_cast<size_t>(*j) * lanes;
    for (int l = 0; l < lanes; ++l) out[l] = std::max(own[l], first[l]);
    for (++j; j != space.fewer_end(k); ++j) {
      const double* in = best + static_cast<size_t>(*j) * lanes;
      for (int l = 0; l < lanes; ++l) out[l] = std::max(out[l], in[l]);
    }
  }
}

PUZZLESAT_KERNEL void evaluate_turn_kernel(const Table& table, BoxMask used, bool yahtzee50, int u0, int lanes,
                                           TurnValues& v, double* widget) {
  const size_t n = static_cast<size_t>(kKeeps) * lanes;
  v.lanes = lanes;
  v.keep0.resize(n);
  score_rolls(table, used, yahtzee50, u0, lanes, v);
  expect_keeps(v.keep0.data(), lanes);
  const double* last;
  if (v.widget_only) {
    // One array, each step in place: a quarter of the memory traffic and no copies.
    double* values = v.keep0.data();
    best_sub_keeps(values, values, lanes);  // rolls: best1 = keep1
    expect_keeps(values, lanes);            // smaller keeps: keep1
    best_sub_keeps(values, values, lanes);  // best2
    last = values;
  } else {
    v.best1.resize(n);
    v.keep1.resize(n);
    v.best2.resize(n);
    best_sub_keeps(v.keep0.data(), v.best1.data(), lanes);
    const size_t first_roll = static_cast<size_t>(kFirstRoll) * lanes;
    std::copy(v.best1.begin() + first_roll, v.best1.end(), v.keep1.begin() + first_roll);
    expect_keeps(v.keep1.data(), lanes);
    best_sub_keeps(v.keep1.data(), v.best2.data(), lanes);
    last = v.best2.data();
  }

  const auto& space = DiceSpace::get();
  std::fill(widget, widget + lanes, 0.0);
  for (int k = kFirstRoll; k < kKeeps; ++k) {
    const double p = space.roll_probability(k);
    const double* in = last + static_cast<size_t>(k) * lanes;
    for (int l = 0; l < lanes; ++l) widget[l] += p * in[l];
  }
}

// The lane loops are the whole cost of the table, and AVX2 does four doubles at a time
// where the x86-64 baseline (SSE2) does two. Chosen once at run time, so the program still
// runs on any x86-64. No FMA: every lane takes the same additions, multiplications and
// maxima in the same order either way, so both builds give the same table bit for bit.
#if defined(__x86_64__) && defined(__GNUC__)
[[gnu::target("avx2")]] void evaluate_turn_avx2(const Table& table, BoxMask used, bool yahtzee50, int u0, int lanes,
                                                TurnValues& v, double* widget) {
  evaluate_turn_kernel(table, used, yahtzee50, u0, lanes, v, widget);
}
bool use_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

}  // namespace

void evaluate_turn(const Table& table, BoxMask used, bool yahtzee50, int u0, int lanes, TurnValues& v, double* widget) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (use_avx2()) return evaluate_turn_avx2(table, used, yahtzee50, u0, lanes, v, widget);
#endif
  evaluate_turn_kernel(table, used, yahtzee50, u0, lanes, v, widget);
}

void evaluate_turn_baseline(const Table& table, BoxMask used, bool yahtzee50, int u0, int lanes, TurnValues& v,
                            double* widget) {
  evaluate_turn_kernel(table, used, yahtzee50, u0, lanes, v, widget);
}

Scoring score_roll(RuleSet rules, const State& state, int box, const Counts& dice) {
  const ScoreContext ctx{rules, state.used};
  Scoring s;
  s.box_points = box_score(ctx, box, dice);
  s.gained = s.box_points;
  s.next = state;
  s.next.used = static_cast<BoxMask>(state.used | (1u << box));
  if (is_upper(box)) {
    s.next.upper = state.upper + s.box_points;
    if (state.upper < kUpperBonusThreshold && s.next.upper >= kUpperBonusThreshold) s.gained += kUpperBonus;
  }
  if (box == kYahtzee && s.box_points == 50 && has_yahtzee_bonus(rules)) s.next.yahtzee50 = true;
  if (is_joker(ctx, dice) && state.yahtzee50) s.gained += kYahtzeeBonus;
  return s;
}

}  // namespace puzzlesat::yahtzee

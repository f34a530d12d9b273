#include "problems/yahtzee/turn.h"

#include <algorithm>
#include <array>
#include <cstring>

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

// Lanes go four at a time, as one AVX2 register (two SSE2 ones in the baseline build): a
// scorecard has 1 to 44 lanes, and loops of such short, odd lengths spent much of their
// time in scalar remainders and alias checks (blocks took 22 % of the table's instructions
// off, callgrind: 16.66 G -> 13.06 G for the three rule sets). So every lane array is padded
// to whole blocks (lane_stride) and the loops below have no remainder. Loads and stores go
// through memcpy (no alignment assumed); the maxima are std::max's (a < b ? b : a), so
// every lane gets the same operations in the same order as a scalar loop would.
constexpr int kBlock = 4;
using Block = double __attribute__((vector_size(kBlock * sizeof(double))));

int lane_stride(int lanes) { return (lanes + kBlock - 1) / kBlock * kBlock; }

// Scratch arrays only grow: the table's scorecards have from 4 to 44 lanes (padded), and resizing
// up again zero-filled them on every call (3 % of the table's instructions, callgrind).
void grow(std::vector<double>& scratch, size_t n) {
  if (scratch.size() < n) scratch.resize(n);
}

// out = max(out, add + in), or out = add + in for the first candidate.
PUZZLESAT_KERNEL void max_plus(double* out, const double* in, double add, int lanes, bool first) {
  for (int l = 0; l < lanes; l += kBlock) {
    Block a, b;
    std::memcpy(&b, in + l, sizeof b);
    b += add;
    if (!first) {
      std::memcpy(&a, out + l, sizeof a);
      b = a < b ? b : a;
    }
    std::memcpy(out + l, &b, sizeof b);
  }
}

// out = max(x, y); out may be x or y.
PUZZLESAT_KERNEL void max_of(double* out, const double* x, const double* y, int lanes) {
  for (int l = 0; l < lanes; l += kBlock) {
    Block a, b;
    std::memcpy(&a, x + l, sizeof a);
    std::memcpy(&b, y + l, sizeof b);
    a = a < b ? b : a;
    std::memcpy(out + l, &a, sizeof a);
  }
}

// Box choice for every roll with no reroll left: keep0's roll entries.
PUZZLESAT_KERNEL void score_rolls(const Table& table, BoxMask used, bool y50, std::span<const int> totals,
                                  TurnValues& v) {
  const int lanes = static_cast<int>(totals.size());
  const RuleSet rules = table.rules();
  const auto& space = DiceSpace::get();
  const auto& plain = plain_scores();
  const bool bonus_rules = has_yahtzee_bonus(rules);

  // Upper boxes: gain of scoring n dice of the face, per lane, bonus crossing included.
  grow(v.upper_gain, static_cast<size_t>(6 * (kDice + 1) * lanes));
  int open[kBoxes], open_count = 0;
  for (int box = 0; box < kBoxes; ++box)
    if (!(used & (1u << box))) open[open_count++] = box;
  for (int box = 0; box < 6; ++box) {
    if (used & (1u << box)) continue;
    const double* next = table.lanes(static_cast<BoxMask>(used | (1u << box)), y50);
    for (int n = 0; n <= kDice; ++n) {
      const int points = n * face_of(box);
      double* gain = &v.upper_gain[static_cast<size_t>((box * (kDice + 1) + n) * lanes)];
      for (int l = 0; l < lanes; ++l) {
        const int u = totals[l];
        const int after = u + points;
        gain[l] = points + (u < kUpperBonusThreshold && after >= kUpperBonusThreshold ? kUpperBonus : 0) +
                  next[capped_upper(after)];
      }
    }
  }
  // Lower boxes keep the upper total: the next scorecard's values at the same totals,
  // gathered once into contiguous lanes (slot kBoxes: the yahtzee box scored 50, which
  // sets the flag that later Yahtzees earn the bonus on).
  grow(v.lower_next, static_cast<size_t>(kBoxes + 1 - 6) * lanes);
  const double* lower_next[kBoxes + 1] = {};
  auto gather = [&](int slot, BoxMask next_used, bool next_flag) {
    const double* next = table.lanes(next_used, next_flag);
    double* out = &v.lower_next[static_cast<size_t>(slot - 6) * lanes];
    for (int l = 0; l < lanes; ++l) out[l] = next[totals[l]];
    lower_next[slot] = out;
  };
  for (int box = 6; box < kBoxes; ++box)
    if (!(used & (1u << box))) gather(box, static_cast<BoxMask>(used | (1u << box)), y50);
  if (!(used & (1u << kYahtzee))) gather(kBoxes, static_cast<BoxMask>(used | (1u << kYahtzee)), bonus_rules);
  const double* yahtzee50_next = lower_next[kBoxes];

  // Each roll's value is the best over the open boxes (a joker roll: the boxes the rules
  // allow it); there is always at least one, and the first candidate is copied, not maxed.
  const ScoreContext ctx{rules, used};
  const bool jokers_possible = rules != RuleSet::simple && (used & (1u << kYahtzee));
  for (int r = 0; r < kRolls; ++r) {
    const int keep = kFirstRoll + r;
    const Counts& dice = space.counts(keep);
    double* out = &v.keep0[static_cast<size_t>(keep) * lanes];
    const bool joker = jokers_possible && is_joker(ctx, dice);
    bool first = true;
    for (const int* b = open; b != open + open_count; ++b) {
      const int box = *b;
      if (joker && !box_allowed(ctx, box, dice)) continue;
      if (is_upper(box)) {
        const double* gain = &v.upper_gain[static_cast<size_t>((box * (kDice + 1) + dice[box]) * lanes)];
        max_of(out, first ? gain : out, gain, lanes);
      } else {
        const int points = joker ? box_score(ctx, box, dice) : plain.score[r][box];
        const double* next = box == kYahtzee && points == 50 ? yahtzee50_next : lower_next[box];
        max_plus(out, next, points, lanes, first);
      }
      first = false;
    }
    if (joker && y50) {
      for (int l = 0; l < lanes; ++l) out[l] += kYahtzeeBonus;  // rare: scalar is fine
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
    for (int l = 0; l < lanes; l += kBlock) {
      Block sum, next;
      std::memcpy(&sum, in[0] + l, sizeof sum);
      for (int f = 1; f < kFaces; ++f) {
        std::memcpy(&next, in[f] + l, sizeof next);
        sum += next;
      }
      sum *= 1.0 / 6.0;
      std::memcpy(out + l, &sum, sizeof sum);
    }
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
    max_of(out, own, best + static_cast<size_t>(*j) * lanes, lanes);
    for (++j; j != space.fewer_end(k); ++j) max_of(out, out, best + static_cast<size_t>(*j) * lanes, lanes);
  }
}

PUZZLESAT_KERNEL void evaluate_turn_kernel(const Table& table, BoxMask used, bool yahtzee50,
                                           std::span<const int> totals, TurnValues& v, double* widget) {
  // Padding lanes repeat the last total: real values, computed and ignored.
  const int lanes = lane_stride(static_cast<int>(totals.size()));
  v.totals.assign(totals.begin(), totals.end());
  v.totals.resize(static_cast<size_t>(lanes), totals.back());
  const size_t n = static_cast<size_t>(kKeeps) * lanes;
  v.lanes = lanes;
  if (v.widget_only)
    grow(v.keep0, n);
  else
    v.keep0.resize(n);
  score_rolls(table, used, yahtzee50, v.totals, v);
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
  for (size_t l = 0; l < totals.size(); l += kBlock) {
    Block sum{}, in;
    for (int k = kFirstRoll; k < kKeeps; ++k) {
      std::memcpy(&in, last + static_cast<size_t>(k) * lanes + l, sizeof in);
      sum += space.roll_probability(k) * in;
    }
    std::memcpy(widget + l, &sum, std::min(sizeof sum, (totals.size() - l) * sizeof(double)));
  }
}

// The lane loops are the whole cost of the table, and AVX2 does four doubles at a time
// where the x86-64 baseline (SSE2) does two. Chosen once at run time, so the program still
// runs on any x86-64. No FMA: every lane takes the same additions, multiplications and
// maxima in the same order either way, so both builds give the same table bit for bit.
#if defined(__x86_64__) && defined(__GNUC__)
[[gnu::target("avx2")]] void evaluate_turn_avx2(const Table& table, BoxMask used, bool yahtzee50,
                                                std::span<const int> totals, TurnValues& v, double* widget) {
  evaluate_turn_kernel(table, used, yahtzee50, totals, v, widget);
}
bool use_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

}  // namespace

void evaluate_turn(const Table& table, BoxMask used, bool yahtzee50, std::span<const int> totals, TurnValues& v,
                   double* widget) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (use_avx2()) return evaluate_turn_avx2(table, used, yahtzee50, totals, v, widget);
#endif
  evaluate_turn_kernel(table, used, yahtzee50, totals, v, widget);
}

void evaluate_turn_baseline(const Table& table, BoxMask used, bool yahtzee50, std::span<const int> totals,
                            TurnValues& v, double* widget) {
  evaluate_turn_kernel(table, used, yahtzee50, totals, v, widget);
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

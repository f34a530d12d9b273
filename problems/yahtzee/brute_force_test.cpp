// Cross-checks the strategy table and the advisor against an independent brute force:
// dice as five positions rather than multisets, every subset of positions tried as a keep,
// every ordered outcome of the rerolled dice enumerated, whole game states recursed on.
// It shares only the scoring of a single box (tested by hand in rules_test.cpp).
#include <array>
#include <catch2/catch.hpp>
#include <map>
#include <tuple>
#include <vector>

#include "problems/yahtzee/advisor.h"
#include "problems/yahtzee/table_fixture.h"
#include "problems/yahtzee/turn.h"

using namespace puzzlesat::yahtzee;
using puzzlesat::yahtzee::testing::computed_table;

namespace {

constexpr int kPow6[] = {1, 6, 36, 216, 1296, 7776};
constexpr int kKeySpace = 46656;  // a multiset as the sum of 6^(face-1) over its dice

struct BruteTurn {
  // Value of holding each five-dice multiset (by key) with 0, 1, 2 rerolls left.
  std::array<std::vector<double>, 3> level;
  double value = 0;  // at the start of the turn
};

class BruteForce {
 public:
  explicit BruteForce(RuleSet rules) : rules_(rules) {
    // Ordered outcomes of k fresh dice, as key increments.
    for (int k = 0; k <= kDice; ++k) {
      std::vector<int> keys{0};
      for (int i = 0; i < k; ++i) {
        std::vector<int> next;
        for (int key : keys)
          for (int f = 0; f < kFaces; ++f) next.push_back(key + kPow6[f]);
        keys = next;
      }
      outcomes_[k] = keys;
    }
    for (int a = 1; a <= 6; ++a)
      for (int b = a; b <= 6; ++b)
        for (int c = b; c <= 6; ++c)
          for (int d = c; d <= 6; ++d)
            for (int e = d; e <= 6; ++e) rolls_.push_back({a, b, c, d, e});
  }

  double value(const State& s) {
    if (s.used == kAllBoxes) return 0;
    auto key = std::make_tuple(s.used, s.upper, s.yahtzee50);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    double v = turn(s).value;
    memo_[key] = v;
    return v;
  }

  BruteTurn turn(const State& s) {
    BruteTurn t;
    for (auto& l : t.level) l.assign(kKeySpace, 0.0);
    for (const auto& roll : rolls_) {
      Counts counts{};
      for (int p : roll) ++counts[p - 1];
      double best = -1e300;
      for (int box = 0; box < kBoxes; ++box) {
        if (!box_allowed({rules_, s.used}, box, counts)) continue;
        Scoring sc = score_roll(rules_, s, box, counts);
        best = std::max(best, sc.gained + value(sc.next));
      }
      t.level[0][key_of(roll)] = best;
    }
    for (int n = 1; n <= 2; ++n) {
      for (const auto& roll : rolls_) {
        double best = -1e300;
        for (int mask = 0; mask < 32; ++mask) {
          int kept = 0, rerolled = 0;
          for (int i = 0; i < kDice; ++i) {
            if (mask & (1 << i))
              kept += kPow6[roll[i] - 1];
            else
              ++rerolled;
          }
          double sum = 0;
          for (int fill : outcomes_[rerolled]) sum += t.level[n - 1][kept + fill];
          best = std::max(best, sum / static_cast<double>(outcomes_[rerolled].size()));
        }
        t.level[n][key_of(roll)] = best;
      }
    }
    double sum = 0;
    for (int fill : outcomes_[kDice]) sum += t.level[2][fill];
    t.value = sum / 7776.0;
    return t;
  }

  static int key_of(const Roll& roll) {
    int key = 0;
    for (int p : roll) key += kPow6[p - 1];
    return key;
  }

 private:
  RuleSet rules_;
  std::array<std::vector<int>, kDice + 1> outcomes_;
  std::vector<Roll> rolls_;
  std::map<std::tuple<BoxMask, int, bool>, double> memo_;
};

BoxMask all_but(std::initializer_list<int> open) {
  BoxMask m = kAllBoxes;
  for (int b : open) m = static_cast<BoxMask>(m & ~(1u << b));
  return m;
}

// The table's value of the state, and the advisor's best choice for a few rolls at each
// reroll count, against the brute force.
void check_state(RuleSet rules, const State& s) {
  const Table& table = computed_table(rules);
  BruteForce brute(rules);
  BruteTurn t = brute.turn(s);
  CHECK(table.value(s) == Approx(t.value).margin(1e-9));
  for (Roll roll : {Roll{1, 1, 3, 5, 6}, Roll{4, 4, 4, 4, 4}, Roll{2, 3, 4, 5, 5}, Roll{3, 3, 3, 6, 6}}) {
    for (int rerolls = 0; rerolls <= 2; ++rerolls) {
      Advice a = advise(table, {s, roll, rerolls, 1});
      const double best = rerolls == 0 ? a.boxes.at(0).expected : a.keeps.at(0).expected;
      INFO("roll " << roll[0] << roll[1] << roll[2] << roll[3] << roll[4] << " rerolls " << rerolls);
      CHECK(best == Approx(t.level[rerolls][BruteForce::key_of(roll)]).margin(1e-9));
    }
  }
}

}  // namespace

// One test case per rule set: each test process computes its table once.
TEST_CASE("brute force agrees with the table and the advisor near the end (simple)", "[yahtzee][brute]") {
  SECTION("one box left: yahtzee") {
    check_state(RuleSet::simple, {all_but({kYahtzee}), 70, false});
    // 50 times the chance of a Yahtzee within three rolls, 2,783,176 / 60,466,176.
    CHECK(computed_table(RuleSet::simple).value({all_but({kYahtzee}), 70, false}) ==
          Approx(50.0 * 2783176 / 60466176).margin(1e-9));
  }
  SECTION("one box left: sixes with the bonus at stake") {
    check_state(RuleSet::simple, {all_but({kSixes}), 45, false});
  }
  SECTION("two boxes left: small straight and threes") {
    check_state(RuleSet::simple, {all_but({kSmallStraight, kThrees}), 54, false});
  }
  // With sixes open (at most 30 more), totals up to 32 can no longer make 63: the table
  // computes them as one lane and copies it (table.cpp, bonus_out_of_reach). Both sides
  // of that edge, and a total far below it, against the brute force.
  SECTION("two boxes left: sixes with the bonus out of reach, at the edge and beyond it") {
    for (int upper : {5, 32, 33})
      check_state(RuleSet::simple, {all_but({kSixes, kYahtzee}), upper, false});
  }
}

TEST_CASE("brute force agrees with the table and the advisor near the end (official)", "[yahtzee][brute]") {
  SECTION("one box left: chance with Yahtzee bonuses") {
    check_state(RuleSet::official, {all_but({kChance}), 10, true});
  }
  SECTION("two boxes left: full house and fours, jokers possible") {
    check_state(RuleSet::official, {all_but({kFullHouse, kFours}), 50, true});
  }
  SECTION("two boxes left: yahtzee and aces near the bonus") {
    check_state(RuleSet::official, {all_but({kYahtzee, kAces}), 60, false});
  }
}

TEST_CASE("brute force agrees with the table and the advisor near the end (forced joker)", "[yahtzee][brute]") {
  check_state(RuleSet::official_forced, {all_but({kFullHouse, kFours}), 50, true});
  check_state(RuleSet::official_forced, {all_but({kLargeStraight, kTwos, kChance}), 0, true});
}

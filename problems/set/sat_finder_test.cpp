#include "problems/set/sat_finder.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "problems/set/finder.h"
#include "problems/set/random.h"

using namespace puzzlesat::set;

namespace {

// `count` random boards of 3..21 distinct cards from `seed`. On every board SAT's single
// answer exists exactly when the direct finder finds sets, and SAT's models are exactly
// the direct finder's sets: each listed set satisfies the formula, and once they are all
// blocked the formula is UNSAT. On every tenth board the enumeration (find_all) must
// also return the direct list itself. (Enumerating on all 100,000 boards costs ~40 s of
// CPU, nearly all on the 18..21-card boards; the check above proves the same equality.)
void cross_check(std::uint64_t seed, int count, const SetEncodingOptions& options = {}) {
  Rng rng(seed);
  std::array<std::uint8_t, kDeckSize> deck;
  std::iota(deck.begin(), deck.end(), std::uint8_t{0});
  std::vector<Card> board;
  int with_set = 0, enumerated = 0;
  for (int round = 0; round < count; ++round) {
    int n = 3 + static_cast<int>(rng.below(19));
    rng.shuffle(std::span<std::uint8_t>(deck));
    board.clear();
    for (int i = 0; i < n; ++i) board.push_back(card_at(deck[i]));
    std::vector<Triple> direct = find_all_sets(board);
    with_set += !direct.empty();

    SatSetFinder sat(board, "minisat", options);
    if (round % 10 == 0) {
      if (sat.find_all() != direct) FAIL("SAT enumeration differs on round " << round);
      ++enumerated;
      continue;
    }
    std::optional<Triple> one = sat.find_one();
    if (one.has_value() == direct.empty()) FAIL("existence differs on round " << round);
    if (one && !std::binary_search(direct.begin(), direct.end(), *one)) {
      FAIL("SAT's set is not in the direct list on round " << round);
    }
    for (const Triple& t : direct) {
      if (!sat.admits(t)) FAIL("a direct set is not a model on round " << round);
      sat.block(t);
    }
    if (sat.find_one()) FAIL("SAT has a model beyond the direct list on round " << round);
  }
  // Both outcomes must be well represented for the check to mean anything.
  CHECK(with_set > count / 4);
  CHECK(with_set < count);
  CHECK(enumerated == (count + 9) / 10);
}

}  // namespace

// 100,000 boards in four parts, so ctest can run them side by side; the sanitizer build
// runs none of them (the [sweep] tag) but 5,000 other boards, where each board's fresh
// solver costs some hundred page faults (docs/fuzzing.md).
TEST_CASE("SAT and direct finders agree on 5,000 random boards", "[set][sat]") { cross_check(6, 5000); }
TEST_CASE("SAT and direct finders agree on 100,000 random boards, part 1", "[set][sat][sweep]") { cross_check(1, 25000); }
TEST_CASE("SAT and direct finders agree on 100,000 random boards, part 2", "[set][sat][sweep]") { cross_check(2, 25000); }
TEST_CASE("SAT and direct finders agree on 100,000 random boards, part 3", "[set][sat][sweep]") { cross_check(3, 25000); }
TEST_CASE("SAT and direct finders agree on 100,000 random boards, part 4", "[set][sat][sweep]") { cross_check(4, 25000); }

// The same check on the reference design alone (without the implied completion clauses
// the finders add by default), so the formula is itself cross-checked.
TEST_CASE("the reference design alone agrees with the direct finder on 10,000 boards", "[set][sat]") {
  cross_check(5, 10000, {.completion_clauses = false});
}

TEST_CASE("SAT finds the set on a three-card set and proves none on a non-set", "[set][sat]") {
  std::vector<Card> yes = {Card{0, 0, 0, 0}, Card{1, 1, 1, 1}, Card{2, 2, 2, 2}};
  std::vector<Card> no = {Card{0, 0, 0, 0}, Card{1, 1, 1, 1}, Card{2, 2, 2, 1}};
  CHECK(sat_find_one_set(yes).sets == std::vector<Triple>{{0, 1, 2}});
  CHECK(sat_find_one_set(no).sets.empty());
  CHECK(sat_find_all_sets(no).sets.empty());
  CHECK(sat_find_one_set(std::vector<Card>{}).sets.empty());
  CHECK(sat_find_all_sets(std::vector<Card>{Card{0, 0, 0, 0}}).sets.empty());
}

TEST_CASE("the whole deck: SAT enumerates all 1080 sets", "[set][sat]") {
  std::vector<Card> deck;
  for (int i = 0; i < kDeckSize; ++i) deck.push_back(card_at(i));
  CHECK(sat_find_all_sets(deck).sets == find_all_sets(deck));
}

#include "problems/set/card.h"

#include <catch2/catch.hpp>

using namespace puzzlesat::set;

namespace {
// The rule as the game states it, attribute by attribute.
bool all_same_or_all_different(Card a, Card b, Card c) {
  for (int t = 0; t < kAttributes; ++t) {
    int x = a.get(t), y = b.get(t), z = c.get(t);
    bool same = x == y && y == z;
    bool different = x != y && y != z && x != z;
    if (!same && !different) return false;
  }
  return true;
}
}  // namespace

TEST_CASE("card indices 0..80 round-trip and cover the deck once", "[set]") {
  for (int i = 0; i < kDeckSize; ++i) {
    Card c = card_at(i);
    CHECK(index(c) == i);
    CHECK(c.number < 3);
    CHECK(c.color < 3);
    CHECK(c.shading < 3);
    CHECK(c.shape < 3);
  }
  CHECK(card_at(0) < card_at(1));
}

TEST_CASE("is_set agrees with the all-same-or-all-different rule on every triple", "[set]") {
  int sets = 0;
  for (int i = 0; i < kDeckSize; ++i) {
    for (int j = 0; j < kDeckSize; ++j) {
      for (int k = 0; k < kDeckSize; ++k) {
        bool expected = all_same_or_all_different(card_at(i), card_at(j), card_at(k));
        bool got = is_set(card_at(i), card_at(j), card_at(k));
        if (expected != got) FAIL("disagree on " << i << "," << j << "," << k);
        if (got && i < j && j < k) ++sets;
      }
    }
  }
  // 81·80/6: every pair lies in exactly one set.
  CHECK(sets == 1080);
}

TEST_CASE("the third card completes any two distinct cards, uniquely", "[set]") {
  for (int i = 0; i < kDeckSize; ++i) {
    for (int j = 0; j < kDeckSize; ++j) {
      Card t = third_card(card_at(i), card_at(j));
      CHECK(third_index(i, j) == index(t));
      if (i == j) {
        CHECK(index(t) == i);
        continue;
      }
      CHECK(is_set(card_at(i), card_at(j), t));
      CHECK(index(t) != i);
      CHECK(index(t) != j);
      int completions = 0;
      for (int k = 0; k < kDeckSize; ++k) {
        if (k != i && k != j && is_set(card_at(i), card_at(j), card_at(k))) ++completions;
      }
      CHECK(completions == 1);
    }
  }
}

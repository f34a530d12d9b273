#include "problems/set/finder.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include "problems/set/random.h"
#include "problems/set/set_testing.h"

using namespace puzzlesat::set;
using puzzlesat::set::testing::random_board;

namespace {
std::vector<Triple> brute_force(const std::vector<Card>& b) {
  std::vector<Triple> out;
  int n = static_cast<int>(b.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k)
        if (is_set(b[i], b[j], b[k])) out.push_back({i, j, k});
  return out;
}

}  // namespace

TEST_CASE("the direct finder lists exactly the sets brute force finds, sorted", "[set]") {
  Rng rng(7);
  for (int round = 0; round < 3000; ++round) {
    auto board = random_board(rng, 3 + round % 25);
    auto sets = find_all_sets(board);
    REQUIRE(sets == brute_force(board));
    CHECK(std::is_sorted(sets.begin(), sets.end()));
    auto one = find_one_set(board);
    CHECK(one.has_value() == !sets.empty());
    if (one) CHECK(*one == sets.front());
  }
}

TEST_CASE("the whole deck holds 1080 sets, the empty board none", "[set]") {
  std::vector<Card> deck;
  for (int i = 0; i < kDeckSize; ++i) deck.push_back(card_at(i));
  CHECK(find_all_sets(deck).size() == 1080);
  CHECK(find_all_sets(std::vector<Card>{}).empty());
  CHECK_FALSE(find_one_set(std::vector<Card>{card_at(0), card_at(1)}).has_value());
}

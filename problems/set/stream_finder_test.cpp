#include "problems/set/stream_finder.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "problems/set/random.h"

using namespace puzzlesat::set;

namespace {

// Brute force over every triple with is_set (attribute sums), independent of the
// completing-card table that both the direct finder and the stream encoding use.
std::vector<Triple> brute_force_sets(std::span<const Card> b) {
  std::vector<Triple> sets;
  const int n = static_cast<int>(b.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k)
        if (is_set(b[i], b[j], b[k])) sets.push_back({i, j, k});
  return sets;
}

struct Shuffler {
  Rng rng;
  std::array<std::uint8_t, kDeckSize> deck;
  explicit Shuffler(std::uint64_t seed) : rng(seed) { std::iota(deck.begin(), deck.end(), std::uint8_t{0}); }

  std::vector<Card> board(int n) {
    rng.shuffle(std::span<std::uint8_t>(deck));
    std::vector<Card> b;
    for (int i = 0; i < n; ++i) b.push_back(card_at(deck[i]));
    return b;
  }

  // A set-free board of about `n` cards (up to 20, the largest cap): shuffled cards
  // added in turn, skipping any that completes a set with two already taken.
  std::vector<Card> set_free(int n) {
    rng.shuffle(std::span<std::uint8_t>(deck));
    std::vector<Card> b;
    for (int d = 0; d < kDeckSize && static_cast<int>(b.size()) < n; ++d) {
      const Card c = card_at(deck[d]);
      bool completes = false;
      for (std::size_t i = 0; i < b.size() && !completes; ++i)
        for (std::size_t j = i + 1; j < b.size() && !completes; ++j) completes = is_set(b[i], b[j], c);
      if (!completes) b.push_back(c);
    }
    return b;
  }
};

// One finder over `count` boards in a row: the answer exists exactly when brute force
// finds a set, and the set answered is one of brute force's.
void stream_check(StreamSetFinder& finder, Shuffler& s, int count, bool only_set_free, int& without_set) {
  for (int round = 0; round < count; ++round) {
    const int n = static_cast<int>(s.rng.below(22));
    const std::vector<Card> board = only_set_free ? s.set_free(n) : s.board(n);
    const std::vector<Triple> sets = brute_force_sets(board);
    const std::optional<Triple> one = finder.find_one(board);
    INFO("round " << round << ", " << board.size() << " cards");
    REQUIRE(one.has_value() == !sets.empty());
    if (one) REQUIRE(std::binary_search(sets.begin(), sets.end(), *one));
    without_set += sets.empty();
  }
}

}  // namespace

TEST_CASE("stream: every set-free board is proved UNSAT, 12 cards and 0..20", "[set][sat][stream]") {
  Shuffler s(11);
  StreamSetFinder finder;
  // 12-card boards drawn at random and kept when brute force finds no set (~3 %), so
  // they are set-free boards as a game meets them, not only greedily built caps.
  int proved = 0;
  while (proved < 2000) {
    const std::vector<Card> board = s.board(12);
    const bool none = brute_force_sets(board).empty();
    REQUIRE(finder.find_one(board).has_value() == !none);
    proved += none;
  }
  int without_set = 0;
  stream_check(finder, s, 5000, true, without_set);
  CHECK(without_set == 5000);
}

TEST_CASE("stream: random boards of 0..21 cards agree with brute force", "[set][sat][stream]") {
  Shuffler s(12);
  int without_set = 0;
  StreamSetFinder finder;
  stream_check(finder, s, 30000, false, without_set);
  // Both answers must be well represented for the check to mean anything.
  CHECK(without_set > 1000);
  CHECK(without_set < 20000);
}

// Boards change size, and solvers are replaced often, at every board, and never within
// the run: the answers must not depend on which solver or which earlier boards came first.
TEST_CASE("stream: answers do not depend on solver reuse", "[set][sat][stream]") {
  for (int per_solver : {1, 3, 100000}) {
    INFO(per_solver << " boards per solver");
    Shuffler s(13);
    StreamSetFinder finder("minisat", per_solver);
    int without_set = 0;
    stream_check(finder, s, 2000, false, without_set);
    stream_check(finder, s, 500, true, without_set);
    CHECK(finder.solvers_built() == static_cast<std::uint64_t>((2500 + per_solver - 1) / per_solver));
    CHECK(finder.stats().solves == 2500U);
  }
}

TEST_CASE("stream: CaDiCaL answers the same", "[set][sat][stream]") {
  Shuffler s(14);
  StreamSetFinder finder("cadical");
  int without_set = 0;
  stream_check(finder, s, 300, false, without_set);
  stream_check(finder, s, 200, true, without_set);
}

TEST_CASE("stream: small boards, the whole deck, and a card listed twice", "[set][sat][stream]") {
  StreamSetFinder finder;
  CHECK_FALSE(finder.find_one(std::vector<Card>{}));
  CHECK_FALSE(finder.find_one(std::vector<Card>{Card{0, 0, 0, 0}}));
  CHECK_FALSE(finder.find_one(std::vector<Card>{Card{0, 0, 0, 0}, Card{1, 1, 1, 1}}));
  CHECK(finder.find_one(std::vector<Card>{Card{0, 0, 0, 0}, Card{1, 1, 1, 1}, Card{2, 2, 2, 2}}) == Triple{0, 1, 2});
  CHECK_FALSE(finder.find_one(std::vector<Card>{Card{0, 0, 0, 0}, Card{1, 1, 1, 1}, Card{2, 2, 2, 1}}));
  std::vector<Card> deck;
  for (int i = 0; i < kDeckSize; ++i) deck.push_back(card_at(i));
  const auto t = finder.find_one(deck);
  REQUIRE(t);
  CHECK(is_set(deck[(*t)[0]], deck[(*t)[1]], deck[(*t)[2]]));

  std::vector<Card> twice = {Card{0, 0, 0, 0}, Card{1, 1, 1, 1}, Card{0, 0, 0, 0}};
  CHECK_THROWS_AS(finder.find_one(twice), std::invalid_argument);
  // The refused board left nothing behind.
  CHECK_FALSE(finder.find_one(std::vector<Card>{Card{0, 0, 0, 0}, Card{1, 1, 1, 1}}));
  CHECK_THROWS_AS(StreamSetFinder("no-such-solver"), std::invalid_argument);
}

#include "problems/hexcells/generate.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "problems/hexcells/format.h"
#include "problems/hexcells/play.h"
#include "problems/hexcells/test_levels.h"

using namespace puzzlesat::hexcells;
using puzzlesat::hexcells::testing::level_text;

namespace {

Generated make(int size, std::uint64_t seed, int difficulty) {
  GenerateOptions o;
  o.size = size;
  o.seed = seed;
  o.difficulty = difficulty;
  return generate(o);
}

}  // namespace

TEST_CASE("the generator's random numbers are SplitMix64, the same on every compiler", "[hexcells][generate]") {
  // Reference values of SplitMix64 from state 0 (Vigna's splitmix64.c).
  Rng rng(0);
  CHECK(rng.next() == 0xE220A8397B1DCDAFULL);
  CHECK(rng.next() == 0x6E789E6AA1B965F4ULL);
  CHECK(rng.next() == 0x06C45D188009454FULL);
  Rng r(7);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 2000; ++i) {
    std::uint64_t v = r.below(6);
    REQUIRE(v < 6);
    seen.insert(v);
  }
  CHECK(seen.size() == 6);
  CHECK_THROWS_AS(r.below(0), std::invalid_argument);
}

TEST_CASE("rate: a level one hint finishes has difficulty 1, one that needs two hints together has 2",
          "[hexcells][generate]") {
  // Level A: the revealed black 0 at (6,4) over hidden (5,3) and (5,5): one hint.
  Board a = read_board(level_text({{{6, 4}, "O+"}, {{5, 3}, "o."}, {{5, 5}, "o."}}));
  Rating ra = rate(a);
  CHECK(ra.solved);
  CHECK(ra.difficulty == 1);
  CHECK(rate(a, 1).solved);

  // Level B: hidden a=(5,3) blue, b=(5,5) black, c=(5,7) black showing 0 once revealed.
  // Visible: the line |1 over a, b, c; the black 1 at (6,4) over a, b; REMAINING 1. No
  // constraint alone forces anything; the line (or REMAINING) with the 1 forces c black.
  // Then c's 0 forces b, and REMAINING (or the 1) forces a: one hint each.
  Board b = read_board(level_text({{{5, 1}, "|+"}, {{5, 3}, "x."}, {{5, 5}, "o."}, {{5, 7}, "o+"}, {{6, 4}, "O+"},
                                   {{6, 2}, "O."}, {{6, 6}, "O."}, {{4, 4}, "O."}}));
  Rating rb = rate(b);
  REQUIRE(rb.solved);
  CHECK(rb.difficulty == 2);
  CHECK(rate(b, 2).solved);
  CHECK_FALSE(rate(b, 1).solved);
  CHECK(play(b).verdict == Verdict::solved);

  // A level that needs guessing is not solved at any limit.
  Board c = read_board(level_text({{{5, 5}, "O+"}, {{5, 3}, "x."}, {{5, 7}, "o."}}));
  CHECK_FALSE(rate(c).solved);
}

TEST_CASE("generated levels parse back, need no guessing and stay within the difficulty", "[hexcells][generate]") {
  for (int size : {4, 6}) {
    for (std::uint64_t seed : {1, 2}) {
      for (int difficulty : {1, 3}) {
        INFO("size " << size << " seed " << seed << " difficulty " << difficulty);
        Generated g = make(size, seed, difficulty);
        const std::string text = write_level(g.level);
        Board back = read_board(text, "generated");
        CHECK(back == g.level);
        CHECK(write_level(back) == text);
        CHECK(!back.hidden_cells().empty());
        PlayResult played = play(back);
        CHECK(played.verdict == Verdict::solved);
        CHECK(played.rounds == g.rounds);
        Rating r = rate(back);
        CHECK(r.solved);
        CHECK(r.difficulty == g.rating.difficulty);
        CHECK(r.difficulty >= 1);
        CHECK(r.difficulty <= difficulty);
        CHECK(rate(back, r.difficulty).solved);
        if (r.difficulty > 1) CHECK_FALSE(rate(back, r.difficulty - 1).solved);
        CHECK(g.level.remaining == g.level.count_hidden_blue());
      }
    }
  }
}

TEST_CASE("the same seed gives the same level, other seeds other levels", "[hexcells][generate]") {
  const std::string first = write_level(make(5, 11, 2).level);
  CHECK(write_level(make(5, 11, 2).level) == first);
  CHECK(write_level(make(5, 12, 2).level) != first);
}

TEST_CASE("generated boards fit in --size columns of --size cells and fill most of them", "[hexcells][generate]") {
  for (int size : {kMinSize, 5, 6}) {
    Board b = make(size, 3, 1).level;
    std::vector<Pos> cells = b.cells();
    REQUIRE(!cells.empty());
    auto [minx, maxx] = std::minmax_element(cells.begin(), cells.end(), [](Pos a, Pos c) { return a.x < c.x; });
    auto [miny, maxy] = std::minmax_element(cells.begin(), cells.end(), [](Pos a, Pos c) { return a.y < c.y; });
    INFO("size " << size);
    CHECK(maxx->x - minx->x + 1 <= size);
    CHECK(maxy->y - miny->y + 1 <= 2 * size);  // rows are half-rows
    CHECK(static_cast<int>(cells.size()) * 100 >= 65 * size * size - 100);
    CHECK(static_cast<int>(cells.size()) <= size * size);
  }
  CHECK_THROWS_AS(make(kMinSize - 1, 1, 1), std::invalid_argument);
  CHECK_THROWS_AS(make(kMaxSize + 1, 1, 1), std::invalid_argument);
  CHECK_THROWS_AS(make(5, 1, 0), std::invalid_argument);
  CHECK_THROWS_AS(make(5, 1, kMaxDifficulty + 1), std::invalid_argument);
}

TEST_CASE("a higher difficulty knob gives harder levels over a few seeds", "[hexcells][generate][sweep]") {
  // Per seed the difficulty reached never exceeds the knob; summed over seeds it grows
  // with the knob (a single seed may fall short of a higher target).
  std::vector<int> sums;
  for (int knob : {1, 2, 4}) {
    int sum = 0;
    for (std::uint64_t seed : {1, 2, 3}) {
      int d = make(5, seed, knob).rating.difficulty;
      CHECK(d <= knob);
      CHECK(d >= 1);
      sum += d;
    }
    sums.push_back(sum);
  }
  CHECK(sums[0] == 3);  // knob 1: every level is exactly 1
  CHECK(sums[0] < sums[1]);
  CHECK(sums[1] < sums[2]);
}

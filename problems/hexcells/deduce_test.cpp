#include "problems/hexcells/deduce.h"

#include <catch2/catch.hpp>

#include <random>

#include "problems/hexcells/brute_force.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/test_levels.h"

using namespace puzzlesat::hexcells;
using puzzlesat::hexcells::testing::level_text;

namespace {

// A random small level: cells on one lattice in a 7x13 box, line hints on three sides,
// random hint marks (the {n}/-n- choice made to agree with the colours), some revealed.
Board random_level(std::mt19937& rng, int max_hidden) {
  std::uniform_real_distribution<double> u(0, 1);
  Board b;
  std::vector<Pos> cells;
  for (int y = 2; y <= 14; ++y)
    for (int x = 1; x <= 7; ++x)
      if ((x + y) % 2 == 0 && u(rng) < 0.6) cells.push_back({x, y});
  double blue_rate = 0.2 + 0.4 * u(rng);
  for (Pos p : cells) {
    Tile& t = b.at(p);
    t.kind = Kind::cell;
    t.color = u(rng) < blue_rate ? Color::blue : Color::black;
  }
  for (int x = 1; x <= 7; ++x)
    if (u(rng) < 0.3) b.at({x, (x % 2 == 0) ? 0 : 1}).kind = Kind::line_down;
  for (int y = 1; y <= 8; ++y)
    if (u(rng) < 0.2) b.at({0, y}).kind = Kind::line_down_right;
  for (int y = 1; y <= 8; ++y)
    if (u(rng) < 0.2) b.at({8, y}).kind = Kind::line_down_left;
  for (Pos p : Board::positions()) {
    Tile& t = b.at(p);
    if (t.kind == Kind::empty) continue;
    double r = u(rng);
    if (t.is_cell() && t.color == Color::blue) {
      t.mark = r < 0.3 ? Mark::plain : Mark::none;
      continue;
    }
    if (t.is_cell() && r < 0.15) continue;  // a black cell showing "?"
    t.mark = r < 0.6 ? Mark::plain : blue_contiguous(b, p) ? Mark::together : Mark::apart;
  }
  std::shuffle(cells.begin(), cells.end(), rng);
  for (std::size_t i = 0; i < cells.size(); ++i)
    b.at(cells[i]).revealed = static_cast<int>(cells.size() - i) > max_hidden || u(rng) < 0.3;
  compute_numbers(b);
  b.remaining = b.count_hidden_blue();
  return b;
}

}  // namespace

TEST_CASE("deduce agrees with brute-force enumeration on random small states", "[hexcells][deduce]") {
  std::mt19937 rng(12345);
  int forced_total = 0, inconsistent = 0;
  for (int round = 0; round < 300; ++round) {
    Board level = random_level(rng, 14);
    // A level is consistent with its own solution; sometimes spoil one number to get
    // states that are impossible or force other cells.
    Board state = visible_state(level);
    if (round % 3 == 0) {
      for (Pos p : Board::positions())
        if (state.at(p).shows_number() && state.at(p).number > 0) {
          *state.at(p).number -= 1;
          break;
        }
    }
    INFO("round " << round << "\n" << write_state(state));
    Deduction expected = brute_force_deduce(state);
    for (DeduceOptions options : {DeduceOptions{}, DeduceOptions{false, true}, DeduceOptions{true, false}}) {
      Deduction got = deduce(state, options);
      REQUIRE(got.consistent == expected.consistent);
      CHECK(got.blue == expected.blue);
      CHECK(got.black == expected.black);
    }
    if (!expected.consistent) ++inconsistent;
    forced_total += static_cast<int>(expected.blue.size() + expected.black.size());
    if (round % 3 != 0) {
      REQUIRE(expected.consistent);
      for (Pos p : expected.blue) CHECK(level.at(p).color == Color::blue);
      for (Pos p : expected.black) CHECK(level.at(p).color == Color::black);
    }
  }
  // The sample must exercise both answers.
  CHECK(forced_total > 200);
  CHECK(inconsistent > 5);
}

TEST_CASE("REMAINING alone can force cells", "[hexcells][deduce]") {
  // Three hidden cells, no hints: REMAINING 0 forces all black, 3 all blue, 1 nothing.
  auto text = [](const char* a, const char* b, const char* c) {
    return level_text({{{2, 2}, a}, {{4, 2}, b}, {{6, 2}, c}});
  };
  Deduction none = deduce(read_board(text("o.", "o.", "o.")));
  CHECK(none.black.size() == 3);
  Deduction all = deduce(read_board(text("x.", "x.", "x.")));
  CHECK(all.blue.size() == 3);
  Deduction one = deduce(read_board(text("x.", "o.", "o.")));
  CHECK(one.blue.empty());
  CHECK(one.black.empty());
}

TEST_CASE("a state that no colouring satisfies is reported inconsistent", "[hexcells][deduce]") {
  Board b = read_board(level_text({{{5, 5}, "O+"}, {{5, 3}, "x."}, {{6, 4}, "o."}}));
  b.at({5, 5}).number = 3;  // only two neighbours exist
  CHECK_FALSE(deduce(b).consistent);
  CHECK_FALSE(brute_force_deduce(b).consistent);
}

#include "problems/hexcells/deduce.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include "problems/hexcells/brute_force.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/test_levels.h"

using namespace puzzlesat::hexcells;
using puzzlesat::hexcells::testing::level_text;
using puzzlesat::hexcells::testing::random_level;

TEST_CASE("deduce agrees with brute-force enumeration on random small states", "[hexcells][deduce]") {
  std::mt19937 rng(12345);
  int forced_total = 0, inconsistent = 0, partial = 0;
  auto reading = [](Pos a, Pos b) { return a.y != b.y ? a.y < b.y : a.x < b.x; };
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
    // The default, the reference paths, and each shortcut switched off or on alone.
    DeduceOptions plain;  // every question to a fresh solver, as before the shortcuts
    plain.settle_by_counts = plain.reuse_models = plain.cache_encodings = false;
    for (DeduceOptions options : {DeduceOptions{}, DeduceOptions{false, true}, DeduceOptions{true, false}, plain}) {
      Deduction got = deduce(state, options);
      REQUIRE(got.consistent == expected.consistent);
      CHECK(got.blue == expected.blue);
      CHECK(got.black == expected.black);
    }
    if (expected.consistent) {
      // Hints first: a subset of the forced cells, the whole set whenever it says so or
      // when the hints force nothing.
      DeduceOptions first;
      first.hints_first = true;
      Deduction got = deduce(state, first);
      REQUIRE(got.consistent);
      CHECK(std::includes(expected.blue.begin(), expected.blue.end(), got.blue.begin(), got.blue.end(), reading));
      CHECK(std::includes(expected.black.begin(), expected.black.end(), got.black.begin(), got.black.end(), reading));
      if (got.complete || (got.blue.empty() && got.black.empty())) {
        CHECK(got.complete);
        CHECK(got.blue == expected.blue);
        CHECK(got.black == expected.black);
      } else {
        ++partial;
      }
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
  CHECK(partial > 0);
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

// A Deducer keeps each group's formula for the next board only while that board extends
// the last one (group_solvers.h); given unrelated boards one after another, spoilt ones
// among them, it must answer each as a fresh deduction would.
TEST_CASE("one Deducer on unrelated and impossible boards in turn answers each afresh", "[hexcells][deduce]") {
  std::mt19937 rng(4242);
  Deducer shared;
  for (int i = 0; i < 200; ++i) {
    Board state = visible_state(random_level(rng, 14));
    if (i % 4 == 1)
      for (Pos p : Board::positions())
        if (state.at(p).shows_number() && state.at(p).number > 0) {
          *state.at(p).number -= 1;
          break;
        }
    INFO("board " << i << "\n" << write_state(state));
    Deduction got = shared.deduce(state), expected = brute_force_deduce(state);
    REQUIRE(got.consistent == expected.consistent);
    CHECK(got.blue == expected.blue);
    CHECK(got.black == expected.black);
  }
}

// REMAINING's joint solve is skipped when the groups' models, found this round or kept
// from earlier ones, combine into models of the board that colour every open cell both
// ways, and otherwise asks only what they leave open (group_models.h). Played round by
// round, as the corpus is, every round's answer must equal brute force's and that of the
// path without the models, and both kinds of round must have happened.
TEST_CASE("REMAINING skipped by the groups' models loses no forced cell, round after round", "[hexcells][deduce][sweep]") {
  std::mt19937 rng(777);
  int skipped = 0, joint = 0;
  DeduceOptions always_joint;
  always_joint.remaining_by_models = false;
  for (int i = 0; i < 400; ++i) {
    Board level = random_level(rng, 20);
    INFO("level " << i << "\n" << write_level(level));
    Deducer with_skip, without_skip(always_joint);
    for (int round = 1; !level.hidden_cells().empty(); ++round) {
      INFO("round " << round);
      Board state = visible_state(level);
      Deduction got = with_skip.deduce(state), plain = without_skip.deduce(state), expected = brute_force_deduce(state);
      REQUIRE(got.consistent);
      CHECK(got.blue == expected.blue);
      CHECK(got.black == expected.black);
      CHECK(plain.blue == expected.blue);
      CHECK(plain.black == expected.black);
      skipped += got.stats.remaining_by_models;
      joint += got.stats.remaining_solved;
      if (got.blue.empty() && got.black.empty()) break;
      for (const auto* cells : {&got.blue, &got.black})
        for (Pos p : *cells) level.at(p).revealed = true;
      level.remaining = level.count_hidden_blue();
    }
  }
  CHECK(skipped > 20);
  CHECK(joint > 20);
}

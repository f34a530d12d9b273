#include "problems/hexcells/play.h"

#include <catch2/catch.hpp>

#include "problems/hexcells/brute_force.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/test_levels.h"

using namespace puzzlesat::hexcells;
using puzzlesat::hexcells::testing::level_text;
using puzzlesat::hexcells::testing::random_level;

TEST_CASE("playing reveals forced cells round by round until solved", "[hexcells][play]") {
  // (5,3) is forced first by the black 1 at (6,4); revealed, its number 0... then the rest.
  Board level = read_board(level_text({{{5, 0}, "|+"},
                                       {{5, 3}, "x."},
                                       {{5, 5}, "O+"},
                                       {{6, 4}, "O+"},
                                       {{6, 6}, "O."},
                                       {{4, 6}, "O."},
                                       {{4, 4}, "O."},
                                       {{5, 7}, "o+"},
                                       {{5, 9}, "o."}}));
  std::vector<int> sizes;
  PlayResult r = play(level, [&](const Round& round, const Board& b) {
    sizes.push_back(static_cast<int>(round.blue.size() + round.black.size()));
    for (Pos p : round.blue) CHECK(b.at(p).revealed);
  });
  CHECK(r.verdict == Verdict::solved);
  CHECK(r.hidden_left == 0);
  CHECK(r.revealed == 3);
  CHECK(r.rounds == static_cast<int>(sizes.size()));
  CHECK(r.final_board.hidden_cells().empty());
}

TEST_CASE("a level with two solutions ends stuck with the undecided cells hidden", "[hexcells][play]") {
  // Two hidden cells, one blue, nothing tells which.
  Board level = read_board(level_text({{{5, 5}, "O+"}, {{5, 3}, "x."}, {{5, 7}, "o."}}));
  PlayResult r = play(level);
  CHECK(r.verdict == Verdict::stuck);
  CHECK(r.rounds == 0);
  CHECK(r.hidden_left == 2);
}

TEST_CASE("a deduction against the stated solution fails loudly", "[hexcells][play]") {
  // The file's solution breaks its own hint: the black 1 at (5,5) sees only (5,3), which
  // is stated black, yet the 1 forces it blue.
  Board level = read_board(level_text({{{5, 5}, "O+"}, {{5, 3}, "o."}, {{7, 7}, "x."}}));
  level.at({5, 5}).number = 1;
  CHECK_THROWS_AS(play(level), SolutionMismatch);
}

TEST_CASE("hints-first play ends where eager play ends, on a board enumeration calls stuck", "[hexcells][play]") {
  std::mt19937 rng(2024);
  int partial_rounds = 0, unfinished = 0;
  for (int i = 0; i < 150; ++i) {
    Board level = random_level(rng, 14);
    INFO("level " << i << "\n" << write_level(level));
    PlayOptions first;
    first.hints_first = true;
    PlayResult lazy = play(level, {}, first), full = play(level);
    CHECK(lazy.verdict == full.verdict);
    CHECK(lazy.final_board.hidden_cells() == full.final_board.hidden_cells());
    for (const Round& r : full.steps) CHECK(r.complete);
    for (const Round& r : lazy.steps) partial_rounds += !r.complete;
    // Where play stops, trying every colouring forces nothing either.
    Deduction rest = brute_force_deduce(visible_state(lazy.final_board));
    CHECK(rest.consistent);
    CHECK(rest.blue.empty());
    CHECK(rest.black.empty());
    unfinished += lazy.hidden_left > 0;
  }
  CHECK(partial_rounds > 0);
  CHECK(unfinished > 0);
}

TEST_CASE("hints-first play still uses REMAINING when the hints force nothing", "[hexcells][play]") {
  // Three hidden cells in no hint, all black: only REMAINING (0) decides them.
  Board level = read_board(level_text({{{2, 2}, "o."}, {{4, 2}, "o."}, {{6, 2}, "o."}}));
  PlayOptions first;
  first.hints_first = true;
  PlayResult r = play(level, {}, first);
  CHECK(r.verdict == Verdict::solved);
  REQUIRE(r.steps.size() == 1);
  CHECK(r.steps[0].stats.remaining_solved);
  CHECK(r.steps[0].complete);
}

// Every schedule of solver work must reveal the same cells in the same rounds: the
// deduction is complete, only its cost differs. Each round is also checked against
// enumeration of the state it was deduced from.
TEST_CASE("settling by counts, reused models and shared encodings reveal what fresh solvers do, round by round",
          "[hexcells][play]") {
  std::mt19937 rng(77);
  PlayOptions fresh;  // every question to a fresh solver, no shortcut
  fresh.deduce.settle_by_counts = fresh.deduce.reuse_models = fresh.deduce.cache_encodings = false;
  int rounds = 0;
  for (int i = 0; i < 120; ++i) {
    Board level = random_level(rng, 14);
    INFO("level " << i << "\n" << write_level(level));
    std::vector<Board> states;
    PlayResult reference = play(level, [&](const Round&, const Board& b) { states.push_back(visible_state(b)); }, fresh);
    PlayResult got = play(level, {});
    REQUIRE(got.steps.size() == reference.steps.size());
    for (std::size_t r = 0; r < got.steps.size(); ++r) {
      CHECK(got.steps[r].blue == reference.steps[r].blue);
      CHECK(got.steps[r].black == reference.steps[r].black);
    }
    CHECK(got.verdict == reference.verdict);
    // The state before round r + 1 is the board after round r; round 1's is the level's.
    Board before = visible_state(level);
    before.remaining = level.count_hidden_blue();
    for (std::size_t r = 0; r < reference.steps.size(); ++r) {
      Deduction expected = brute_force_deduce(before);
      CHECK(reference.steps[r].blue == expected.blue);
      CHECK(reference.steps[r].black == expected.black);
      before = states[r];
      ++rounds;
    }
  }
  CHECK(rounds > 150);
}

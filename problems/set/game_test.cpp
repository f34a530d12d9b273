#include "problems/set/game.h"

#include <catch2/catch.hpp>

#include <set>

#include "problems/set/finder.h"

using namespace puzzlesat::set;

TEST_CASE("games follow the rules: sets taken, each card dealt once, deck empty, no set left",
          "[set]") {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    Game g = play_game(seed);
    INFO("seed " << seed);
    std::multiset<Card> seen;
    for (const auto& s : g.sets) {
      CHECK(is_set(s[0], s[1], s[2]));
      seen.insert(s.begin(), s.end());
    }
    seen.insert(g.final_board.begin(), g.final_board.end());
    CHECK(seen.size() == 81);
    CHECK(std::set<Card>(seen.begin(), seen.end()).size() == 81);
    CHECK(g.tally.cards_dealt == 81);
    CHECK_FALSE(find_one_set(g.final_board).has_value());
    CHECK(g.final_board.size() + 3 * g.sets.size() == 81);
    CHECK(static_cast<int>(g.sets.size()) == g.tally.sets_taken);

    // The board of every step is consistent with the previous one.
    int no_set_deals = 0;
    std::multiset<Card> board;
    for (const auto& step : g.steps) {
      for (Card c : step.cards) {
        if (step.kind == GameStep::Kind::deal) {
          board.insert(c);
        } else {
          REQUIRE(board.count(c) == 1);
          board.erase(board.find(c));
        }
      }
      CHECK(board == std::multiset<Card>(step.board.begin(), step.board.end()));
      CHECK(step.board.size() <= 21);
      // Extra cards come only when the board has no set.
      if (step.kind == GameStep::Kind::deal && step.why == GameStep::Why::no_set) {
        std::vector<Card> before(step.board.begin(), step.board.end() - 3);
        CHECK_FALSE(find_one_set(before).has_value());
        ++no_set_deals;
      }
    }
    // SAT proved each of those boards set-free, and the final board.
    CHECK(g.sat_proofs == no_set_deals + 1);
  }
}

TEST_CASE("a seed names one game, different seeds differ", "[set]") {
  CHECK(play_game(42).sets == play_game(42).sets);
  CHECK(play_game(42).deck != play_game(43).deck);
  Rng a(5), b(5);
  GameTally ta = simulate_game(a), tb = simulate_game(b);
  CHECK(ta.sets_taken == tb.sets_taken);
  CHECK(ta.final_board_size == tb.final_board_size);
}

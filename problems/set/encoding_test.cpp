#include "problems/set/encoding.h"

#include <catch2/catch.hpp>


#include "problems/set/random.h"
#include "problems/set/set_testing.h"
#include <puzzlesat/solver.h>

using namespace puzzlesat;
using namespace puzzlesat::set;
using puzzlesat::set::testing::random_board;

// The pair-completion clauses must remove no model of the reference design: each one is
// checked to be implied by the reference clauses alone (its negation is UNSAT), and the
// sets it leaves open are still models.
TEST_CASE("the pair-completion clauses are implied by the reference design", "[set][sat]") {
  Rng rng(7);
  int binary = 0, ternary = 0;
  for (int round = 0; round < 150; ++round) {
    std::vector<Card> board = random_board(rng, 3 + static_cast<int>(rng.below(19)));
    sat::Cnf cnf;
    SetEncoding e = encode_set_search(cnf, board, {.completion_clauses = false});
    auto solver = sat::make_solver("minisat");
    solver->add_cnf(cnf);
    for (std::size_t i = 0; i < board.size(); ++i) {
      for (std::size_t j = i + 1; j < board.size(); ++j) {
        const Card third = third_card(board[i], board[j]);
        auto k = std::find(board.begin(), board.end(), third);
        const sat::Lit a = e.cards[i], b = e.cards[j];
        if (k == board.end()) {
          // Clause ~a ∨ ~b: a and b together are impossible.
          CHECK(solver->solve({a, b}) == sat::Status::unsat);
          ++binary;
        } else {
          // Clause ~a ∨ ~b ∨ c: a and b without c are impossible, with c a model.
          const sat::Lit c = e.cards[static_cast<std::size_t>(k - board.begin())];
          CHECK(solver->solve({a, b, ~c}) == sat::Status::unsat);
          CHECK(solver->solve({a, b, c}) == sat::Status::sat);
          ++ternary;
        }
      }
    }
  }
  // Both kinds of clause were exercised.
  CHECK(binary > 1000);
  CHECK(ternary > 100);
}

TEST_CASE("the completion clauses add one clause per pair of table cards and nothing else", "[set][sat]") {
  Rng rng(8);
  for (int n : {0, 1, 2, 3, 12, 21}) {
    std::vector<Card> board = random_board(rng, n);
    sat::Cnf plain, full;
    encode_set_search(plain, board, {.completion_clauses = false});
    encode_set_search(full, board);
    CHECK(full.num_vars() == plain.num_vars());
    CHECK(full.num_clauses() == plain.num_clauses() + static_cast<std::size_t>(n * (n - 1) / 2));
  }
}

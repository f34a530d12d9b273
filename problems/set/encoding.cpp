#include "problems/set/encoding.h"

#include <fmt/format.h>

#include <puzzlesat/cardinality.h>
#include <puzzlesat/set_rule.h>
#include "problems/set/card_text.h"

namespace puzzlesat::set {
namespace {

// Implied by the reference design: three selected cards agree or all differ on every
// attribute, so two of them fix the third (`third_index`). Hence, for each pair,
// ~a ∨ ~b ∨ c with c the completing card, or ~a ∨ ~b when that card is not on the table.
// Without them, two chosen cards propagate nothing about the third (the value literals
// only say which values occur), and refuting a set-free 12-card board takes ~33
// conflicts; with them, choosing one card excludes every card it has no set with, and
// ~13 conflicts remain (docs/set.md has the figures).
void add_completion_clauses(sat::Cnf& cnf, std::span<const Card> board, std::span<const sat::Lit> cards) {
  std::array<int, kDeckSize> position;
  position.fill(-1);
  for (std::size_t i = 0; i < board.size(); ++i) position[index(board[i])] = static_cast<int>(i);
  cnf.add_comment("implied: two selected cards select their completing card (or are impossible)");
  for (std::size_t i = 0; i < board.size(); ++i) {
    for (std::size_t j = i + 1; j < board.size(); ++j) {
      const int k = position[third_index(index(board[i]), index(board[j]))];
      if (k < 0) {
        cnf.add_clause({~cards[i], ~cards[j]});
      } else {
        cnf.add_clause({~cards[i], ~cards[j], cards[k]});
      }
    }
  }
}

}  // namespace

SetEncoding encode_set_search(sat::Cnf& cnf, std::span<const Card> board,
                              const SetEncodingOptions& options) {
  const bool names = options.names;
  SetEncoding e;
  e.cards.reserve(board.size());
  for (std::size_t i = 0; i < board.size(); ++i) {
    e.cards.push_back(names ? cnf.new_lit(fmt::format("card[{}]={}", i, to_string(board[i])))
                            : cnf.new_lit());
  }
  for (int t = 0; t < kAttributes; ++t) {
    for (int v = 0; v < kValues; ++v) {
      e.values[t][v] = names ? cnf.new_lit(fmt::format("{}={}", attribute_name(t), value_word(t, v)))
                             : cnf.new_lit();
    }
  }

  cnf.add_comment("exactly three cards are selected");
  // `automatic` picks the sequential counter here (the smallest for k = 3); its choice
  // is cached per (n, k), so choosing no longer costs a trial run per board.
  enc::exactly(cnf, e.cards, 3);

  cnf.add_comment("a selected card has its four values");
  for (std::size_t i = 0; i < board.size(); ++i) {
    for (int t = 0; t < kAttributes; ++t) cnf.add_clause({~e.cards[i], e.values[t][board[i].get(t)]});
  }

  cnf.add_comment("a value is present only if some selected card has it");
  std::vector<sat::Lit> clause;
  for (int t = 0; t < kAttributes; ++t) {
    for (int v = 0; v < kValues; ++v) {
      clause.assign({~e.values[t][v]});
      for (std::size_t i = 0; i < board.size(); ++i) {
        if (board[i].get(t) == v) clause.push_back(e.cards[i]);
      }
      cnf.add_clause(clause);
    }
  }

  cnf.add_comment("per attribute, all the same or all different: not exactly two values");
  for (int t = 0; t < kAttributes; ++t) {
    enc::set_rule(cnf, e.values[t][0], e.values[t][1], e.values[t][2]);
  }

  if (options.completion_clauses) add_completion_clauses(cnf, board, e.cards);
  return e;
}

}  // namespace puzzlesat::set

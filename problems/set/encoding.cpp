#include "problems/set/encoding.h"

#include <fmt/format.h>

#include "encodings/cardinality.h"
#include "encodings/set_rule.h"
#include "problems/set/card_text.h"

namespace puzzlesat::set {

SetEncoding encode_set_search(sat::Cnf& cnf, std::span<const Card> board, bool names) {
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
  // Named rather than `automatic`: choosing costs a trial run of every encoding, several
  // times the whole solve on a 12-card board; the sequential counter is small for k = 3.
  enc::exactly(cnf, e.cards, 3, enc::CardEncoding::seqcounter);

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
  return e;
}

}  // namespace puzzlesat::set

// The SAT encoding of "three of these cards form a set" (the reference design): one
// literal per card on the table, one per attribute value ("some selected card has it").
// Exactly three cards are selected; a selected card implies its four value literals; a
// value literal implies that some selected card has that value; per attribute, one or
// three of its value literals are true (never exactly two). UNSAT proves no set remains.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "problems/set/card.h"
#include "sat/cnf.h"
#include "sat/lit.h"

namespace puzzlesat::set {

struct SetEncoding {
  std::vector<sat::Lit> cards;  // one per board card, in board order
  std::array<std::array<sat::Lit, kValues>, kAttributes> values;  // [attribute][value]
};

// Adds the encoding to cnf. With `names`, its variables are named for DIMACS export
// (`card[3]=two red striped diamonds`, `color=red`, ...); naming costs more than solving
// a 12-card board, so the finders leave it off.
SetEncoding encode_set_search(sat::Cnf& cnf, std::span<const Card> board, bool names = false);

}  // namespace puzzlesat::set

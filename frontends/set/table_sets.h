// The sets among the cards read off a table, by SAT: the step between reading a photo
// (table_reader.h) and drawing the answer (annotate.h), shared by `puzzlesat set photo`
// and the web page. A card read twice is a misread; the finders want distinct cards, so
// its second copy is left out of the search. An empty `sets` is an UNSAT answer: no set
// is among the cards read.
#pragma once

#include <array>
#include <vector>

#include "frontends/set/table_reader.h"
#include "problems/set/card.h"

namespace puzzlesat::set_vision {

struct TableSets {
  std::vector<set::Card> board;           // the distinct cards searched, in table order
  std::vector<int> position;              // board[i] is TableReading::cards[position[i]]
  std::vector<std::array<int, 3>> sets;   // card positions in TableReading::cards
};

// One set (or none), or every set with `all`.
TableSets find_table_sets(const TableReading& table, bool all);

}  // namespace puzzlesat::set_vision

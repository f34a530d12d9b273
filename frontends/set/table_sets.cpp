#include "frontends/set/table_sets.h"

#include <algorithm>

#include "problems/set/sat_finder.h"

namespace puzzlesat::set_vision {

TableSets find_table_sets(const TableReading& table, bool all) {
  TableSets out;
  for (std::size_t i = 0; i < table.cards.size(); ++i) {
    set::Card c = table.cards[i].reading.card();
    if (std::find(out.board.begin(), out.board.end(), c) == out.board.end()) {
      out.board.push_back(c);
      out.position.push_back(int(i));
    }
  }
  set::SatSearch search = all ? set::sat_find_all_sets(out.board) : set::sat_find_one_set(out.board);
  for (const auto& t : search.sets) out.sets.push_back({out.position[t[0]], out.position[t[1]], out.position[t[2]]});
  return out;
}

}  // namespace puzzlesat::set_vision

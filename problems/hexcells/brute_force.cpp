#include "problems/hexcells/brute_force.h"

#include <cstdint>
#include <map>
#include <stdexcept>

#include "problems/hexcells/constraints.h"

namespace puzzlesat::hexcells {

Deduction brute_force_deduce(const Board& board, int max_hidden) {
  std::vector<Pos> hidden = board.hidden_cells();
  if (static_cast<int>(hidden.size()) > max_hidden) throw std::invalid_argument("brute_force_deduce: too many hidden cells");
  std::map<Pos, std::size_t> bit;
  for (std::size_t i = 0; i < hidden.size(); ++i) bit[hidden[i]] = i;
  std::vector<Constraint> constraints = visible_constraints(board);

  std::uint32_t always_blue = ~0U, ever_blue = 0;
  bool any = false;
  for (std::uint32_t mask = 0; mask < (1U << hidden.size()); ++mask) {
    auto colour = [&](Pos p) {
      auto it = bit.find(p);
      if (it == bit.end()) return board.at(p).color;
      return (mask >> it->second) & 1U ? Color::blue : Color::black;
    };
    bool ok = true;
    for (const Constraint& c : constraints)
      if (!holds(c, colour)) {
        ok = false;
        break;
      }
    if (!ok) continue;
    any = true;
    always_blue &= mask;
    ever_blue |= mask;
  }
  Deduction d;
  d.consistent = any;
  if (!any) return d;
  for (std::size_t i = 0; i < hidden.size(); ++i) {
    if ((always_blue >> i) & 1U) d.blue.push_back(hidden[i]);
    if (!((ever_blue >> i) & 1U)) d.black.push_back(hidden[i]);
  }
  return d;
}

}  // namespace puzzlesat::hexcells

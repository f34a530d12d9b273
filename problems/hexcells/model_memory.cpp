#include "problems/hexcells/model_memory.h"

namespace puzzlesat::hexcells {

std::vector<int> ModelMemory::models_of(const Board& board, const std::vector<Pos>& cells,
                                        const std::vector<const Constraint*>& rules) const {
  std::vector<int> out;
  if (rules.empty()) return out;
  std::vector<const Row*> rows;
  for (Pos p : cells) rows.push_back(&row(p));
  for (int k = 0; k < kSlots; ++k) {
    bool coloured = true;
    for (const auto* row : rows) coloured &= (*row)[static_cast<std::size_t>(k)] >= 0;
    if (!coloured) continue;
    // Hidden cells outside `cells` (none for a group's own hints) make the slot unusable.
    bool complete = true;
    auto colour = [&](Pos p) {
      const Tile& t = board.at(p);
      if (!t.hidden()) return t.color;
      signed char v = row(p)[static_cast<std::size_t>(k)];
      complete &= v >= 0;
      return v > 0 ? Color::blue : Color::black;
    };
    bool model = true;
    for (const Constraint* c : rules) {
      model = holds(*c, colour) && complete;
      if (!model) break;
    }
    if (model) out.push_back(k);
  }
  return out;
}

void ModelMemory::store(const std::vector<Pos>& cells, const std::vector<std::vector<bool>>& found) {
  if (found.empty()) return;
  for (std::size_t i = 0; i < cells.size(); ++i)
    for (std::size_t k = 0; k < kSlots; ++k) row(cells[i])[k] = found[k % found.size()][i] ? 1 : 0;
}

}  // namespace puzzlesat::hexcells

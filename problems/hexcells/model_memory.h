// Colourings of hidden cells that earlier solver calls found, kept for the next rounds.
// A round differs from the last by revealed cells (forced, so every old model already
// agrees with them) and the hints they show; an old colouring that satisfies a group's
// hints now is a model of that group, and a cell it colours both ways across such
// models is not forced: no solver call needed to say so. Groups share no constraint, so
// slot k holding different groups' models side by side is still one model of each.
#pragma once

#include <array>
#include <vector>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

class ModelMemory {
 public:
  static constexpr int kSlots = 6;

  // The slots that colour every cell of `cells` and under which every rule holds on
  // `board` (revealed cells in their colours). Each is a model of those rules.
  std::vector<int> models_of(const Board& board, const std::vector<Pos>& cells,
                             const std::vector<const Constraint*>& rules) const;
  // Whether p is blue in slot k (one returned by models_of for a set holding p).
  bool blue(Pos p, int k) const { return row(p)[static_cast<std::size_t>(k)] > 0; }
  // Models found now (each colours `cells`, in that order) overwrite the slots, cycling
  // through them when there are fewer models than slots.
  void store(const std::vector<Pos>& cells, const std::vector<std::vector<bool>>& found);

 private:
  using Row = std::array<signed char, kSlots>;  // -1: not coloured in that slot
  const Row& row(Pos p) const { return values_[tile_index(p)]; }
  Row& row(Pos p) { return values_[tile_index(p)]; }
  // By tile: an array, not a map, as every question looks up each of its cells.
  std::vector<Row> values_ = std::vector<Row>(kGridSize * kGridSize, uncoloured());
  static Row uncoloured() {
    Row r;
    r.fill(-1);
    return r;
  }
};

}  // namespace puzzlesat::hexcells

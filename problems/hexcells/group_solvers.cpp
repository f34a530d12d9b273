#include "problems/hexcells/group_solvers.h"

#include <algorithm>
#include <set>

namespace puzzlesat::hexcells {
namespace {

bool extends(const Board& before, const Board& now) {
  for (Pos p : Board::positions()) {
    const Tile &a = before.at(p), &b = now.at(p);
    if (a.kind != b.kind) return false;
    if (a.is_cell() && a.revealed && (!b.revealed || b.color != a.color)) return false;
    if (a.shows_number() && (!b.shows_number() || b.mark != a.mark || b.number != a.number)) return false;
  }
  return true;
}

}  // namespace

void GroupSolvers::start(const Board& board) {
  if (last_ && !extends(*last_, board)) {
    formulas_.clear();
    std::fill(owner_.begin(), owner_.end(), -1);
  }
  last_ = board;
  // A formula that no hidden cell belongs to any more is done with.
  std::vector<bool> used(static_cast<std::size_t>(next_id_), false);
  for (Pos p : Board::positions()) {
    int& id = owner_[tile_index(p)];
    if (id < 0) continue;
    if (board.at(p).hidden())
      used[static_cast<std::size_t>(id)] = true;
    else
      id = -1;
  }
  std::erase_if(formulas_, [&](const auto& f) { return !used[static_cast<std::size_t>(f.first)]; });
}

GroupFormula& GroupSolvers::formula_for(const std::vector<Pos>& cells, const Board& board) {
  // The formulas holding some of the group's cells; one serves if every cell still hidden
  // in it belongs to the group.
  std::vector<char> in_group(owner_.size(), 0);
  std::set<int> holding;
  for (Pos p : cells) {
    in_group[tile_index(p)] = 1;
    if (int id = owner_[tile_index(p)]; id >= 0) holding.insert(id);
  }
  int chosen = -1;
  std::size_t chosen_size = 0;
  for (int id : holding) {
    const GroupFormula& f = *formulas_.at(id);
    bool inside = std::all_of(f.cells().begin(), f.cells().end(),
                              [&](const auto& cell) { return in_group[tile_index(cell.first)] || !board.at(cell.first).hidden(); });
    if (inside && f.cells().size() > chosen_size) chosen = id, chosen_size = f.cells().size();
  }
  if (chosen < 0) {
    chosen = next_id_++;
    formulas_.emplace(chosen, std::make_unique<GroupFormula>(solver_spec_, shapes_));
  }
  for (Pos p : cells) owner_[tile_index(p)] = chosen;
  GroupFormula& f = *formulas_.at(chosen);
  f.reveal(board);
  return f;
}

}  // namespace puzzlesat::hexcells

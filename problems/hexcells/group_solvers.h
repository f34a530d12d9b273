// Which GroupFormula each group of hidden cells is solved with, round after round of
// play. A group takes over the formula of an earlier round when every cell still hidden
// there belongs to the group (the same group with cells revealed, or grown by a merge or
// new hints): that formula's hints then constrain this group's cells and nothing else. A
// group whose cells sit in a formula that also holds cells of other groups now (it split)
// gets a fresh one: sharing would make each call search the other groups' cells too, which
// is what made one solver per level slower (docs/hexcells-corpus.md, "Issue #22").
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "problems/hexcells/encoding_cache.h"
#include "problems/hexcells/group_formula.h"
#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

class GroupSolvers {
 public:
  GroupSolvers(std::string solver_spec, EncodingCache* shapes)
      : solver_spec_(std::move(solver_spec)), shapes_(shapes), owner_(kGridSize * kGridSize, -1) {}

  // Called once per board. The formulas kept are true on `board` only if it extends the
  // board before (every cell revealed there revealed here in the same colour, every
  // number shown there shown here alike); otherwise they are all dropped.
  void start(const Board& board);
  // The formula for the group of these hidden cells, with the cells revealed since its
  // last use as units; the group holds it from now on.
  GroupFormula& formula_for(const std::vector<Pos>& cells, const Board& board);

 private:
  std::string solver_spec_;
  EncodingCache* shapes_;
  std::vector<int> owner_;  // by tile: the formula whose group holds the hidden cell, -1 none
  std::map<int, std::unique_ptr<GroupFormula>> formulas_;
  int next_id_ = 0;
  std::optional<Board> last_;
};

}  // namespace puzzlesat::hexcells

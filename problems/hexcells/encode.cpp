#include "problems/hexcells/encode.h"

#include <puzzlesat/cardinality.h>
#include <puzzlesat/contiguity.h>

namespace puzzlesat::hexcells {

sat::Lit CellVars::cell(Pos p) {
  if (by_tile_.empty()) by_tile_.resize(kGridSize * kGridSize);
  sat::Lit& known = by_tile_[tile_index(p)];
  if (known.var().valid()) return known;
  known = named_ ? cnf_.new_lit("cell" + to_string(p)) : cnf_.new_lit();
  vars_.emplace(p, known);
  return known;
}

void encode(sat::Cnf& cnf, CellVars& vars, const Constraint& c, const Board& board, enc::CardEncoding counts) {
  if (c.rule == Constraint::Rule::count) {
    // Revealed blue cells only lower the count the hidden ones must reach.
    std::vector<sat::Lit> hidden;
    int k = c.number;
    for (const auto& s : c.slots) {
      if (!s) continue;
      const Tile& t = board.at(*s);
      if (t.hidden())
        hidden.push_back(vars.cell(*s));
      else
        k -= t.color == Color::blue;
    }
    enc::exactly(cnf, hidden, k, counts);
    return;
  }
  std::vector<enc::Slot> slots;
  for (const auto& s : c.slots) {
    if (!s) {
      slots.emplace_back(std::nullopt);
      continue;
    }
    const Tile& t = board.at(*s);
    slots.emplace_back(t.hidden() ? vars.cell(*s) : t.color == Color::blue ? cnf.true_lit() : cnf.false_lit());
  }
  // Line slots hold cells only (empty slots were skipped when the scope was made).
  auto topology = c.ring ? enc::Topology::ring : enc::Topology::line;
  auto gaps = c.ring ? enc::GapRule::breaks : enc::GapRule::skipped;
  if (c.rule == Constraint::Rule::together)
    enc::connected(cnf, slots, c.number, topology, gaps);
  else
    enc::not_connected(cnf, slots, c.number, topology, gaps);
}

sat::Cnf state_formula(const Board& board) { return constraints_formula(board, visible_constraints(board)); }

sat::Cnf constraints_formula(const Board& board, std::span<const Constraint> constraints) {
  sat::Cnf cnf;
  CellVars vars(cnf);
  for (Pos p : board.hidden_cells()) vars.cell(p);  // variables 1..n in reading order
  for (const Constraint& c : constraints) {
    cnf.add_comment(describe(c, board));
    encode(cnf, vars, c, board);
  }
  return cnf;
}

}  // namespace puzzlesat::hexcells

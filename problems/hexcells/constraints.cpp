#include "problems/hexcells/constraints.h"

#include "problems/hexcells/render.h"

namespace puzzlesat::hexcells {

std::vector<Constraint> visible_constraints(const Board& board) {
  std::vector<Constraint> out;
  for (Pos p : Board::positions()) {
    const Tile& t = board.at(p);
    if (!t.shows_number()) continue;
    Constraint c;
    c.source = p;
    c.number = t.number.value();
    c.rule = t.mark == Mark::together ? Constraint::Rule::together
             : t.mark == Mark::apart  ? Constraint::Rule::apart
                                      : Constraint::Rule::count;
    c.ring = t.is_cell();
    c.slots = hint_scope(board, p);
    out.push_back(std::move(c));
  }
  Constraint rem;
  rem.is_remaining = true;
  rem.number = board.remaining.value();
  for (Pos p : board.hidden_cells()) rem.slots.emplace_back(p);
  out.push_back(std::move(rem));
  return out;
}

std::string describe(const Constraint& c, const Board& board) {
  if (c.is_remaining) return "REMAINING " + std::to_string(c.number);
  const Tile& t = board.at(c.source);
  std::string what = t.is_line() ? "line" : t.color == Color::blue ? "blue" : "black";
  std::string n = std::to_string(c.number);
  if (c.rule == Constraint::Rule::together) n = "{" + n + "}";
  if (c.rule == Constraint::Rule::apart) n = "-" + n + "-";
  return what + " " + tile_name(board, c.source) + " (" + n + ")";
}

}  // namespace puzzlesat::hexcells

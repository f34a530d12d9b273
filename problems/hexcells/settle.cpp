#include "problems/hexcells/settle.h"

#include <vector>

namespace puzzlesat::hexcells {

Settled settle_by_counts(const Board& board, std::span<const Constraint> constraints) {
  Settled out;
  // Settled so far, by tile (a map here cost as much as the rest of the function).
  std::vector<Color> value(kGridSize * kGridSize, Color::unknown);
  auto settled = [&](Pos p) -> Color& { return value[tile_index(p)]; };
  auto colour = [&](Pos p) {
    const Tile& t = board.at(p);
    return t.hidden() ? settled(p) : t.color;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (const Constraint& c : constraints) {
      int need = c.number, open = 0;
      for (const auto& s : c.slots) {
        if (!s) continue;
        Color col = colour(*s);
        if (col == Color::blue)
          --need;
        else if (col == Color::unknown)
          ++open;
      }
      if (need < 0 || need > open) {
        out.consistent = false;
        return out;
      }
      if (open == 0 || (need > 0 && need < open)) continue;
      Color fill = need == 0 ? Color::black : Color::blue;
      for (const auto& s : c.slots) {
        if (!s || colour(*s) != Color::unknown) continue;
        settled(*s) = fill;
        (fill == Color::blue ? out.blue : out.black).push_back(*s);
      }
      changed = true;
    }
  }
  return out;
}

Board with_settled(const Board& board, const Settled& s) {
  Board out = board;
  for (auto [cells, colour] : {std::pair{&s.blue, Color::blue}, std::pair{&s.black, Color::black}}) {
    for (Pos p : *cells) {
      Tile& t = out.at(p);
      t.revealed = true;
      t.color = colour;
      t.mark = Mark::none;
      t.number.reset();
    }
  }
  out.remaining = board.remaining.value() - static_cast<int>(s.blue.size());
  return out;
}

}  // namespace puzzlesat::hexcells

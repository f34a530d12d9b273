// What a player can see, as constraints over the board's cells: one per visible hint
// (a count, and for {n}/-n- a contiguity condition) and one for the REMAINING counter.
// The SAT encoding, the brute-force check and --explain all start from this list.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

struct Constraint {
  enum class Rule { count, together, apart };
  Rule rule = Rule::count;
  // The hint tile; for the REMAINING counter, is_remaining is set and source unused.
  Pos source{-1, -1};
  bool is_remaining = false;
  // Contiguity topology: a black cell's 6-ring (gaps break runs) or a line (no gaps).
  bool ring = false;
  // The counted cells, in order; nullopt marks a ring slot without a cell.
  std::vector<std::optional<Pos>> slots;
  int number = 0;
};

// Every visible hint and REMAINING. The board's visible numbers and remaining must be
// known (they are after read_board). Hidden cells' colours are not looked at.
std::vector<Constraint> visible_constraints(const Board& board);

// Whether c holds when each cell has the colour given by colour_of (no unknowns).
template <class ColourOf>
bool holds(const Constraint& c, ColourOf colour_of);

// "black C7 ({3})" / "line A2 (4)" / "REMAINING 5" for explanations, tiles named as the
// drawings label them (tile_name in render.h).
std::string describe(const Constraint& c, const Board& board);

// ----------------------------------------------------------------------------------

template <class ColourOf>
bool holds(const Constraint& c, ColourOf colour_of) {
  std::vector<bool> blue;
  for (const auto& s : c.slots) blue.push_back(s && colour_of(*s) == Color::blue);
  int count = 0;
  for (bool b : blue) count += b;
  if (count != c.number) return false;
  if (c.rule == Constraint::Rule::count) return true;
  int runs = 0;
  for (std::size_t i = 0; i < blue.size(); ++i) {
    bool prev = i > 0 ? blue[i - 1] : (c.ring ? blue.back() : false);
    runs += blue[i] && !prev;
  }
  bool together = runs <= 1;  // runs == 0 with count > 0 is the full ring
  return c.rule == Constraint::Rule::together ? together : !together;
}

}  // namespace puzzlesat::hexcells

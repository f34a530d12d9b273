// Playing a Minesweeper world: the mines are hidden, the start cell is opened, and the
// player reveals every cell that deduction proves safe (flagging the proven mines) until the
// board is clear or nothing more is forced. Then, with guessing on, it opens the covered
// cell least likely to hide a mine (exact counting, deduce.h) and goes on.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "minesweeper.h"

namespace minesweeper {

// A board with its mines known, as in the UCI CS 171 worlds (one JSON object per line:
// {"id", "rows", "cols", "mines", "start_row", "start_col", "grid": ["..*.", ...]}).
struct World {
  std::string id;
  Layout mines;  // '#' mine, '.' safe
  int mine_count = 0;
  puzzlesat::Cell start;
};

// One world per non-blank line; throws puzzlesat::InputError naming line and field.
std::vector<World> read_worlds(std::string_view jsonl, const std::string& file);

struct PlayOptions {
  bool guess = false;
  std::string solver = "minisat";
};

struct PlayResult {
  enum class Outcome { won, lost, stuck };
  Outcome outcome = Outcome::stuck;
  int guesses = 0;        // cells opened without proof that they are safe
  int rounds = 0;         // deduction rounds (each opens every cell proven safe)
  double last_risk = 0;   // the chance of a mine of the guess that lost (when lost)
  Board final;            // the position at the end (mine count included)
};

// Throws std::logic_error if deduction ever contradicts the world (a bug, not bad input).
PlayResult play(const World& world, const PlayOptions& options);

std::string_view to_string(PlayResult::Outcome o);

}  // namespace minesweeper

// Minesweeper: which covered cells the revealed numbers (and optionally the mine count)
// force to be mines or safe, and whether the mines are determined.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/grid.h>
#include <puzzlesat/model.h>

namespace minesweeper {

// A board: '.' covered, '0'..'8' revealed with that many mines around, '*' a known mine.
// A first line "mines N" gives the total number of mines.
struct Board {
  std::vector<std::string> rows;
  std::optional<int> mines;
  puzzlesat::RectGrid grid() const { return {static_cast<int>(rows.size()), static_cast<int>(rows[0].size())}; }
  char at(puzzlesat::Cell c) const { return rows[c.row][c.col]; }
};

// Throws puzzlesat::InputError naming the file, line and column of what is wrong.
Board parse_board(const std::string& text, const std::string& file);

struct Analysis {
  puzzlesat::Forced forced;          // per cell in reading order: mine, safe or open
  puzzlesat::Uniqueness uniqueness;  // over the mine variables
};

// The rules as a model, and each cell's variable (named mine(r,c) in the Cnf).
struct Rules {
  puzzlesat::Model model;
  puzzlesat::BoolGrid<puzzlesat::RectGrid> mine;
};
Rules rules(const Board& board, const std::string& solver);

Analysis analyse(const Board& board, const std::string& solver);

}  // namespace minesweeper

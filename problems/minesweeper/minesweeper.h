// Minesweeper: a position is what the player sees (revealed numbers, flagged mines, covered
// cells, optionally the number of mines on the board); the model says which covered cells
// hide mines. From it: every solution, the cells all solutions agree on (with the clues
// that force each), and whether the mines are determined.
//
//   minesweeper::Board b = minesweeper::read_board(text, "level.mines");   // or a puzz.link URL
//   minesweeper::Rules r = minesweeper::rules(b, "minisat");
//   puzzlesat::Forced f = r.model.forced(r.mine.all());                    // per cell: mine, safe, open
//
// This folder includes only <puzzlesat/...> and its own headers: it builds against the
// installed package like a plugin outside the tree (tests/out_of_tree).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <puzzlesat/grid.h>
#include <puzzlesat/model.h>

namespace minesweeper {

// The cells of a position, one character each:
inline constexpr char kCovered = '.';  // not revealed: a mine or not
inline constexpr char kFlag = '*';     // a known mine
inline constexpr char kSafe = '?';     // revealed, its number unknown (pzprjs '?')
inline bool is_number(char c) { return c >= '0' && c <= '8'; }  // revealed: this many mines around

// Sizes this program accepts: a board up to 100 x 100, and with a mine count up to 1,000
// cells (the global count's encoding grows with cells x mines).
inline constexpr int kMaxSide = 100;
inline constexpr int kMaxCellsWithCount = 1000;

struct Board {
  std::vector<std::string> rows;  // all of one length, at least 1 x 1
  std::optional<int> mines;       // the number of mines on the whole board, when known

  int height() const { return static_cast<int>(rows.size()); }
  int width() const { return static_cast<int>(rows[0].size()); }
  puzzlesat::RectGrid grid() const { return {height(), width()}; }
  char at(puzzlesat::Cell c) const { return rows[c.row][c.col]; }
  char& at(puzzlesat::Cell c) { return rows[c.row][c.col]; }
};

// A solution: one string per row, '#' a mine and '.' a safe cell.
using Layout = std::vector<std::string>;

// The rules as a model, and each cell's variable (named mine(r,c) in the Cnf).
struct Rules {
  puzzlesat::Model model;
  puzzlesat::BoolGrid<puzzlesat::RectGrid> mine;
};
Rules rules(const Board& board, const std::string& solver);

// Up to `limit` solutions (distinct layouts); `complete` tells whether that is all of them.
struct Solutions {
  std::vector<Layout> layouts;
  bool complete = false;
};
Solutions solve(const Board& board, const std::string& solver, std::size_t limit);

// What the numbers of `layout` would read: the layout's '#' plus the count of mines
// around every other cell ('0'-'8').
std::vector<std::string> numbers_of(const Layout& layout);

// Whether `layout` agrees with `board`: flags on mines, numbers on safe cells counting
// their neighbours, the mine count if given.
bool agrees(const Board& board, const Layout& layout);

}  // namespace minesweeper

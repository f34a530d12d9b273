#include "minesweeper.h"

#include <puzzlesat/enumerate.h>
#include <puzzlesat/solver.h>

#include <stdexcept>

namespace minesweeper {

using puzzlesat::Cell;
using puzzlesat::count_true;

// [START model]
// Each number, flag and the mine count is a clue (explanations name them); that a revealed
// cell holds no mine is a rule.
Rules rules(const Board& board, const std::string& solver) {
  puzzlesat::Model m(solver);
  const puzzlesat::RectGrid grid = board.grid();
  auto mine = m.bools(grid, "mine");  // mine(r,c) for every cell
  for (Cell c : grid.cells()) {
    const char seen = board.at(c);
    const std::string at = " at (" + grid.name(c) + ")";
    if (seen == kSafe || is_number(seen)) m.require(~mine[c]);
    if (seen == kFlag) {
      auto clue = m.clue("mine" + at);
      m.require(mine[c]);
    }
    if (is_number(seen)) {
      auto clue = m.clue(std::string(1, seen) + at);
      m.require(count_true(mine[grid.neighbors8(c)]) == seen - '0');
    }
  }
  if (board.mines) {  // counted over the cells not revealed (a smaller formula late in a game)
    std::vector<Cell> hidden;
    for (Cell c : grid.cells())
      if (board.at(c) == kCovered || board.at(c) == kFlag) hidden.push_back(c);
    auto clue = m.clue(std::to_string(*board.mines) + " mines");
    m.require(count_true(mine[hidden]) == *board.mines);
  }
  return {std::move(m), std::move(mine)};
}
// [END model]

Solutions solve(const Board& board, const std::string& solver, std::size_t limit) {
  const Rules r = rules(board, solver);
  auto s = puzzlesat::sat::make_solver(solver);
  s->add_cnf(r.model.cnf());
  std::vector<puzzlesat::sat::Var> cells;
  for (puzzlesat::sat::Lit l : r.mine.all()) cells.push_back(l.var());
  const auto found = puzzlesat::sat::enumerate_models(*s, cells, limit);
  if (!found.complete && found.models.size() < limit) throw std::runtime_error("the solver gave up");
  Solutions out;
  out.complete = found.complete;
  for (const auto& model : found.models) {
    Layout layout(board.height(), std::string(board.width(), '.'));
    for (std::size_t i = 0; i < model.size(); ++i)
      if (model[i] == r.mine.all()[i]) layout[i / board.width()][i % board.width()] = '#';
    out.layouts.push_back(std::move(layout));
  }
  return out;
}

std::vector<std::string> numbers_of(const Layout& layout) {
  const puzzlesat::RectGrid grid(static_cast<int>(layout.size()), static_cast<int>(layout[0].size()));
  std::vector<std::string> out = layout;
  for (Cell c : grid.cells()) {
    if (layout[c.row][c.col] == '#') continue;
    int n = 0;
    for (Cell d : grid.neighbors8(c)) n += layout[d.row][d.col] == '#';
    out[c.row][c.col] = static_cast<char>('0' + n);
  }
  return out;
}

bool agrees(const Board& board, const Layout& layout) {
  if (layout.size() != board.rows.size()) return false;
  for (const std::string& row : layout)
    if (row.size() != board.rows[0].size()) return false;
  const std::vector<std::string> numbers = numbers_of(layout);
  int mines = 0;
  for (Cell c : board.grid().cells()) {
    const char seen = board.at(c), truth = numbers[c.row][c.col];
    mines += truth == '#';
    if (seen == kFlag && truth != '#') return false;
    if (seen == kSafe && truth == '#') return false;
    if (is_number(seen) && seen != truth) return false;
  }
  return !board.mines || *board.mines == mines;
}

}  // namespace minesweeper

#include "minesweeper.h"

#include <puzzlesat/puzzlesat.h>  // the umbrella header: everything public

#include <sstream>

namespace minesweeper {

Board parse_board(const std::string& text, const std::string& file) {
  Board b;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (line.rfind("mines ", 0) == 0 && b.rows.empty() && !b.mines) {
      try {
        b.mines = std::stoi(line.substr(6));
      } catch (const std::exception&) {
        b.mines = -1;
      }
      if (*b.mines < 0) throw puzzlesat::InputError("expected a mine count >= 0", {file, number, 7});
      continue;
    }
    if (!b.rows.empty() && line.size() != b.rows[0].size())
      throw puzzlesat::InputError("rows differ in length", {file, number, 1});
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (c != '.' && c != '*' && (c < '0' || c > '8'))
        throw puzzlesat::InputError(std::string("unexpected '") + c + "' (use . * 0-8)",
                                    {file, number, static_cast<int>(i) + 1});
    }
    b.rows.push_back(line);
  }
  if (b.rows.empty()) throw puzzlesat::InputError("no board", {file, number, 1});
  return b;
}

// [START model]
Rules rules(const Board& board, const std::string& solver) {
  using puzzlesat::count_true;
  puzzlesat::Model m(solver);
  const puzzlesat::RectGrid grid = board.grid();
  auto mine = m.bools(grid, "mine");  // mine(r,c) for every cell
  for (puzzlesat::Cell c : grid.cells()) {
    const char seen = board.at(c);
    if (seen == '*') m.require(mine[c]);
    if (seen >= '0' && seen <= '8') {
      m.require(~mine[c]);                                            // a number is no mine
      m.require(count_true(mine[grid.neighbors8(c)]) == seen - '0');  // and counts those around
    }
  }
  if (board.mines) m.require(count_true(mine.all()) == *board.mines);
  return {std::move(m), std::move(mine)};
}

Analysis analyse(const Board& board, const std::string& solver) {
  const Rules r = rules(board, solver);
  return {r.model.forced(r.mine.all()), r.model.unique_solution(r.mine.all())};
}
// [END model]

}  // namespace minesweeper

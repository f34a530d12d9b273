// Random Nurikabe puzzles with exactly one solution. A candidate wall is grown by whitening
// random cells of an all-black grid while the wall stays connected and islands stay small,
// then 2x2 wall blocks are broken; each island gets its size written on a random cell. SAT
// (the lazy solver) keeps the candidate only when that solution is the only one; otherwise
// the numbers move within their islands a few times, then a new wall is tried.
#include "nurikabe.h"

#include <puzzlesat/input_error.h>

#include <algorithm>
#include <random>

namespace nurikabe {

using puzzlesat::Cell;

namespace {

struct Candidate {
  const puzzlesat::RectGrid& g;
  std::vector<char> white;

  // Whether the black cells other than `without` form one region.
  bool wall_connected(Cell without) const {
    std::vector<char> seen(g.size(), 0);
    std::vector<Cell> queue;
    std::size_t blacks = 0;
    for (Cell c : g.cells())
      if (!white[g.index(c)] && c != without) {
        ++blacks;
        if (queue.empty()) queue.push_back(c), seen[g.index(c)] = 1;
      }
    for (std::size_t head = 0; head < queue.size(); ++head)
      for (Cell n : g.neighbors4(queue[head]))
        if (!white[g.index(n)] && n != without && !seen[g.index(n)]) seen[g.index(n)] = 1, queue.push_back(n);
    return queue.size() == blacks;
  }
  // The island `c` would join if whitened (c included), as cells.
  std::vector<Cell> island_with(Cell c) const {
    std::vector<Cell> cells{c};
    std::vector<char> seen(g.size(), 0);
    seen[g.index(c)] = 1;
    for (std::size_t head = 0; head < cells.size(); ++head)
      for (Cell n : g.neighbors4(cells[head]))
        if (white[g.index(n)] && !seen[g.index(n)]) seen[g.index(n)] = 1, cells.push_back(n);
    return cells;
  }
  bool try_whiten(Cell c, std::size_t max_island) {
    if (white[g.index(c)] || island_with(c).size() > max_island || !wall_connected(c)) return false;
    white[g.index(c)] = 1;
    return true;
  }
  bool black_block(Cell c) const {
    if (c.row + 1 >= g.rows() || c.col + 1 >= g.cols()) return false;
    for (Cell d : {c, Cell{c.row, c.col + 1}, Cell{c.row + 1, c.col}, Cell{c.row + 1, c.col + 1}})
      if (white[g.index(d)]) return false;
    return true;
  }
};

}  // namespace

Generated generate(int rows, int cols, unsigned long long seed, const std::string& solver_spec) {
  if (rows < 2 || cols < 2 || rows > 30 || cols > 30)
    throw puzzlesat::InputError("generate makes grids from 2x2 to 30x30, not " + std::to_string(rows) + "x" +
                                std::to_string(cols));
  std::mt19937_64 rng(seed);
  const puzzlesat::RectGrid g(rows, cols);
  const std::size_t cells = g.size();
  // Small islands make unique puzzles likelier: on 10x10, islands of up to 3 cells need a
  // few dozen walls, up to 5 cells hundreds (docs/nurikabe.md). 25 cells: 4; 49: 5; 100: 3.
  const std::size_t max_island = std::max<std::size_t>(2, std::min<std::size_t>(cells / 6, 200 / cells + 1));
  Generated out;
  for (out.attempts = 1; out.attempts <= 2000; ++out.attempts) {
    Candidate cand{g, std::vector<char>(cells, 0)};
    std::vector<Cell> order = g.cells();
    std::shuffle(order.begin(), order.end(), rng);
    const std::size_t target = cells * 2 / 5;  // about 40% white
    std::size_t whites = 0;
    for (Cell c : order)
      if (whites < target && cand.try_whiten(c, max_island)) ++whites;
    bool ok = true;
    for (Cell c : g.cells()) {  // break every 2x2 wall block
      if (!cand.black_block(c)) continue;
      std::vector<Cell> four{c, {c.row, c.col + 1}, {c.row + 1, c.col}, {c.row + 1, c.col + 1}};
      std::shuffle(four.begin(), four.end(), rng);
      bool broken = false;
      for (Cell d : four) broken = broken || cand.try_whiten(d, max_island + 2);
      ok = ok && broken;
    }
    if (!ok) continue;
    // The islands, each with its size on a random cell; a few placements per wall.
    std::vector<std::vector<Cell>> islands;
    std::vector<char> seen(cells, 0);
    for (Cell c : g.cells()) {
      if (!cand.white[g.index(c)] || seen[g.index(c)]) continue;
      islands.push_back(cand.island_with(c));
      for (Cell x : islands.back()) seen[g.index(x)] = 1;
    }
    if (islands.empty()) continue;
    Grid solution(rows, std::string(cols, '#'));
    for (Cell c : g.cells())
      if (cand.white[g.index(c)]) solution[c.row][c.col] = '.';
    for (int placement = 0; placement < 4; ++placement) {
      Puzzle p{rows, cols, std::vector<int>(cells, kNoNumber)};
      for (const auto& island : islands)
        p.number[g.index(island[std::uniform_int_distribution<std::size_t>(0, island.size() - 1)(rng)])] =
            static_cast<int>(island.size());
      Solver s(p, solver_spec);
      const bool other = s.other_than(solution).has_value();
      if (!other) {  // the grid we built is a solution; is there another?
        out.puzzle = std::move(p);
        out.solution = std::move(solution);
        return out;
      }
    }
  }
  throw std::runtime_error("no puzzle with a unique solution was found in 2000 candidate walls");
}

}  // namespace nurikabe

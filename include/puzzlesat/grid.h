// grid.h: the boards of puzzles — rectangular and hexagonal grids of cells, with their
// neighbours, lines and regions — and a Boolean variable per cell (BoolGrid), so that a
// plugin states rules over cells instead of variable numbers.
//
//   puzzlesat::RectGrid grid(9, 9);
//   puzzlesat::Model m;
//   auto mine = m.bools(grid, "mine");                       // mine(r,c), one per cell
//   for (puzzlesat::Cell c : grid.cells())
//     m.require(puzzlesat::count_true(mine[grid.neighbors8(c)]) <= 3);
//   for (const auto& row : grid.rows_of_cells()) m.require(puzzlesat::count_true(mine[row]) >= 1);
//
//   puzzlesat::HexGrid hex(2);                                // a hexagon of 19 cells
//   hex.neighbors({0, 0});                                    // the six around the centre
//   hex.within({0, 0}, 2);                                    // a Hexcells "flower"
//
// Cells are listed in a fixed order (row-major; hexes by r then q) so formulas and output
// are reproducible.
#pragma once

#include <compare>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <puzzlesat/lit.h>

namespace puzzlesat {

// A cell of a rectangular grid: row 0 is the top, column 0 the left.
struct Cell {
  int row = 0, col = 0;
  auto operator<=>(const Cell&) const = default;
};

class RectGrid {
 public:
  using Position = Cell;
  RectGrid(int rows, int cols);  // throws std::invalid_argument unless both are >= 1

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  std::size_t size() const { return static_cast<std::size_t>(rows_) * cols_; }
  bool contains(Cell c) const { return c.row >= 0 && c.row < rows_ && c.col >= 0 && c.col < cols_; }
  std::size_t index(Cell c) const { return static_cast<std::size_t>(c.row) * cols_ + c.col; }
  std::string name(Cell c) const;  // "r,c"

  std::vector<Cell> cells() const;  // row-major
  std::vector<Cell> neighbors4(Cell c) const;  // up, left, right, down — those inside
  std::vector<Cell> neighbors8(Cell c) const;  // and the diagonals, in reading order
  std::vector<Cell> row(int r) const;
  std::vector<Cell> column(int c) const;
  std::vector<std::vector<Cell>> rows_of_cells() const;
  std::vector<std::vector<Cell>> columns() const;
  // The h x w block with top-left corner `corner` (a Sudoku box, a room), clipped to the grid.
  std::vector<Cell> block(Cell corner, int h, int w) const;

 private:
  int rows_, cols_;
};

// Connected parts of a rectangular grid (4-neighbours), searched breadth-first so every list
// has a fixed order: for rules like "the shaded cells form one region" and the lazy cuts that
// refute a model breaking them (sat::connectivity_cuts in <puzzlesat/lazy_cuts.h>).
//
//   auto shaded = [&](puzzlesat::Cell c) { return s.model_value(lit[grid.index(c)]); };
//   auto k = puzzlesat::component(grid, {0, 0}, shaded);  // k.cells from (0,0), k.boundary just outside
//   auto all = puzzlesat::components(grid, shaded);       // all.parts; all.part_of[grid.index(c)]
//   puzzlesat::path(grid, a, b, shaded);                  // a shortest shaded path, listed b back to a
//   puzzlesat::separator(grid, y, all.parts[0].cells);    // the cells around part 0 that y reaches
using CellTest = std::function<bool(Cell)>;

struct Component {
  std::vector<Cell> cells;     // breadth-first from the start (the start first, whatever in(start))
  std::vector<Cell> boundary;  // the cells next to `cells` with !in(c), in the order found
};

// The cells connected to `start` through cells with in(c), and the cells just outside them.
Component component(const RectGrid& g, Cell start, const CellTest& in);

// Every connected part of the cells with in(c), by its first cell in reading order.
struct Components {
  std::vector<Component> parts;
  std::vector<int> part_of;  // per cell (grid.index): its part's index in `parts`, -1 if !in(c)
};
Components components(const RectGrid& g, const CellTest& in);

// A shortest path from `start` to `stop` (both included) through cells with in(c), listed
// from `stop` back to `start`: the first one breadth-first search finds. Empty if there is none.
std::vector<Cell> path(const RectGrid& g, Cell start, Cell stop, const CellTest& in);

// The cells next to `region` (not in it) that `from` reaches without crossing any of them: every
// path from `from` into `region` passes one, and each one dropped leaves a path (a minimal
// separator; {from} if `from` is next to `region`). Throws std::invalid_argument if `from` is in
// `region`. In reading order of discovery, breadth-first from `from`.
std::vector<Cell> separator(const RectGrid& g, Cell from, std::span<const Cell> region);

// A cell of a hexagonal grid in axial coordinates (q, r): the six neighbours are
// (q±1, r), (q, r±1), (q+1, r-1), (q-1, r+1). Lines run along q, r or s = -q-r constant.
struct Hex {
  int q = 0, r = 0;
  auto operator<=>(const Hex&) const = default;
};

int hex_distance(Hex a, Hex b);

class HexGrid {
 public:
  using Position = Hex;
  explicit HexGrid(int radius);  // every hex within `radius` of (0,0); radius >= 0

  int radius() const { return radius_; }
  std::size_t size() const { return cells_.size(); }
  bool contains(Hex h) const { return hex_distance(h, {0, 0}) <= radius_; }
  std::size_t index(Hex h) const;
  std::string name(Hex h) const;  // "q,r"

  const std::vector<Hex>& cells() const { return cells_; }  // by r, then q
  std::vector<Hex> neighbors(Hex h) const;                   // up to six, inside the grid
  std::vector<Hex> within(Hex center, int distance) const;   // the region around a cell, centre excluded
  // The cells on the line through `h` along axis 0 (r constant), 1 (q constant) or 2
  // (s constant), in order along the line.
  std::vector<Hex> line(Hex h, int axis) const;
  std::vector<std::vector<Hex>> lines(int axis) const;  // every line along one axis

 private:
  int radius_;
  std::vector<Hex> cells_;
};

// One Boolean variable per cell of a grid, made by Model::bools. Indexing by a cell
// gives its literal; by a list of cells, their literals (ready for count_true).
template <class Grid>
class BoolGrid {
 public:
  using Position = typename Grid::Position;
  BoolGrid(const Grid& grid, std::vector<sat::Lit> lits) : grid_(grid), lits_(std::move(lits)) {}

  sat::Lit operator[](Position p) const { return lits_.at(grid_.index(p)); }
  std::vector<sat::Lit> operator[](std::span<const Position> cells) const {
    std::vector<sat::Lit> out;
    out.reserve(cells.size());
    for (Position p : cells) out.push_back((*this)[p]);
    return out;
  }
  std::vector<sat::Lit> operator[](const std::vector<Position>& cells) const {
    return (*this)[std::span<const Position>(cells)];
  }
  const std::vector<sat::Lit>& all() const { return lits_; }  // in the grid's cell order
  const Grid& grid() const { return grid_; }

 private:
  Grid grid_;
  std::vector<sat::Lit> lits_;
};

}  // namespace puzzlesat

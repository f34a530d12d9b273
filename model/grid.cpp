#include <puzzlesat/grid.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace puzzlesat {

RectGrid::RectGrid(int rows, int cols) : rows_(rows), cols_(cols) {
  if (rows < 1 || cols < 1) throw std::invalid_argument("a grid needs at least one row and one column");
}

std::string RectGrid::name(Cell c) const { return std::to_string(c.row) + "," + std::to_string(c.col); }

std::vector<Cell> RectGrid::cells() const {
  std::vector<Cell> out;
  out.reserve(size());
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < cols_; ++c) out.push_back({r, c});
  return out;
}

std::vector<Cell> RectGrid::neighbors4(Cell c) const {
  std::vector<Cell> out;
  for (Cell n : {Cell{c.row - 1, c.col}, Cell{c.row, c.col - 1}, Cell{c.row, c.col + 1}, Cell{c.row + 1, c.col}})
    if (contains(n)) out.push_back(n);
  return out;
}

std::vector<Cell> RectGrid::neighbors8(Cell c) const {
  std::vector<Cell> out;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      const Cell n{c.row + dr, c.col + dc};
      if ((dr != 0 || dc != 0) && contains(n)) out.push_back(n);
    }
  return out;
}

std::vector<Cell> RectGrid::row(int r) const { return block({r, 0}, 1, cols_); }
std::vector<Cell> RectGrid::column(int c) const { return block({0, c}, rows_, 1); }

std::vector<std::vector<Cell>> RectGrid::rows_of_cells() const {
  std::vector<std::vector<Cell>> out;
  for (int r = 0; r < rows_; ++r) out.push_back(row(r));
  return out;
}

std::vector<std::vector<Cell>> RectGrid::columns() const {
  std::vector<std::vector<Cell>> out;
  for (int c = 0; c < cols_; ++c) out.push_back(column(c));
  return out;
}

std::vector<Cell> RectGrid::block(Cell corner, int h, int w) const {
  std::vector<Cell> out;
  for (int r = corner.row; r < corner.row + h; ++r)
    for (int c = corner.col; c < corner.col + w; ++c)
      if (contains({r, c})) out.push_back({r, c});
  return out;
}

Component component(const RectGrid& g, Cell start, const CellTest& in) {
  std::vector<char> seen(g.size(), 0);
  Component out;
  out.cells.push_back(start);
  seen[g.index(start)] = 1;
  for (std::size_t head = 0; head < out.cells.size(); ++head)
    for (Cell n : g.neighbors4(out.cells[head])) {
      if (seen[g.index(n)]) continue;
      seen[g.index(n)] = 1;
      (in(n) ? out.cells : out.boundary).push_back(n);
    }
  return out;
}

Components components(const RectGrid& g, const CellTest& in) {
  Components out;
  out.part_of.assign(g.size(), -1);
  for (Cell c : g.cells()) {
    if (out.part_of[g.index(c)] >= 0 || !in(c)) continue;
    out.parts.push_back(component(g, c, in));
    for (Cell x : out.parts.back().cells) out.part_of[g.index(x)] = static_cast<int>(out.parts.size() - 1);
  }
  return out;
}

std::vector<Cell> path(const RectGrid& g, Cell start, Cell stop, const CellTest& in) {
  std::vector<int> parent(g.size(), -1);  // the index of the cell it was reached from; start: itself
  std::vector<Cell> queue{start};
  parent[g.index(start)] = static_cast<int>(g.index(start));
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Cell c = queue[head];
    if (c == stop) {
      std::vector<Cell> out{c};
      for (std::size_t i = g.index(c); i != g.index(start); i = parent[i])
        out.push_back({parent[i] / g.cols(), parent[i] % g.cols()});
      return out;
    }
    for (Cell n : g.neighbors4(c))
      if (parent[g.index(n)] < 0 && in(n)) parent[g.index(n)] = static_cast<int>(g.index(c)), queue.push_back(n);
  }
  return {};
}

std::vector<Cell> separator(const RectGrid& g, Cell from, std::span<const Cell> region) {
  std::vector<char> mark(g.size(), 0);  // 1: in region, 2: next to it
  for (Cell c : region) mark[g.index(c)] = 1;
  for (Cell c : region)
    for (Cell n : g.neighbors4(c))
      if (!mark[g.index(n)]) mark[g.index(n)] = 2;
  if (mark[g.index(from)] == 1) throw std::invalid_argument("separator: the start cell lies in the region");
  if (mark[g.index(from)] == 2) return {from};
  return component(g, from, [&](Cell c) { return mark[g.index(c)] == 0; }).boundary;
}

int hex_distance(Hex a, Hex b) {
  const int dq = a.q - b.q, dr = a.r - b.r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

HexGrid::HexGrid(int radius) : radius_(radius) {
  if (radius < 0) throw std::invalid_argument("a hexagonal grid needs a radius >= 0");
  for (int r = -radius; r <= radius; ++r)
    for (int q = -radius; q <= radius; ++q)
      if (contains({q, r})) cells_.push_back({q, r});
}

std::size_t HexGrid::index(Hex h) const {
  auto it = std::lower_bound(cells_.begin(), cells_.end(), h,
                             [](Hex a, Hex b) { return a.r != b.r ? a.r < b.r : a.q < b.q; });
  if (it == cells_.end() || *it != h) throw std::out_of_range("hex " + name(h) + " is not on the grid");
  return static_cast<std::size_t>(it - cells_.begin());
}

std::string HexGrid::name(Hex h) const { return std::to_string(h.q) + "," + std::to_string(h.r); }

std::vector<Hex> HexGrid::neighbors(Hex h) const { return within(h, 1); }

std::vector<Hex> HexGrid::within(Hex center, int distance) const {
  std::vector<Hex> out;
  for (Hex h : cells_) {
    const int d = hex_distance(h, center);
    if (d >= 1 && d <= distance) out.push_back(h);
  }
  return out;
}

std::vector<Hex> HexGrid::line(Hex h, int axis) const {
  if (axis < 0 || axis > 2) throw std::invalid_argument("a hex line's axis is 0, 1 or 2");
  std::vector<Hex> out;
  // Along axis 0 r is constant (step q+1), along 1 q is constant (step r+1), along 2 s is
  // constant (step q+1, r-1).
  const Hex step = axis == 0 ? Hex{1, 0} : axis == 1 ? Hex{0, 1} : Hex{1, -1};
  Hex start = h;
  while (contains({start.q - step.q, start.r - step.r})) start = {start.q - step.q, start.r - step.r};
  for (Hex p = start; contains(p); p = {p.q + step.q, p.r + step.r}) out.push_back(p);
  return out;
}

std::vector<std::vector<Hex>> HexGrid::lines(int axis) const {
  std::vector<std::vector<Hex>> out;
  for (int i = -radius_; i <= radius_; ++i) {
    // One cell on each line: (0, i) has r = i; (i, 0) has q = i and s = -i.
    const Hex through = axis == 0 ? Hex{0, i} : Hex{i, 0};
    out.push_back(line(through, axis));
  }
  return out;
}

}  // namespace puzzlesat

#include <puzzlesat/grid.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>
#include <stdexcept>

using puzzlesat::Cell;
using puzzlesat::Hex;
using puzzlesat::HexGrid;
using puzzlesat::RectGrid;

TEST_CASE("rect grid: neighbours agree with the definition by distance on every cell", "[grid]") {
  for (auto [rows, cols] : {std::pair{1, 1}, std::pair{1, 5}, std::pair{4, 3}, std::pair{6, 6}}) {
    RectGrid g(rows, cols);
    REQUIRE(g.cells().size() == g.size());
    for (Cell c : g.cells()) {
      std::vector<Cell> n4, n8;
      for (Cell o : g.cells()) {
        const int dr = std::abs(o.row - c.row), dc = std::abs(o.col - c.col);
        if (dr + dc == 1) n4.push_back(o);
        if (std::max(dr, dc) == 1) n8.push_back(o);
      }
      auto a4 = g.neighbors4(c), a8 = g.neighbors8(c);
      std::sort(a4.begin(), a4.end());
      CHECK(a4 == n4);
      CHECK(a8 == n8);  // reading order is the sorted order
      CHECK(g.index(c) == static_cast<std::size_t>(c.row * cols + c.col));
    }
  }
}

TEST_CASE("rect grid: rows, columns and blocks partition the cells", "[grid]") {
  RectGrid g(6, 6);
  std::multiset<Cell> from_rows, from_cols, from_blocks;
  for (const auto& r : g.rows_of_cells()) from_rows.insert(r.begin(), r.end());
  for (const auto& c : g.columns()) from_cols.insert(c.begin(), c.end());
  for (int r = 0; r < 6; r += 2)
    for (int c = 0; c < 6; c += 3)
      for (Cell x : g.block({r, c}, 2, 3)) from_blocks.insert(x);
  const auto all = g.cells();
  const std::multiset<Cell> expected(all.begin(), all.end());
  CHECK(from_rows == expected);
  CHECK(from_cols == expected);
  CHECK(from_blocks == expected);
  CHECK(g.block({5, 5}, 3, 3).size() == 1);  // clipped at the edge
  CHECK_THROWS(RectGrid(0, 3));
}

TEST_CASE("hex grid: sizes, neighbours and regions agree with hex distance", "[grid]") {
  for (int radius = 0; radius <= 4; ++radius) {
    HexGrid g(radius);
    CHECK(g.size() == static_cast<std::size_t>(3 * radius * (radius + 1) + 1));
    for (std::size_t i = 0; i < g.size(); ++i) CHECK(g.index(g.cells()[i]) == i);
    for (Hex h : g.cells()) {
      std::size_t n = 0, flower = 0;
      for (Hex o : g.cells()) {
        n += puzzlesat::hex_distance(h, o) == 1;
        flower += puzzlesat::hex_distance(h, o) >= 1 && puzzlesat::hex_distance(h, o) <= 2;
      }
      CHECK(g.neighbors(h).size() == n);
      CHECK(g.within(h, 2).size() == flower);
    }
  }
  CHECK(HexGrid(2).neighbors({0, 0}).size() == 6);
  CHECK(HexGrid(2).within({0, 0}, 2).size() == 18);
  CHECK_THROWS(HexGrid(1).index({2, 0}));
}

TEST_CASE("hex grid: the lines of each axis partition the cells into straight runs", "[grid]") {
  HexGrid g(3);
  for (int axis = 0; axis < 3; ++axis) {
    std::multiset<Hex> seen;
    for (const auto& line : g.lines(axis)) {
      for (std::size_t i = 1; i < line.size(); ++i) {
        CHECK(puzzlesat::hex_distance(line[i - 1], line[i]) == 1);
        // Straight: the step is the same all along.
        CHECK(line[i].q - line[i - 1].q == line[1].q - line[0].q);
        CHECK(line[i].r - line[i - 1].r == line[1].r - line[0].r);
      }
      seen.insert(line.begin(), line.end());
    }
    CHECK(seen == std::multiset<Hex>(g.cells().begin(), g.cells().end()));
    CHECK(g.lines(axis).front().size() == 4);  // the edge line of a radius-3 hexagon
    CHECK(g.lines(axis)[3].size() == 7);        // the middle line
  }
}

namespace {

// Brute force for the connectivity helpers: the cells reachable from `start` through cells
// with ok(c) (start always included), by growing a set until it stops changing.
template <class Ok>
std::set<Cell> reach(const RectGrid& g, Cell start, Ok ok) {
  std::set<Cell> r{start};
  for (bool grew = true; grew;) {
    grew = false;
    for (Cell c : g.cells())
      for (Cell n : g.cells())
        if (ok(n) && r.count(c) && !r.count(n) && std::abs(c.row - n.row) + std::abs(c.col - n.col) == 1)
          r.insert(n), grew = true;
  }
  return r;
}

bool adjacent(Cell a, Cell b) { return std::abs(a.row - b.row) + std::abs(a.col - b.col) == 1; }

}  // namespace

TEST_CASE("rect grid: component, components and path agree with brute force", "[grid]") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const RectGrid g(1 + static_cast<int>(rng() % 5), 1 + static_cast<int>(rng() % 5));
    std::vector<char> mask(g.size());
    for (char& m : mask) m = rng() % 3 != 0;
    auto in = [&](Cell c) { return mask[g.index(c)] != 0; };
    const puzzlesat::Components all = puzzlesat::components(g, in);
    std::set<Cell> covered;
    for (std::size_t i = 0; i < all.parts.size(); ++i) {
      const puzzlesat::Component& k = all.parts[i];
      const std::set<Cell> cells(k.cells.begin(), k.cells.end()), boundary(k.boundary.begin(), k.boundary.end());
      CHECK(cells == reach(g, k.cells.front(), in));
      CHECK(cells.size() == k.cells.size());
      std::set<Cell> rim;
      for (Cell c : k.cells)
        for (Cell n : g.neighbors4(c)) if (!in(n)) rim.insert(n);
      CHECK(boundary == rim);
      CHECK(boundary.size() == k.boundary.size());
      for (Cell c : k.cells) CHECK(all.part_of[g.index(c)] == static_cast<int>(i));
      if (i > 0) CHECK(all.parts[i - 1].cells.front() < k.cells.front());  // by first cell
      CHECK(*cells.begin() == k.cells.front());
      covered.insert(cells.begin(), cells.end());
    }
    for (Cell c : g.cells()) {
      CHECK(covered.count(c) == (in(c) ? 1U : 0U));
      if (!in(c)) CHECK(all.part_of[g.index(c)] == -1);
    }
    // A path between two random cells: ends right, steps adjacent, inner cells in, shortest.
    const Cell a = g.cells()[rng() % g.size()], b = g.cells()[rng() % g.size()];
    const std::vector<Cell> p = puzzlesat::path(g, a, b, in);
    const std::set<Cell> from_a = reach(g, a, in);
    REQUIRE(p.empty() == (from_a.count(b) == 0));
    if (p.empty()) continue;
    CHECK(p.front() == b);
    CHECK(p.back() == a);
    for (std::size_t i = 0; i + 1 < p.size(); ++i) {
      CHECK(adjacent(p[i], p[i + 1]));
      CHECK(in(p[i]));
    }
    std::size_t steps = 0;  // breadth-first layers by brute force
    for (std::set<Cell> layer{a}; !layer.count(b); ++steps) {
      std::set<Cell> next = layer;
      for (Cell c : layer)
        for (Cell n : g.neighbors4(c)) if (in(n)) next.insert(n);
      layer = next;
    }
    CHECK(p.size() == steps + 1);
  }
}

TEST_CASE("rect grid: a separator cuts every path into the region and is minimal", "[grid]") {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 400; ++trial) {
    const RectGrid g(1 + static_cast<int>(rng() % 5), 1 + static_cast<int>(rng() % 5));
    std::vector<char> in_region(g.size());
    for (char& m : in_region) m = rng() % 4 == 0;
    std::vector<Cell> region;
    for (Cell c : g.cells()) if (in_region[g.index(c)]) region.push_back(c);
    const Cell from = g.cells()[rng() % g.size()];
    if (in_region[g.index(from)]) {
      CHECK_THROWS_AS(puzzlesat::separator(g, from, region), std::invalid_argument);
      continue;
    }
    const std::vector<Cell> sep = puzzlesat::separator(g, from, region);
    const std::set<Cell> s(sep.begin(), sep.end());
    CHECK(s.size() == sep.size());
    for (Cell x : sep) {  // next to the region, not in it
      CHECK(!in_region[g.index(x)]);
      CHECK(std::any_of(region.begin(), region.end(), [&](Cell r) { return adjacent(r, x); }));
    }
    // Every path from `from` into the region crosses the separator (free cells: all but it).
    auto enters = [&](const std::set<Cell>& blocked) {
      if (blocked.count(from)) return false;
      const std::set<Cell> r = reach(g, from, [&](Cell c) { return !blocked.count(c); });
      return std::any_of(region.begin(), region.end(), [&](Cell c) { return r.count(c) > 0; });
    };
    CHECK(!enters(s));
    for (Cell x : sep) {  // and no cell of it can be spared
      std::set<Cell> fewer = s;
      fewer.erase(x);
      CHECK(enters(fewer));
    }
    // Empty only when the region is out of reach anyway.
    if (sep.empty()) CHECK(!enters({}));
  }
}

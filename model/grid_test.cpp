#include <puzzlesat/grid.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

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

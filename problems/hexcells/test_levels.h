// Small levels for tests: level texts with tiles placed by coordinates on an otherwise
// empty 33x33 grid, so a test states its board in a few lines; and random small levels
// for cross-checks against brute force.
#pragma once

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells::testing {

// tiles: position -> two-character group such as "o+" or "|c".
inline std::string level_text(const std::map<Pos, std::string>& tiles, const std::string& header = "Hexcells level v1",
                              const std::string& trailer = "") {
  std::string out = header + "\nTest level\nTester\n\n\n";
  for (int y = 0; y < kGridSize; ++y) {
    for (int x = 0; x < kGridSize; ++x) {
      auto it = tiles.find({x, y});
      out += it == tiles.end() ? std::string("..") : it->second;
    }
    out += '\n';
  }
  return out + trailer;
}

// A random small level: cells on one lattice in a 7x13 box, line hints on three sides,
// random hint marks (the {n}/-n- choice made to agree with the colours), some revealed.
inline Board random_level(std::mt19937& rng, int max_hidden) {
  std::uniform_real_distribution<double> u(0, 1);
  Board b;
  std::vector<Pos> cells;
  for (int y = 2; y <= 14; ++y)
    for (int x = 1; x <= 7; ++x)
      if ((x + y) % 2 == 0 && u(rng) < 0.6) cells.push_back({x, y});
  double blue_rate = 0.2 + 0.4 * u(rng);
  for (Pos p : cells) {
    Tile& t = b.at(p);
    t.kind = Kind::cell;
    t.color = u(rng) < blue_rate ? Color::blue : Color::black;
  }
  for (int x = 1; x <= 7; ++x)
    if (u(rng) < 0.3) b.at({x, (x % 2 == 0) ? 0 : 1}).kind = Kind::line_down;
  for (int y = 1; y <= 8; ++y)
    if (u(rng) < 0.2) b.at({0, y}).kind = Kind::line_down_right;
  for (int y = 1; y <= 8; ++y)
    if (u(rng) < 0.2) b.at({8, y}).kind = Kind::line_down_left;
  for (Pos p : Board::positions()) {
    Tile& t = b.at(p);
    if (t.kind == Kind::empty) continue;
    double r = u(rng);
    if (t.is_cell() && t.color == Color::blue) {
      t.mark = r < 0.3 ? Mark::plain : Mark::none;
      continue;
    }
    if (t.is_cell() && r < 0.15) continue;  // a black cell showing "?"
    t.mark = r < 0.6 ? Mark::plain : blue_contiguous(b, p) ? Mark::together : Mark::apart;
  }
  std::shuffle(cells.begin(), cells.end(), rng);
  for (std::size_t i = 0; i < cells.size(); ++i)
    b.at(cells[i]).revealed = static_cast<int>(cells.size() - i) > max_hidden || u(rng) < 0.3;
  compute_numbers(b);
  b.remaining = b.count_hidden_blue();
  return b;
}

}  // namespace puzzlesat::hexcells::testing

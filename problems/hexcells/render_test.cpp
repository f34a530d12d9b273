// Tile names as the drawings label them: every tile of random boards gets a name that
// reads back to it, names follow the labelled drawing's letters and row numbers, and
// anything else is refused.
#include "problems/hexcells/render.h"

#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <sstream>

#include "problems/hexcells/format.h"
#include "problems/hexcells/test_levels.h"

using namespace puzzlesat::hexcells;
using puzzlesat::hexcells::testing::level_text;

TEST_CASE("tile names read back to their tiles and are distinct", "[hexcells][names]") {
  std::mt19937 rng(5);
  for (int i = 0; i < 30; ++i) {
    Board b = testing::random_level(rng, 12);
    std::set<std::string> seen;
    for (Pos p : Board::positions()) {
      if (b.at(p).kind == Kind::empty) continue;
      std::string name = tile_name(b, p);
      INFO(name << " " << to_string(p));
      CHECK(seen.insert(name).second);
      CHECK(parse_tile_name(b, name) == p);
      std::string lower = name;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      CHECK(parse_tile_name(b, lower) == p);
    }
  }
}

TEST_CASE("tile names are the labelled drawing's column letter and row number", "[hexcells][names]") {
  // Cells at (3,2), (4,3), (3,4): columns A and B, rows 1..3 of the cropped drawing.
  Board b = read_board(level_text({{{3, 2}, "x."}, {{4, 3}, "O+"}, {{3, 4}, "o."}}));
  CHECK(tile_name(b, {3, 2}) == "A1");
  CHECK(tile_name(b, {4, 3}) == "B2");
  CHECK(tile_name(b, {3, 4}) == "A3");
  std::string drawing = render_labelled(b);
  std::istringstream lines(drawing);
  std::string header, row1, row2;
  std::getline(lines, header);
  std::getline(lines, row1);
  std::getline(lines, row2);
  CHECK(header.find('A') < header.find('B'));
  CHECK(row1.rfind("1 ", 0) == 0);
  CHECK(row2.rfind("2 ", 0) == 0);
  // Column B on row 2 holds the black 1: its field sits under the letter B.
  CHECK(row2.find("(1)") + 1 == header.find('B'));
  for (std::string bad : {"", "A", "7", "A0", "1A", "A-1", "ZZZZ1", "A99999999999", "B1 ", "A1x"}) {
    INFO(bad);
    CHECK_FALSE(parse_tile_name(b, bad).has_value());
  }
}

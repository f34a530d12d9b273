#include "problems/hexcells/level.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "problems/hexcells/format.h"
#include "problems/hexcells/test_levels.h"

using namespace puzzlesat::hexcells;
using puzzlesat::hexcells::testing::level_text;

TEST_CASE("neighbour and radius-2 offsets are the 18 distinct cells within hex distance 2", "[hexcells]") {
  // In these half-row coordinates a hex step changes (x, y) by (0, ±2) or (±1, ±1).
  std::set<Pos> seen;
  for (Pos d : kNeighbourOffsets) {
    CHECK(std::abs(d.x) + std::abs(d.y) == 2);
    seen.insert(d);
  }
  std::set<Pos> two_steps;
  for (Pos a : kNeighbourOffsets)
    for (Pos b : kNeighbourOffsets) two_steps.insert(a + b);
  two_steps.erase({0, 0});
  for (Pos d : kNeighbourOffsets) two_steps.erase(d);
  std::set<Pos> ring2(kRadius2RingOffsets.begin(), kRadius2RingOffsets.end());
  CHECK(ring2 == two_steps);
  CHECK(seen.size() == 6);
  // Consecutive ring neighbours are adjacent to each other, so the order is a ring.
  for (std::size_t i = 0; i < 6; ++i) {
    Pos a = kNeighbourOffsets[i], b = kNeighbourOffsets[(i + 1) % 6];
    Pos d{b.x - a.x, b.y - a.y};
    CHECK(std::find(kNeighbourOffsets.begin(), kNeighbourOffsets.end(), d) != kNeighbourOffsets.end());
  }
}

TEST_CASE("numbers follow from the colours for each hint kind", "[hexcells]") {
  // A black cell at (5,5) with neighbours: blue above and upper right, black lower right,
  // no cell at the remaining three slots.
  Board b = read_board(level_text({{{5, 5}, "Oc"},
                                   {{5, 3}, "x."},
                                   {{6, 4}, "x."},
                                   {{6, 6}, "o."},
                                   {{5, 9}, "X+"},   // blue: counts (5,5)...(5,13) area
                                   {{5, 11}, "x."},
                                   {{7, 9}, "x."},   // two columns right: in radius 2
                                   {{8, 9}, "x."},   // three columns: not
                                   {{5, 0}, "|+"},   // column 5 below: (5,3) (5,5) (5,9) (5,11)
                                   {{3, 1}, "\\+"},  // steps (+1,+1): (4,2) (5,3) (6,4) ...
                                   {{9, 0}, "/+"}}));  // steps (-1,+1) through no cells
  CHECK(b.at({5, 5}).number == 2);
  CHECK(b.at({5, 9}).number == 2);  // (5,11) and (7,9); not (8,9), not itself
  CHECK(b.at({5, 0}).number == 3);  // (5,3) (5,9) (5,11) blue, (5,5) black
  CHECK(b.at({3, 1}).number == 2);  // (5,3) (6,4)
  CHECK(blue_contiguous(b, {5, 5}));
  CHECK_FALSE(blue_contiguous(b, {5, 0}));  // blue, black, blue, blue along the column
  CHECK(b.remaining == 5);                  // hidden x: (5,3) (6,4) (5,11) (7,9) (8,9)
  auto ring = hint_scope(b, {5, 5});
  REQUIRE(ring.size() == 6);
  CHECK(ring[0] == Pos{5, 3});
  CHECK_FALSE(ring[3].has_value());
}

TEST_CASE("ring contiguity: a missing neighbour breaks the arc, the ring wraps around", "[hexcells]") {
  // Blue at ring slots 5 and 0 (wrapping) is together; blue at 0 and 2 with a gap at 1 is not.
  Board wrap = read_board(level_text({{{5, 5}, "O+"}, {{5, 3}, "x."}, {{4, 4}, "x."}, {{6, 6}, "o."}}));
  CHECK(blue_contiguous(wrap, {5, 5}));
  Board gap = read_board(level_text({{{5, 5}, "O+"}, {{5, 3}, "x."}, {{6, 6}, "x."}}));
  CHECK_FALSE(blue_contiguous(gap, {5, 5}));
}

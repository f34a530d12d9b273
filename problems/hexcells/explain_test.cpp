#include "problems/hexcells/explain.h"

#include <catch2/catch.hpp>

#include <map>
#include <random>

#include "problems/hexcells/format.h"
#include "problems/hexcells/test_levels.h"

using namespace puzzlesat::hexcells;
using puzzlesat::hexcells::testing::level_text;

namespace {

// Whether the constraints alone force cell to colour, by trying every colouring of the
// hidden cells.
bool brute_forces(const Board& b, const std::vector<Constraint>& constraints, Pos cell, Color colour) {
  std::vector<Pos> hidden = b.hidden_cells();
  std::map<Pos, std::size_t> bit;
  for (std::size_t i = 0; i < hidden.size(); ++i) bit[hidden[i]] = i;
  for (unsigned mask = 0; mask < (1U << hidden.size()); ++mask) {
    auto col = [&](Pos p) {
      auto it = bit.find(p);
      if (it == bit.end()) return b.at(p).color;
      return (mask >> it->second) & 1U ? Color::blue : Color::black;
    };
    bool ok = std::all_of(constraints.begin(), constraints.end(), [&](const Constraint& c) { return holds(c, col); });
    if (ok && col(cell) != colour) return false;
  }
  return true;
}

// Whether `because` still forces cell to colour with one of its constraints left out,
// i.e. is not minimal.
bool some_hint_droppable(const Board& b, const std::vector<Constraint>& because, Pos cell, Color colour) {
  for (std::size_t k = 0; k < because.size(); ++k) {
    auto fewer = because;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
    if (brute_forces(b, fewer, cell, colour)) return true;
  }
  return false;
}

// Calls body(i, board, deduction) for each of `levels` random small levels drawn from
// `seed` that deduce finds consistent (brute force stays cheap on them).
template <class Body>
void for_consistent_random_levels(unsigned seed, int levels, Body body) {
  std::mt19937 rng(seed);
  for (int i = 0; i < levels; ++i) {
    Board b = testing::random_level(rng, 10);
    Deduction d = deduce(b);
    if (d.consistent) body(i, b, d);
  }
}

}  // namespace

TEST_CASE("explanations force their cell and are minimal", "[hexcells][explain]") {
  // A chain: the black 1 at (6,4) sees only (5,3) hidden, so (5,3) is blue; then the
  // black 1 at (5,5) (or the column's 1) makes (5,7) black.
  std::string text = level_text({{{5, 0}, "|+"},
                                 {{5, 3}, "x."},
                                 {{5, 5}, "O+"},
                                 {{6, 4}, "O+"},
                                 {{6, 6}, "O."},
                                 {{4, 6}, "O."},
                                 {{4, 4}, "O."},
                                 {{5, 7}, "o."},
                                 {{9, 9}, "x."},
                                 {{11, 9}, "o."}});
  Board b = read_board(text);
  Deduction d = deduce(b);
  REQUIRE(d.consistent);
  REQUIRE(d.blue == std::vector<Pos>{{5, 3}});
  REQUIRE(d.black == std::vector<Pos>{{5, 7}});
  std::vector<Reason> reasons = explain(b, d);
  REQUIRE(reasons.size() == 2);
  for (const Reason& r : reasons) {
    INFO(to_string(r.cell));
    CHECK(brute_forces(b, r.because, r.cell, r.colour));
    CHECK_FALSE(some_hint_droppable(b, r.because, r.cell, r.colour));
  }
  CHECK(reasons[0].because.size() == 1);
  CHECK(reasons[0].because[0].source == Pos{6, 4});
  CHECK(reasons[1].because.size() == 2);
}

TEST_CASE("an explanation can need REMAINING", "[hexcells][explain]") {
  Board b = read_board(level_text({{{2, 2}, "o."}, {{4, 2}, "o."}}));
  Deduction d = deduce(b);
  REQUIRE(d.black.size() == 2);
  for (const Reason& r : explain(b, d)) {
    REQUIRE(r.because.size() == 1);
    CHECK(r.because[0].is_remaining);
  }
}

TEST_CASE("on random small levels every explanation forces its cell and no hint can go (brute force)",
          "[hexcells][explain]") {
  int reasons_checked = 0;
  for_consistent_random_levels(23, 60, [&](int i, const Board& b, const Deduction& d) {
    for (const Reason& r : explain(b, d)) {
      INFO("level " << i << " cell " << to_string(r.cell));
      CHECK(r.minimal);
      CHECK(brute_forces(b, r.because, r.cell, r.colour));
      CHECK_FALSE(some_hint_droppable(b, r.because, r.cell, r.colour));
      ++reasons_checked;
    }
  });
  CHECK(reasons_checked > 50);
}

TEST_CASE("with a tiny deletion budget explanations still force their cell, and say when not shown minimal",
          "[hexcells][explain]") {
  // One conflict per deletion call: many removals stay undecided, so those hints stay and
  // the reason is marked; the set must still force the cell, and a set marked minimal must be.
  int marked = 0, minimal = 0;
  for_consistent_random_levels(41, 60, [&](int i, const Board& b, const Deduction& d) {
    for (const Reason& r : explain(b, d, "minisat", 1)) {
      INFO("level " << i << " cell " << to_string(r.cell));
      CHECK(brute_forces(b, r.because, r.cell, r.colour));
      if (r.minimal) {
        CHECK_FALSE(some_hint_droppable(b, r.because, r.cell, r.colour));
        ++minimal;
      } else {
        ++marked;
      }
    }
  });
  CHECK(marked > 0);
  CHECK(minimal > 0);
}

TEST_CASE("a cell whose set is not found within the search budget reads as forced by the whole state",
          "[hexcells][explain]") {
  int whole = 0;
  for_consistent_random_levels(43, 40, [&](int i, const Board& b, const Deduction& d) {
    // No conflict at all: no search gets anywhere, so every reason is the fallback.
    Explainer none(b);
    none.set_search_budget(0);
    for (auto [cells, colour] : {std::pair{&d.blue, Color::blue}, std::pair{&d.black, Color::black}})
      for (Pos p : *cells) {
        INFO("level " << i << " cell " << to_string(p));
        const Reason r = none.reason(p, colour);
        CHECK(r.whole_state);
        CHECK_FALSE(r.minimal);
        CHECK(brute_forces(b, r.because, p, colour));
        ++whole;
      }
    // A budget of one conflict: whatever comes back still forces its cell.
    for (const Reason& r : explain(b, d, "minisat", 1, 1)) {
      INFO("level " << i << " cell " << to_string(r.cell));
      CHECK(brute_forces(b, r.because, r.cell, r.colour));
      if (r.whole_state) CHECK_FALSE(r.minimal);
    }
  });
  CHECK(whole > 20);
}

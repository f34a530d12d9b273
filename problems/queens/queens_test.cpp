#include "problems/queens/queens.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <set>

#include <puzzlesat/input_error.h>

using namespace puzzlesat::queens;

namespace {

// Brute force: every permutation of columns, kept when no two queens share a diagonal.
std::set<Placement> all_by_brute_force(int n) {
  std::set<Placement> found;
  Placement p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  do {
    if (is_solution(p)) found.insert(p);
  } while (std::next_permutation(p.begin(), p.end()));
  return found;
}

}  // namespace

TEST_CASE("is_solution accepts exactly the non-attacking placements", "[queens]") {
  CHECK(is_solution({1, 3, 0, 2}));
  CHECK_FALSE(is_solution({0, 1, 2, 3}));  // one diagonal
  CHECK_FALSE(is_solution({1, 1, 3, 0}));  // one column
  CHECK_FALSE(is_solution({1, 3, 0, 7}));  // off the board
}

TEST_CASE("SAT finds exactly the brute-force solutions for n = 1..8", "[queens]") {
  for (int n = 1; n <= 8; ++n) {
    SolveResult sat = solve(n, "minisat", 1000);
    REQUIRE(sat.complete);
    std::set<Placement> listed(sat.placements.begin(), sat.placements.end());
    CHECK(listed.size() == sat.placements.size());  // no placement reported twice
    CHECK(listed == all_by_brute_force(n));
  }
}

TEST_CASE("a limit stops the search early and says so", "[queens]") {
  SolveResult one = solve(8, "minisat", 1);
  REQUIRE(one.placements.size() == 1);
  CHECK(is_solution(one.placements[0]));
  CHECK_FALSE(one.complete);
}

TEST_CASE("board sizes outside 1..64 are bad input", "[queens]") {
  CHECK_THROWS_AS(encode(0), puzzlesat::InputError);
  CHECK_THROWS_AS(encode(65), puzzlesat::InputError);
}

// The largest set-free board (a cap in AG(4,3)): find K cards without a set, or prove by
// UNSAT that every K cards hold one. For K >= 19 the search splits on the fullest
// hyperplane: some hyperplane holds m >= ceil(K/3) of the cards, by symmetry it is the
// "one ..." cards, and its cards form one of the few classes of m-caps in AG(3,3), so
// each class is one small SAT call. K = 20 is SAT, K = 21 UNSAT (Pellegrino 1971).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "problems/set/card.h"

namespace puzzlesat::set {

struct CapResult {
  std::optional<std::vector<Card>> cards;  // a set-free board of K cards, or none (UNSAT)
  double seconds = 0;                      // wall time, formula building included
  int solver_calls = 0;
  std::int64_t conflicts = 0;
};

CapResult find_cap(int size, std::string_view solver = "minisat");

// The 120 hyperplanes of AG(4,3) as card-index lists of 27 (40 directions x 3 offsets).
std::vector<std::vector<int>> hyperplanes();

}  // namespace puzzlesat::set

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
#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::set {

struct CapResult {
  std::optional<std::vector<Card>> cards;  // a set-free board of K cards, or none (UNSAT)
  double seconds = 0;                      // wall time, formula building included
  int solver_calls = 0;
  std::int64_t conflicts = 0;
};

// The whole question "are there K cards without a set?" as one formula, symmetry breaking
// included, so that it can be exported and an UNSAT answer proved by one DRAT proof.
// For K >= 19 each case of the hyperplane split has a selector literal that implies the
// case's cards and cardinality guards; one clause says some case holds. The formula is
// satisfiable iff K cards without a set exist (the symmetry argument is in
// docs/set.md; the SAT part is exactly these clauses).
struct CapFormula {
  sat::Cnf cnf;                    // variables named card(<code>), e.g. card(1rsd)
  std::vector<sat::Lit> card;      // card[i]: card_at(i) is chosen
  std::vector<sat::Lit> cases;     // the case selectors (empty below K = 19)
};
CapFormula cap_formula(int size);

// Solves cap_formula(size) one case at a time (each an assumption on its selector, which
// is where the speed comes from), then once without assumptions, which on UNSAT closes
// the proof. With `proof`, the backend traces a DRAT proof of the whole formula to
// proof->path (it must be able to: sat::Solver::can_trace_proof).
CapResult find_cap(int size, std::string_view solver = "minisat", const sat::ProofOptions* proof = nullptr);

// The 120 hyperplanes of AG(4,3) as card-index lists of 27 (40 directions x 3 offsets).
std::vector<std::vector<int>> hyperplanes();

}  // namespace puzzlesat::set

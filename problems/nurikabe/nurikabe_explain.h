// Inside the nurikabe folder: deduce --explain's minimisation over the numbers' selectors,
// on the lazy solver that deduce already holds (nurikabe.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include <puzzlesat/grid.h>
#include <puzzlesat/lazy_cuts.h>
#include <puzzlesat/lit.h>
#include <puzzlesat/smallest_set.h>
#include <puzzlesat/solver.h>

#include "nurikabe.h"
#include "nurikabe_rules.h"

namespace nurikabe {

// Finds, for facts black(c) or ~black(c) that every solution has, the fewest numbers that
// force each (the others read '?'; <puzzlesat/smallest_set.h>), or a subset-minimal set
// where proving the fewest is past the budget. One Explainer serves all the cells of a
// puzzle: what one cell's tests learn (cuts, models, lemmas) answers later cells' tests.
class Explainer {
 public:
  Explainer(const Puzzle& p, const Rules& r, puzzlesat::sat::Solver& s, const puzzlesat::sat::CutChecker& check,
            puzzlesat::sat::LazyStats& stats);

  // The numbers (their cells, row-major) of a smallest set that forces `fact`, found in at
  // most `max_tests` tests (then subset-minimal). Throws std::logic_error when fact is not
  // forced with all numbers counted.
  // `smallest`, when given, says whether the set is proven the fewest.
  std::vector<puzzlesat::Cell> explain(puzzlesat::sat::Lit fact, int max_tests, bool* smallest = nullptr);

 private:
  // A solution with some numbers read as '?': its wall, and which numbers' islands have the
  // number's size (those it obeys, whether or not the solver had them switched on).
  struct Witness {
    std::vector<char> black;  // per cell
    std::vector<char> obeys;  // per number with a value (index into on_)
    std::vector<int> obeyed;  // the same as indices
  };

  using Set = std::vector<int>;  // indices into on_, ascending

  // With `set` counted, is fact forced? When it is, the part of set the refutation used
  // (the failed assumptions); when not, the numbers a solution without fact obeys (a kept
  // witness's, or the model's, which is kept).
  puzzlesat::SetTest test(std::span<const int> set, puzzlesat::sat::Lit fact);
  const Witness* refuting_witness(std::span<const int> set, puzzlesat::sat::Lit fact) const;
  Witness witness() const;
  std::size_t cell_of(puzzlesat::sat::Lit fact) const;  // fact is black(c) or ~black(c): c's index

  const Puzzle& p_;
  const Rules& r_;
  puzzlesat::sat::Solver& s_;
  const puzzlesat::sat::CutChecker& check_;
  puzzlesat::sat::LazyStats& stats_;
  std::vector<puzzlesat::Cell> numbers_;  // the numbers with a value, row-major
  std::vector<puzzlesat::sat::Lit> on_;   // their selectors
  std::vector<Witness> witnesses_;
};

}  // namespace nurikabe

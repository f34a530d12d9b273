#include "nurikabe_explain.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace nurikabe {

using puzzlesat::Cell;
using puzzlesat::sat::Lit;
using puzzlesat::sat::Status;

Explainer::Explainer(const Puzzle& p, const Rules& r, puzzlesat::sat::Solver& s,
                     const puzzlesat::sat::CutChecker& check, puzzlesat::sat::LazyStats& stats)
    : p_(p), r_(r), s_(s), check_(check), stats_(stats) {
  for (Cell n : r.numbers)
    if (p.at(n) > 0) numbers_.push_back(n), on_.push_back(r.on[p.grid().index(n)]);
}

std::vector<Cell> Explainer::explain(Lit fact, int max_tests, bool* smallest) {
  Set all(on_.size());
  std::iota(all.begin(), all.end(), 0);
  puzzlesat::SetTest first = test(all, fact);
  if (!first.holds) throw std::logic_error("nurikabe: a backbone cell is not forced");
  // Fewer numbers force fewer cells: the test is monotone, as smallest_set.h asks.
  const puzzlesat::SetTester forces = [&](std::span<const int> s) { return test(s, fact); };
  Set set = puzzlesat::minimal_set(std::move(first.set), forces);
  if (smallest) *smallest = set.size() <= 1;
  if (set.size() > 1) {
    // The kept solutions that lack the fact rule out every set of numbers they obey.
    std::vector<Set> known;
    const std::size_t cell = cell_of(fact);
    for (const Witness& w : witnesses_)
      if ((w.black[cell] != 0) == fact.negated()) known.push_back(w.obeyed);
    puzzlesat::SmallestSet best = puzzlesat::smallest_set(
        static_cast<int>(on_.size()), set, forces, {.max_tests = max_tests}, known);
    set = std::move(best.set);
    if (smallest) *smallest = best.smallest;
  }
  std::vector<Cell> out;
  for (int i : set) out.push_back(numbers_[static_cast<std::size_t>(i)]);
  return out;
}

puzzlesat::SetTest Explainer::test(std::span<const int> set, Lit fact) {
  if (const Witness* w = refuting_witness(set, fact)) return {false, w->obeyed};
  std::vector<Lit> assume;
  for (int i : set) assume.push_back(on_[static_cast<std::size_t>(i)]);
  assume.push_back(~fact);
  const auto r = puzzlesat::sat::solve_lazily(s_, check_, assume, &stats_);
  if (r.status == Status::unknown) throw std::runtime_error("the SAT solver gave up (a budget or an interrupt)");
  if (r.status == Status::sat) {
    witnesses_.push_back(witness());
    return {false, witnesses_.back().obeyed};
  }
  const std::vector<Lit> failed = s_.failed_assumptions();
  Set core;
  for (int i : set)
    if (std::find(failed.begin(), failed.end(), on_[static_cast<std::size_t>(i)]) != failed.end()) core.push_back(i);
  // The core forces fact in every solution (its numbers counted, the rest '?'), so the
  // clause "some core number is off, or fact" is a consequence of the rules; stated, it
  // lets later tests (other cells) propagate fact instead of searching for it again.
  std::vector<Lit> lemma{fact};
  for (int i : core) lemma.push_back(~on_[static_cast<std::size_t>(i)]);
  s_.add_clause(lemma);
  return {true, core};
}

// A kept solution refutes "set forces fact" when it obeys every number of set and has the
// cell's other colour: no solve is needed.
const Explainer::Witness* Explainer::refuting_witness(std::span<const int> set, Lit fact) const {
  const std::size_t cell = cell_of(fact);
  for (const Witness& w : witnesses_)
    if ((w.black[cell] != 0) == fact.negated() &&
        std::all_of(set.begin(), set.end(), [&](int i) { return w.obeys[static_cast<std::size_t>(i)] != 0; }))
      return &w;
  return nullptr;
}

std::size_t Explainer::cell_of(Lit fact) const {
  const Lit black = fact.negated() ? ~fact : fact;
  return static_cast<std::size_t>(std::find(r_.black.begin(), r_.black.end(), black) - r_.black.begin());
}

// The solver's accepted model, read as a grid. Every island holds one number (the cuts saw
// to that), so a number is obeyed exactly when its island has its size.
Explainer::Witness Explainer::witness() const {
  const puzzlesat::RectGrid g = p_.grid();
  Witness w;
  for (Lit b : r_.black) w.black.push_back(s_.model_value(b));
  std::vector<char> seen(g.size(), 0);
  for (Cell n : numbers_) {
    std::vector<Cell> island{n};
    seen[g.index(n)] = 1;
    for (std::size_t head = 0; head < island.size(); ++head)
      for (Cell x : g.neighbors4(island[head]))
        if (!w.black[g.index(x)] && !seen[g.index(x)]) seen[g.index(x)] = 1, island.push_back(x);
    w.obeys.push_back(static_cast<int>(island.size()) == p_.at(n));
    if (w.obeys.back()) w.obeyed.push_back(static_cast<int>(w.obeys.size()) - 1);
  }
  return w;
}

}  // namespace nurikabe

// Smallest sets: the fewest items that together have a property which only grows as items
// are added — above all, the fewest clues that force a fact (a smallest unsatisfiable core,
// "SMUS"). Model::explain answers "why is this cell forced?" with such a set, and so can any
// puzzle whose test is not plain CNF (Nurikabe's lazy connectivity cuts).
//
// The property is given by a test. For a set S it answers either "holds" (the fact is forced
// by S), with a subset of S that still holds (the solver's core), or "does not hold", with a
// superset of S that still does not (the clues a counterexample happens to obey). Every
// set that does not hold rules out all of its subsets, so a set that holds must take an
// item from each such set's complement: the smallest hitting set of the complements seen is
// a lower bound and the next candidate to test. The loop stops when a candidate holds (it is
// then smallest) or the lower bound meets the best set known. This is implicit hitting-set
// dualization (Ignatiev, Previti, Liffiton, Marques-Silva, "Smallest MUS extraction with
// minimal hitting set dualization", CP 2015); the hitting sets are found by MiniSat under a
// totalizer bound.
//
//   auto test = [&](std::span<const int> s) -> SetTest { ... };        // one SAT call
//   SmallestSet best = smallest_set(clues, known_minimal_set, test);   // best.set, best.smallest
//
// The test must be monotone: if S holds, every superset holds. Items are 0 .. n-1.
#pragma once

#include <functional>
#include <span>
#include <vector>

namespace puzzlesat {

struct SetTest {
  bool holds = false;
  // holds: a subset of the set tested that still holds (the set itself will do);
  // does not hold: a superset of the set tested that still does not (the set itself will do).
  std::vector<int> set;
};
using SetTester = std::function<SetTest(std::span<const int> set)>;

struct SmallestSetOptions {
  // Tests after which the search stops with the best set found, not proven smallest.
  // Each complement learned costs a handful of tests; real puzzles' facts need from one to a
  // few hundred (docs/puzzle-pack.md, "Explanations").
  int max_tests = 2000;
};

struct SmallestSet {
  std::vector<int> set;    // ascending
  bool smallest = false;   // proven: no set with fewer items holds
  int lower_bound = 0;     // no set with fewer items holds
  int tests = 0;           // calls of the test
};

// Deletion: drops each item in turn and keeps it only when the set no longer holds without
// it, so no item of the answer can go (subset-minimal). An item found needed stays needed in
// every smaller set that holds, so a test's core (a subset) never loses one and the walk
// never moves back. `set` must hold; the test is called once per item at most.
std::vector<int> minimal_set(std::vector<int> set, const SetTester& test);

// `start` is a set known to hold (e.g. minimal_set's answer); the answer is never larger,
// and when the budget stops the search before a proof it is still subset-minimal if start was.
// `not_holding` are sets already known not to hold (counterexamples kept from earlier
// searches): they cost no test. Throws std::invalid_argument for an item outside 0 .. n-1.
SmallestSet smallest_set(int n, std::vector<int> start, const SetTester& test, const SmallestSetOptions& options = {},
                         std::span<const std::vector<int>> not_holding = {});

}  // namespace puzzlesat

// Finding sets with a SAT solver over the encoding in encoding.h: one set (a model) or
// the proof that none remains (UNSAT), and every set by enumerating models, each blocked
// by a clause on its three card literals.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "problems/set/card.h"
#include "problems/set/encoding.h"
#include "problems/set/finder.h"
#include <puzzlesat/solver.h>

namespace puzzlesat::set {

// One board loaded into one solver; find_one() and find_all() may both be asked.
// Throws std::runtime_error if the backend gives no answer, std::logic_error if a model
// is not a set (a wrong answer must never pass silently).
class SatSetFinder {
 public:
  SatSetFinder(std::span<const Card> board, std::string_view solver = "minisat",
               const SetEncodingOptions& options = {});

  // A set, or nullopt: UNSAT, the proof that no set remains.
  std::optional<Triple> find_one();
  // Every set, sorted, each triple ascending. Afterwards every set is blocked, so
  // find_one() answers nullopt.
  std::vector<Triple> find_all();

  // Whether selecting exactly these three cards satisfies the encoding (solved under
  // assumptions), and how a set is excluded from later answers (one 3-literal clause).
  // Together they check a list of sets against the formula without enumerating.
  bool admits(const Triple& t);
  void block(const Triple& t);

  sat::SolverStats stats() const { return solver_->stats(); }

 private:
  Triple decode(const std::vector<int>& selected) const;

  std::vector<Card> board_;
  SetEncoding encoding_;
  std::unique_ptr<sat::Solver> solver_;
};

struct SatSearch {
  std::vector<Triple> sets;  // sorted, each triple ascending
  sat::SolverStats stats;    // of the solver that ran
};

// At most one set; an empty result is an UNSAT answer, i.e. a proof that no set remains.
SatSearch sat_find_one_set(std::span<const Card> board, std::string_view solver = "minisat");
// Every set, by model enumeration.
SatSearch sat_find_all_sets(std::span<const Card> board, std::string_view solver = "minisat");

// Writes a DRAT proof that no set is among `board` to proof.path, and the find-a-set
// formula (`set cnf`'s, with names) beside it (sat::prove_unsat). False, and no files,
// when a set exists. `solver` must write proofs (sat::Solver::can_trace_proof).
bool prove_no_set(std::span<const Card> board, std::string_view solver, const sat::ProofOptions& proof);

}  // namespace puzzlesat::set

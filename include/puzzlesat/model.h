// model.h: state a puzzle's rules at the level of the puzzle and ask the two questions
// puzzles ask — what every solution shares, and whether the solution is unique.
//
// A Model owns a sat::Cnf (its variables keep their names, so `cnf()` exports readable
// DIMACS) and builds constraints with the arc-consistent gadgets of <puzzlesat/cardinality.h>:
// `count_true(lits) == k` is enc::exactly, `<= k` enc::at_most, `>= k` enc::at_least.
//
//   puzzlesat::Model m("cadical");                       // any sat::make_solver spec
//   puzzlesat::RectGrid grid(3, 3);
//   auto mine = m.bools(grid, "mine");
//   m.require(puzzlesat::count_true(mine[grid.neighbors8({1, 1})]) == 2);
//   m.require(~mine[{1, 1}]);
//   puzzlesat::Forced f = m.forced(mine.all());           // per cell: true, false, or open
//   puzzlesat::Uniqueness u = m.unique_solution(mine.all());  // u.unique(), u.solution
//
// Each question loads the formula into a fresh solver: the model can keep growing between
// questions (e.g. adding a revealed cell) and answers never depend on earlier ones.
//
// Clues make answers explainable: what is required while a clue's scope lives belongs to
// that clue, and explain() names a set of clues that forces a fact, none of which can be
// dropped, and the fewest that do (when proving that fits a budget of SAT calls).
// Constraints outside every clue are the rules and always hold.
//
//   { auto clue = m.clue("2 at (1,1)"); m.require(count_true(...) == 2); }
//   std::optional<std::vector<std::string>> why = m.explain(~mine[{0, 0}]);
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <puzzlesat/cardinality.h>
#include <puzzlesat/cnf.h>
#include <puzzlesat/grid.h>
#include <puzzlesat/lit.h>
#include <puzzlesat/solver.h>

namespace puzzlesat {

// The number of true literals among some, compared with a constant: count_true(x) == 2.
struct CountTrue {
  std::vector<sat::Lit> lits;
};
struct CountConstraint {
  enum class Op { eq, le, ge };
  std::vector<sat::Lit> lits;
  Op op;
  int k;
};
CountTrue count_true(std::span<const sat::Lit> lits);
inline CountTrue count_true(const std::vector<sat::Lit>& lits) { return count_true(std::span<const sat::Lit>(lits)); }
inline CountConstraint operator==(CountTrue c, int k) { return {std::move(c.lits), CountConstraint::Op::eq, k}; }
inline CountConstraint operator<=(CountTrue c, int k) { return {std::move(c.lits), CountConstraint::Op::le, k}; }
inline CountConstraint operator>=(CountTrue c, int k) { return {std::move(c.lits), CountConstraint::Op::ge, k}; }

// What Model::forced found: for each literal asked, in order, true when it holds in every
// solution, false when its negation does, nullopt when solutions disagree.
struct Forced {
  bool satisfiable = false;  // false: no solution at all (then `value` is empty)
  std::vector<std::optional<bool>> value;
  int solver_calls = 0;
};

// What Model::unique_solution found, counting solutions as assignments of the literals asked.
struct Uniqueness {
  std::size_t solutions = 0;  // 0, 1, or 2 meaning "two or more"
  std::vector<bool> solution;  // the literals' values in the first solution found (if any)
  bool unique() const { return solutions == 1; }
};

// How Model::explanation searches.
struct ExplainOptions {
  bool smallest = true;   // search for the fewest clues; false: stop at a subset-minimal set
  int max_tests = 100;   // SAT calls the search for the fewest may make (SmallestSetOptions)
};

// Why a fact holds: the clues that force it.
struct Explanation {
  std::vector<std::string> clues;  // in the order they were added to the model
  bool smallest = false;           // proven: no fewer clues force the fact
  int tests = 0;                   // SAT calls made
};

class Model {
 public:
  explicit Model(std::string solver = "minisat");

  sat::Cnf& cnf() { return cnf_; }
  const sat::Cnf& cnf() const { return cnf_; }
  const std::string& solver() const { return solver_; }

  sat::Lit new_bool(std::string_view name) { return cnf_.new_lit(name); }
  // One variable per cell, named "prefix(cell)", e.g. mine(2,3).
  template <class Grid>
  BoolGrid<Grid> bools(const Grid& grid, std::string_view prefix) {
    std::vector<sat::Lit> lits;
    lits.reserve(grid.size());
    for (const auto& p : grid.cells()) lits.push_back(new_bool(std::string(prefix) + "(" + grid.name(p) + ")"));
    return BoolGrid<Grid>(grid, std::move(lits));
  }

  void require(const CountConstraint& c,
               enc::CardEncoding encoding = enc::CardEncoding::automatic);  // throws std::invalid_argument for k < 0
  void require(sat::Lit l) { cnf_.add_unit(l); }
  void require_any(std::span<const sat::Lit> clause) { cnf_.add_clause(clause); }

  // Constraints required until the scope ends belong to the clue `name`. Clues do not nest
  // (a second open clue throws std::logic_error).
  class ClueScope;
  [[nodiscard]] ClueScope clue(std::string name);

  // A set of clue names that forces `fact` together with the rules: the smallest there is
  // (<puzzlesat/smallest_set.h>), or, when the search runs out of its budget first, a
  // subset-minimal one (with any one clue left out, fact is no longer forced). Empty when
  // the rules alone force it; nullopt when some solution has ~fact. Clue order is the
  // order they were added.
  std::optional<Explanation> explanation(sat::Lit fact, const ExplainOptions& options = {}) const;
  // explanation(fact)'s clues.
  std::optional<std::vector<std::string>> explain(sat::Lit fact) const;
  // One explanation per fact, in order: far cheaper than one call each, since the facts
  // share one solver, and every counterexample found for one fact (a solution of some
  // clues that lacks it) rules out clue sets for the others without another SAT call.
  std::vector<std::optional<Explanation>> explanations(std::span<const sat::Lit> facts,
                                                       const ExplainOptions& options = {}) const;

  // DRAT certificates for the two answers, written by `prover` (a backend that traces
  // proofs) to proof.path, with the formula they refute beside it (<puzzlesat/proof.h>):
  // that fact holds in every solution (the formula plus ~fact), and that no solution
  // differs from `solution` on `lits` (the formula plus one clause "some literal differs").
  // Unsat means the proof was written; Sat means the claim is false (no files are left).
  sat::Status prove_forced(sat::Lit fact, const sat::ProofOptions& proof, std::string_view claim = {},
                           std::string_view prover = "cadical") const;
  sat::Status prove_unique(std::span<const sat::Lit> lits, const std::vector<bool>& solution,
                           const sat::ProofOptions& proof, std::string_view claim = {},
                           std::string_view prover = "cadical") const;

  // The backbone over the chosen literals (sat::compute_backbone).
  Forced forced(std::span<const sat::Lit> lits) const;
  // Whether exactly one assignment of the chosen literals' variables extends to a solution.
  Uniqueness unique_solution(std::span<const sat::Lit> lits) const;

 private:
  struct Clue {
    std::string name;
    std::size_t begin = 0, end = 0;  // its clauses: cnf_.clause(begin) .. cnf_.clause(end - 1)
  };
  sat::Cnf cnf_;
  std::string solver_;
  std::vector<Clue> clues_;
  bool clue_open_ = false;
};

class Model::ClueScope {
 public:
  ClueScope(Model& model, std::string name);
  ~ClueScope();
  ClueScope(const ClueScope&) = delete;
  ClueScope& operator=(const ClueScope&) = delete;

 private:
  Model& model_;
};

inline Model::ClueScope Model::clue(std::string name) { return ClueScope(*this, std::move(name)); }

}  // namespace puzzlesat

// StreamSetFinder: "is there a set, or does SAT prove none?" for many boards in a row
// (`set solve` over a batch of boards, the no-set steps of a game) on ONE reused solver,
// so a board pays for its clauses and its search but not for building a solver.
//
// The formula is leaner than encoding.h's reference design. Board card i is literal x_i
// (the same literals for every board). Per board, for each pair of its cards: selecting
// both selects the pair's completing card, (¬x_i ∨ ¬x_j ∨ x_k), or is impossible when
// that card is not on the board, (¬x_i ∨ ¬x_j); and at least two cards are selected. A
// selection closed under completion with two cards i, j holds their third card k, and
// {i, j, k} is a set on the board; conversely a set's three cards are such a selection.
// So the formula is UNSAT exactly when the board has no set.
//
// A board's pair clauses all carry ¬act for a fresh activation variable act, and the
// board is asked under the assumption act; afterwards the unit ¬act retires them (they
// are satisfied for good, and so is every clause learnt from them, which contains ¬act
// too). "At least two of x_0..x_{n-1}" is the same for every n-card board: it is added
// once per solver under a size literal, assumed alongside act. Two assumptions per
// board, not one per absent card, matter: asking the 81-card deck formula under 69
// deselection assumptions was 4x slower than a fresh solver (docs/performance.md). The
// solver is replaced every `boards_per_solver` boards, which bounds its memory (variables
// and retired clauses only accumulate: Debian's MiniSat cannot free variables) and the
// model check's work (make_solver's checked wrapper tests every clause it was given).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "problems/set/card.h"
#include "problems/set/finder.h"
#include <puzzlesat/solver.h>

namespace puzzlesat::set {

class StreamSetFinder {
 public:
  // `solver` as for sat::make_solver. 8 boards per solver: see docs/performance.md
  // ("SET no-set proofs in a stream") for what other values cost.
  explicit StreamSetFinder(std::string_view solver = "minisat", int boards_per_solver = 8);

  // A set among `board` (distinct cards, any number), or nullopt: UNSAT, the SAT proof
  // that no set is there. Throws std::logic_error if a model does not decode to a set
  // (a wrong answer must never pass silently), std::runtime_error if the backend gives
  // no answer, std::invalid_argument if a card is listed twice.
  std::optional<Triple> find_one(std::span<const Card> board);

  // Summed over every solver this finder has used.
  sat::SolverStats stats() const;
  std::uint64_t solvers_built() const { return solvers_built_; }

 private:
  void renew();
  void retire_solver();
  std::optional<Triple> ask(std::span<const Card> board);  // positions set
  void clear_positions(std::span<const Card> cards);
  sat::Lit size_guard(std::size_t n);
  Triple decode(std::span<const Card> board) const;

  std::string spec_;
  int boards_per_solver_;
  int boards_on_solver_ = 0;
  std::uint64_t solvers_built_ = 0;
  std::unique_ptr<sat::Solver> solver_;
  sat::SolverStats retired_;            // of the solvers already replaced
  std::vector<sat::Lit> selected_;      // x_i: board card i is selected
  std::vector<sat::Lit> size_guards_;   // [n]: "at least two of x_0..x_{n-1}"; undefined (var 0) until used
  std::array<std::int8_t, kDeckSize> position_;  // deck index -> board position, -1 if absent
  std::vector<sat::Lit> clause_;
};

}  // namespace puzzlesat::set

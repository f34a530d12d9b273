#include "problems/set/stream_finder.h"

#include <algorithm>
#include <stdexcept>

namespace puzzlesat::set {

StreamSetFinder::StreamSetFinder(std::string_view solver, int boards_per_solver)
    : spec_(solver), boards_per_solver_(std::max(1, boards_per_solver)) {
  position_.fill(-1);
  sat::make_solver(spec_);  // an unknown name fails here, not at the first board
}

namespace {
void add_stats(sat::SolverStats& sum, const sat::SolverStats& s) {
  sum.solves += s.solves;
  sum.conflicts += s.conflicts;
  sum.decisions += s.decisions;
  sum.propagations += s.propagations;
  sum.seconds += s.seconds;
}
}  // namespace

void StreamSetFinder::retire_solver() {
  if (solver_) add_stats(retired_, solver_->stats());
  solver_.reset();
}

void StreamSetFinder::renew() {
  retire_solver();
  solver_ = sat::make_solver(spec_);
  ++solvers_built_;
  boards_on_solver_ = 0;
  selected_.clear();
  size_guards_.clear();
}

// "At least two of x_0..x_{n-1}": for each i, some card other than i is selected (one
// selected card, or none, violates the clause of that card, or every clause). n = 0 has
// no such clause, so it gets ¬g itself.
sat::Lit StreamSetFinder::size_guard(std::size_t n) {
  if (size_guards_.size() <= n) size_guards_.resize(n + 1);
  if (size_guards_[n].valid()) return size_guards_[n];
  const sat::Lit g(solver_->new_var());
  size_guards_[n] = g;
  if (n == 0) solver_->add_clause({~g});
  for (std::size_t i = 0; i < n; ++i) {
    clause_.assign({~g});
    for (std::size_t j = 0; j < n; ++j) {
      if (j != i) clause_.push_back(selected_[j]);
    }
    solver_->add_clause(clause_);
  }
  return g;
}

std::optional<Triple> StreamSetFinder::find_one(std::span<const Card> board) {
  // position_ is all -1 between calls. Distinct cards number at most 81, so a position
  // fits its int8.
  const std::size_t n = board.size();
  for (std::size_t i = 0; i < n; ++i) {
    auto& at = position_[index(board[i])];
    if (at >= 0) {
      clear_positions(board.first(i));
      throw std::invalid_argument("a SET board lists a card twice");
    }
    at = static_cast<std::int8_t>(i);
  }
  try {
    std::optional<Triple> found = ask(board);
    clear_positions(board);
    return found;
  } catch (...) {
    // A board whose query failed may still have live clauses: start the next on a new solver.
    clear_positions(board);
    retire_solver();
    throw;
  }
}

void StreamSetFinder::clear_positions(std::span<const Card> cards) {
  for (Card c : cards) position_[index(c)] = -1;
}

std::optional<Triple> StreamSetFinder::ask(std::span<const Card> board) {
  if (!solver_ || boards_on_solver_ >= boards_per_solver_) renew();
  ++boards_on_solver_;
  const std::size_t n = board.size();
  while (selected_.size() < n) selected_.push_back(sat::Lit(solver_->new_var()));
  const sat::Lit guard = size_guard(n);
  const sat::Lit act(solver_->new_var());
  for (std::size_t i = 0; i < n; ++i) {
    const auto& row = kThirdIndex[index(board[i])];
    for (std::size_t j = i + 1; j < n; ++j) {
      const int k = position_[row[index(board[j])]];
      clause_.assign({~act, ~selected_[i], ~selected_[j]});
      if (k >= 0) clause_.push_back(selected_[k]);
      solver_->add_clause(clause_);
    }
  }

  const sat::Status status = solver_->solve({act, guard});
  if (status == sat::Status::unknown) throw std::runtime_error("the SAT solver gave no answer");
  std::optional<Triple> found;
  if (status == sat::Status::sat) found = decode(board);
  solver_->add_clause({~act});
  return found;
}

// A model selects at least two cards and is closed under completion: the first two
// selected cards and their third card, which must be selected, distinct and on the board.
Triple StreamSetFinder::decode(std::span<const Card> board) const {
  int first = -1, second = -1;
  for (std::size_t i = 0; i < board.size() && second < 0; ++i) {
    if (!solver_->model_value(selected_[i])) continue;
    (first < 0 ? first : second) = static_cast<int>(i);
  }
  if (second < 0) throw std::logic_error("SET stream encoding: a model selects fewer than two cards");
  const int k = position_[third_index(index(board[first]), index(board[second]))];
  if (k < 0 || k == first || k == second || !solver_->model_value(selected_[k])) {
    throw std::logic_error("SET stream encoding: a model is not closed under completing a set");
  }
  Triple t{first, second, k};
  std::sort(t.begin(), t.end());
  if (!is_set(board[t[0]], board[t[1]], board[t[2]])) {
    throw std::logic_error("SET stream encoding: a model selects three cards that are not a set");
  }
  return t;
}

sat::SolverStats StreamSetFinder::stats() const {
  sat::SolverStats s = retired_;
  if (solver_) add_stats(s, solver_->stats());
  return s;
}

}  // namespace puzzlesat::set

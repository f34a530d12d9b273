// solve(): CDCL over the model, the tournament-style search (search.h), or both taking
// turns.
//
// CDCL is the default because nothing measured better: the probing search (about 0.4 ms
// a node on 25x25 with the bit-parallel line solver, without learning) runs out of
// budget on many puzzles CDCL settles in a fraction of a second, and on webpbn #6574 CDCL
// takes milliseconds where the search runs through thousands of nodes; over the two TAAI
// sets the turns leave as many undecided as CDCL for the same CPU (docs/nonogram.md has
// the figures). The turns are kept because the two settle different hard puzzles: with
// budgets that double each round they cost at most about twice the faster method, and
// the two share what they find — a solution found by either is blocked in the SAT solver, so when CDCL then
// answers UNSAT the solutions found so far are all there are.
#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include <puzzlesat/probe.h>
#include <puzzlesat/solver.h>

#include "nonogram.h"
#include "problems/nonogram/search.h"

namespace puzzlesat::nonogram {
namespace {

using Clock = std::chrono::steady_clock;

// Cell i of a picture in reading order, as the model's fill variables are ordered.
template <typename P>
auto& cell(P& picture, int cols, std::size_t i) {
  return picture[i / static_cast<std::size_t>(cols)][i % static_cast<std::size_t>(cols)];
}

// The SAT side, kept between turns so that its learnt clauses carry over.
class Cdcl {
 public:
  Cdcl(const Puzzle& p, const std::string& solver) : puzzle_(p), rules_(rules(p, solver)), solver_(sat::make_solver(solver)) {
    solver_->add_cnf(rules_.model.cnf());
    for (sat::Lit l : rules_.fill.all()) cells_.push_back(l.var());
    // Decide on cells only: the automata's states follow from the cells by propagation
    // (the encoding is arc-consistent), so branching on them only adds search.
    solver_->set_decision_vars(cells_);
  }

  // Excludes a solution (found here or by the search) from later answers.
  void block(const Picture& picture) {
    std::vector<sat::Lit> clause;
    const auto fill = rules_.fill.all();
    for (std::size_t i = 0; i < fill.size(); ++i) {
      clause.push_back(cell(picture, puzzle_.cols, i) == '#' ? ~fill[i] : fill[i]);
    }
    solver_->add_clause(clause);
  }

  // One turn: at most `conflicts` conflicts (none: no limit), until the deadline. Returns sat with
  // the new picture in `out` (already blocked), unsat when no solution is left
  // unblocked, unknown when the conflicts ran out. Throws past the deadline.
  sat::Status turn(std::optional<std::int64_t> conflicts, std::optional<Clock::time_point> deadline, Picture& out) {
    const auto left = [&]() -> std::optional<double> {
      if (!deadline) return std::nullopt;
      const double s = std::chrono::duration<double>(*deadline - Clock::now()).count();
      if (s <= 0) throw std::runtime_error("the solver gave up");
      return s;
    };
    if (!probed_ && solver_->can_propagate()) {
      // First probe every cell both ways: facts that "try both ways" settles.
      probed_ = true;
      if (sat::probe(*solver_, cells_, {left().value_or(0)}).unsat) return sat::Status::unsat;
    }
    solver_->set_budget({conflicts, left()});
    const sat::Status status = solver_->solve();
    if (status == sat::Status::unknown) {
      left();  // throws when it was the deadline
      return status;
    }
    if (status == sat::Status::sat) {
      out.assign(static_cast<std::size_t>(puzzle_.rows), std::string(static_cast<std::size_t>(puzzle_.cols), '.'));
      const auto fill = rules_.fill.all();
      for (std::size_t i = 0; i < fill.size(); ++i)
        if (solver_->model_value(fill[i])) cell(out, puzzle_.cols, i) = '#';
      if (!satisfies(puzzle_, out)) throw std::logic_error("the SAT model breaks a clue");
      block(out);
    }
    return status;
  }

 private:
  const Puzzle& puzzle_;
  Rules rules_;
  std::unique_ptr<sat::Solver> solver_;
  std::vector<sat::Var> cells_;
  bool probed_ = false;
};

}  // namespace

Solutions solve(const Puzzle& p, const std::string& solver, std::size_t limit, double seconds, Method method) {
  std::optional<Clock::time_point> deadline;
  if (seconds > 0) deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  const auto left = [&] { return deadline ? std::max(1e-3, std::chrono::duration<double>(*deadline - Clock::now()).count()) : 0.0; };

  Solutions out;
  std::set<Picture> known;
  std::unique_ptr<Cdcl> cdcl;  // made at its first turn: most puzzles never need it
  const auto add = [&](const Picture& picture) {
    if (!known.insert(picture).second) return;
    out.pictures.push_back(picture);
    if (cdcl) cdcl->block(picture);
  };
  // First budgets, each about 50 ms on a 25x25 puzzle.
  std::uint64_t probes = 20'000;
  std::int64_t conflicts = 1'000;
  while (out.pictures.size() < limit) {
    if (method != Method::sat) {
      const SearchResult r = search(p, limit, {left(), method == Method::search ? 0 : probes});
      for (const Picture& picture : r.found.pictures) add(picture);
      if (!r.gave_up) {
        out.complete = r.found.complete;  // exhausted: its solutions are all there are
        break;
      }
      probes *= 2;
    }
    if (method != Method::search) {
      if (!cdcl) {
        cdcl = std::make_unique<Cdcl>(p, solver);
        for (const Picture& picture : out.pictures) cdcl->block(picture);
      }
      // Turns until its budget runs out on one call, or it has answered.
      sat::Status status = sat::Status::sat;
      Picture picture;
      while (out.pictures.size() < limit &&
             (status = cdcl->turn(method == Method::sat ? std::nullopt : std::optional(conflicts), deadline, picture)) == sat::Status::sat)
        add(picture);
      if (status == sat::Status::unsat) {
        out.complete = true;
        break;
      }
      conflicts *= 2;
    }
  }
  if (out.pictures.size() >= limit) {
    out.pictures.resize(limit);
    out.complete = false;
  }
  return out;
}

}  // namespace puzzlesat::nonogram

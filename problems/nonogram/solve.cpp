// solve(): CDCL over the model, the tournament-style search (search.h), or both taking
// turns.
//
// CDCL is the default because nothing measured better (docs/nonogram.md, Results): the
// probing search does not learn and runs out of budget on puzzles CDCL settles in a
// fraction of a second, and the turns leave as many TAAI puzzles undecided as CDCL alone.
// The turns are kept because the two settle different hard puzzles, and they share what
// they find: a solution found by either is blocked in the SAT solver, so when CDCL then
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

Clock::time_point after(double seconds) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}
double seconds_until(Clock::time_point t) { return std::chrono::duration<double>(t - Clock::now()).count(); }

// Cell i of a picture in reading order, as the model's fill variables are ordered.
template <typename P>
auto& cell(P& picture, int cols, std::size_t i) {
  return picture[i / static_cast<std::size_t>(cols)][i % static_cast<std::size_t>(cols)];
}

// The SAT side, kept between turns so that its learnt clauses carry over.
class Cdcl {
 public:
  Cdcl(const Puzzle& p, const std::string& solver, enc::RunsEncoding encoding = enc::RunsEncoding::automaton)
      : puzzle_(p), rules_(rules(p, solver, encoding)), solver_(sat::make_solver(solver)) {
    solver_->add_cnf(rules_.model.cnf());
    for (sat::Lit l : rules_.fill.all()) cells_.push_back(l.var());
    // Over the automata alone, decide on cells only: the states follow from the cells by
    // propagation (the encoding is arc-consistent), so branching on them only adds search.
    // The runs' starts are there to be decided on.
    if (encoding == enc::RunsEncoding::automaton) solver_->set_decision_vars(cells_);
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

  // One call: at most `conflicts` conflicts, until `turn_end` (none: no limit) and the
  // deadline. Returns sat with the new picture in `out` (already blocked), unsat when no
  // solution is left unblocked, unknown when the turn ran out. Throws past the deadline.
  sat::Status turn(std::optional<std::int64_t> conflicts, std::optional<Clock::time_point> turn_end,
                   std::optional<Clock::time_point> deadline, Picture& out) {
    const auto left = [&]() -> std::optional<double> {
      if (!deadline) return std::nullopt;
      const double s = seconds_until(*deadline);
      if (s <= 0) throw std::runtime_error("the solver gave up");
      return s;
    };
    if (!probed_ && solver_->can_propagate()) {
      // First probe every cell both ways: facts that "try both ways" settles.
      probed_ = true;
      if (sat::probe(*solver_, cells_, {left().value_or(0)}).unsat) return sat::Status::unsat;
    }
    std::optional<double> seconds = left();
    if (turn_end) {
      // At least a millisecond: a call cut at once would make no progress at all.
      const double turn = std::max(1e-3, seconds_until(*turn_end));
      seconds = seconds ? std::min(*seconds, turn) : turn;
    }
    solver_->set_budget({conflicts, seconds});
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

Solutions solve(const Puzzle& p, const std::string& solver, std::size_t limit, double seconds, Method method,
                const Turns& turns, const Handover& handover) {
  std::optional<Clock::time_point> deadline;
  if (seconds > 0) deadline = after(seconds);
  const auto left = [&] { return deadline ? std::max(1e-3, seconds_until(*deadline)) : 0.0; };

  Solutions out;
  std::set<Picture> known;
  std::unique_ptr<Cdcl> cdcl;  // made at its first turn: most puzzles never need it
  const auto add = [&](const Picture& picture) {
    if (!known.insert(picture).second) return;
    out.pictures.push_back(picture);
    if (cdcl) cdcl->block(picture);
  };
  // The turns (Method::both, schedule in Turns). The search goes first: it settles an easy
  // puzzle in about a millisecond, CDCL in about ten. The search keeps no state between
  // rounds, so its budget grows geometrically and its earlier rounds cost at most
  // 1/(growth-1) of the last; CDCL keeps its learnt clauses across turns.
  std::uint64_t probes = std::max<std::uint64_t>(1, turns.first_probes);
  std::int64_t conflicts = turns.first_conflicts;
  const std::uint64_t growth = std::max<std::uint64_t>(2, turns.growth);
  // MiniSat first, within the handover's conflicts a call; then `handover.then`.
  bool hand_over = method == Method::sat && solver == "minisat" && handover.conflicts > 0 && handover.then != solver;
  while (out.pictures.size() < limit) {
    double search_took = 0;
    if (method != Method::sat) {
      const auto t0 = Clock::now();
      const SearchResult r = search(p, limit, {left(), method == Method::search ? 0 : probes});
      search_took = std::chrono::duration<double>(Clock::now() - t0).count();
      for (const Picture& picture : r.found.pictures) add(picture);
      if (!r.gave_up) {
        out.complete = r.found.complete;  // exhausted: its solutions are all there are
        break;
      }
      probes *= growth;
    }
    if (method != Method::search) {
      if (!cdcl) {
        cdcl = std::make_unique<Cdcl>(p, solver);
        for (const Picture& picture : out.pictures) cdcl->block(picture);
      }
      std::optional<std::int64_t> turn_conflicts;
      std::optional<Clock::time_point> turn_end;
      if (hand_over)
        turn_conflicts = handover.conflicts;
      else if (method == Method::both && conflicts > 0)
        turn_conflicts = conflicts;
      else if (method == Method::both)
        turn_end = after(turns.cdcl_share * search_took);
      // Calls until the turn runs out or it has answered.
      sat::Status status = sat::Status::sat;
      Picture picture;
      while (out.pictures.size() < limit && (status = cdcl->turn(turn_conflicts, turn_end, deadline, picture)) == sat::Status::sat)
        add(picture);
      if (status == sat::Status::unsat) {
        out.complete = true;
        break;
      }
      if (hand_over && status == sat::Status::unknown) {
        hand_over = false;
        out.handed_over = true;
        cdcl = std::make_unique<Cdcl>(p, handover.then, handover.encoding);
        for (const Picture& picture : out.pictures) cdcl->block(picture);
      }
      conflicts *= static_cast<std::int64_t>(growth);
    }
  }
  if (out.pictures.size() >= limit) {
    out.pictures.resize(limit);
    out.complete = false;
  }
  return out;
}

}  // namespace puzzlesat::nonogram

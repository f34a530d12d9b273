#include <puzzlesat/backbone.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>

namespace puzzlesat::sat {

namespace {

enum class Verdict : unsigned char { open, forced, free };

// How long local search may look for a model flipping one candidate before a solver
// call decides it. A walk for a forced candidate always fails and costs its whole budget,
// so the budget follows what the calls after failed walks show: a call that finds the
// candidate free (the walk gave up too early) doubles it, up to kMaxWalkFlips (scaled to
// the formula, below); a call that proves it forced (the walk was wasted) halves it, down
// to kMinWalkFlips. On
// 1,000-variable random 3-SAT at ratios 3.5-4.0 every free candidate was flipped well
// within the maximum (no solver call at all); on planted formulas, where most candidates
// are forced, the budget soon falls to the minimum.
constexpr int kMaxWalkFlips = 200000;
constexpr int kMinWalkFlips = 1000;
// Local search for the first model before any solver call (when the formula is given).
// Failing costs the flips and then one ordinary call.
constexpr int kFirstModelFlips = 2000000;
// Both budgets are those of a 1,000-variable formula, where they were measured, and
// shrink with the formula: local search needs fewer flips on fewer variables, and a
// failing walk costs its whole budget. With the fixed budgets an unsatisfiable
// 14-variable formula spent 2,000,000 flips (tens of milliseconds) before the one solver
// call that answers it in microseconds.
int scaled_flips(int budget_at_1000_vars, const Cnf& formula) {
  const std::int64_t scaled = static_cast<std::int64_t>(budget_at_1000_vars) * formula.num_vars() / 1000;
  return static_cast<int>(std::clamp<std::int64_t>(scaled, kMinWalkFlips, budget_at_1000_vars));
}
// The first solver call after a failed walk stops after this many conflicts; see
// decide_interleaved.
constexpr std::int64_t kFirstCallConflicts = 2000;

// A model of `formula` and the number of true literals in each clause, so that flipping a
// variable whose true literal no clause needs (every clause holding it has another true
// literal) gives another model at the cost of the variable's occurrences.
class ModelWalker {
 public:
  explicit ModelWalker(const Cnf& formula) : formula_(formula) {
    const std::size_t codes = 2 * static_cast<std::size_t>(formula.num_vars()) + 2;
    start_.assign(codes + 1, 0);
    for (std::size_t c = 0; c < formula.num_clauses(); ++c)
      for (Lit l : formula.clause(c)) ++start_[l.code() + 1];
    for (std::size_t i = 1; i < start_.size(); ++i) start_[i] += start_[i - 1];
    occurrences_.resize(start_.back());
    std::vector<std::uint32_t> next(start_.begin(), start_.end() - 1);
    for (std::size_t c = 0; c < formula.num_clauses(); ++c)
      for (Lit l : formula.clause(c)) occurrences_[next[l.code()]++] = static_cast<std::uint32_t>(c);
    true_count_.resize(formula.num_clauses());
    where_.resize(formula.num_clauses());
    value_.resize(static_cast<std::size_t>(formula.num_vars()) + 1);
    pinned_.assign(value_.size(), false);
  }

  // Variables that keep their value (the assumptions').
  void pin(Var v) {
    if (in_formula(v)) pinned_[static_cast<std::size_t>(v.id())] = true;
  }

  bool value(Lit l) const { return value_[static_cast<std::size_t>(l.var().id())] != l.negated(); }

  // Makes l false if l is true now and every clause holding it has another true literal.
  bool try_flip(Lit l) {
    if (!in_formula(l.var()) || pinned_[static_cast<std::size_t>(l.var().id())] || !value(l)) return false;
    for (std::uint32_t i = start_[l.code()]; i < start_[l.code() + 1]; ++i)
      if (true_count_[occurrences_[i]] < 2) return false;
    for (std::uint32_t i = start_[l.code()]; i < start_[l.code() + 1]; ++i) --true_count_[occurrences_[i]];
    Lit n = ~l;
    for (std::uint32_t i = start_[n.code()]; i < start_[n.code() + 1]; ++i) ++true_count_[occurrences_[i]];
    value_[static_cast<std::size_t>(l.var().id())] = l.negated();
    return true;
  }

  // Makes the true literal t false, keeping the list of violated clauses.
  void flip(Lit t) {
    for (std::uint32_t i = start_[t.code()]; i < start_[t.code() + 1]; ++i)
      if (--true_count_[occurrences_[i]] == 0) mark_broken(occurrences_[i]);
    Lit n = ~t;
    for (std::uint32_t i = start_[n.code()]; i < start_[n.code() + 1]; ++i)
      if (true_count_[occurrences_[i]]++ == 0) mark_mended(occurrences_[i]);
    value_[static_cast<std::size_t>(t.var().id())] = t.negated();
  }

  // Local search from the current model to a model with l false, l's variable held. Gives up after max_flips and then restores the model it started from.
  bool walk_to_false(Lit l, int max_flips, std::mt19937& rng) {
    if (!in_formula(l.var()) || pinned_[static_cast<std::size_t>(l.var().id())]) return false;
    if (!value(l)) return true;
    saved_value_ = value_;
    saved_count_ = true_count_;
    pinned_[static_cast<std::size_t>(l.var().id())] = true;
    flip(l);
    const bool found = repair(max_flips, rng);
    pinned_[static_cast<std::size_t>(l.var().id())] = false;
    if (found) return true;
    value_ = saved_value_;
    true_count_ = saved_count_;
    clear_broken();
    return false;
  }

  // Local search for a first model from random values, the assumptions held: on random
  // 3-SAT near the threshold it finds one in a fraction of the time CDCL needs (MiniSat
  // did not solve 1,000-variable formulas at ratio 3.75 in 30 s). false after max_flips.
  bool find_model(std::span<const Lit> assumptions, int max_flips, std::mt19937& rng) {
    for (std::size_t v = 1; v < value_.size(); ++v) value_[v] = rng() % 2 == 0;
    for (Lit a : assumptions)
      if (in_formula(a.var())) value_[static_cast<std::size_t>(a.var().id())] = !a.negated();
    for (Lit a : assumptions)
      if (!in_formula(a.var()) || !value(a)) return false;  // contradictory, or out of sight
    count_true();
    return repair(max_flips, rng);
  }

  // Copies the solver's model.
  void load(const Solver& s) {
    for (int v = 1; v <= formula_.num_vars(); ++v) value_[static_cast<std::size_t>(v)] = s.model_value(Var(v));
    count_true();
  }

  // Variables outside the formula are left alone: the solver may hold clauses on them
  // (e.g. activation literals) that the walker cannot see.
  bool in_formula(Var v) const { return v.id() <= formula_.num_vars(); }

 private:
  // probSAT (Balint and Schoening, 2012): picks a violated clause at random and flips one
  // of its unpinned variables with probability proportional to (eps + breaks)^-cb, the
  // polynomial break-only rule with their constants for 3-SAT (eps 0.9, cb 2.06). From a
  // random assignment it reaches models of 1,000-variable random 3-SAT at ratio 4.0 where
  // WalkSAT with the walks' fixed noise did not within millions of flips.
  bool repair(int max_flips, std::mt19937& rng) {
    static const std::vector<double> weight_of_breaks = [] {
      std::vector<double> w(64);
      for (std::size_t b = 0; b < w.size(); ++b) w[b] = std::pow(0.9 + static_cast<double>(b), -2.06);
      return w;
    }();
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<double> weights;
    for (int flips = 0; !broken_.empty() && flips < max_flips; ++flips) {
      std::span<const Lit> clause = formula_.clause(broken_[rng() % broken_.size()]);
      weights.clear();
      double total = 0;
      for (Lit x : clause) {
        double w = 0;
        if (!pinned_[static_cast<std::size_t>(x.var().id())]) {
          std::size_t breaks = 0;
          for (std::uint32_t i = start_[(~x).code()]; i < start_[(~x).code() + 1]; ++i)
            breaks += true_count_[occurrences_[i]] == 1;
          w = weight_of_breaks[std::min(breaks, weight_of_breaks.size() - 1)];
        }
        weights.push_back(w);
        total += w;
      }
      if (total == 0) return false;  // every variable of a violated clause is held
      double pick = unit(rng) * total;
      std::size_t chosen = 0;
      while (chosen + 1 < clause.size() && (pick -= weights[chosen]) >= 0) ++chosen;
      while (weights[chosen] == 0) --chosen;  // rounding at the end never picks a held one
      flip(~clause[chosen]);
    }
    return broken_.empty();
  }

  void count_true() {
    clear_broken();
    for (std::size_t c = 0; c < formula_.num_clauses(); ++c) {
      int count = 0;
      for (Lit l : formula_.clause(c)) count += value(l);
      true_count_[c] = count;
      if (count == 0) mark_broken(static_cast<std::uint32_t>(c));
    }
  }

  void mark_broken(std::uint32_t c) {
    where_[c] = static_cast<std::uint32_t>(broken_.size());
    broken_.push_back(c);
  }
  void mark_mended(std::uint32_t c) {
    const std::uint32_t last = broken_.back();
    broken_[where_[c]] = last;
    where_[last] = where_[c];
    broken_.pop_back();
  }
  void clear_broken() { broken_.clear(); }

  const Cnf& formula_;
  std::vector<std::uint32_t> start_;        // occurrences of literal code x: [start_[x], start_[x + 1])
  std::vector<std::uint32_t> occurrences_;  // clause indices
  std::vector<int> true_count_;
  std::vector<bool> value_;
  std::vector<bool> pinned_;
  std::vector<std::uint32_t> broken_;  // violated clauses during a walk
  std::vector<std::uint32_t> where_;   // a violated clause's index in broken_
  std::vector<bool> saved_value_;
  std::vector<int> saved_count_;
};

}  // namespace

// Whether l can be false (assume ends with ~l), when a walk of `flips` has just failed:
// some free candidates leave formulas that local search solves with more flips but CDCL
// not in minutes (a 500-variable random 3-SAT at ratio 4.0 with one variable held: MiniSat
// gave no answer in 60 s, CaDiCaL took 34 s, a longer walk found a model). So solver calls
// with a conflict limit alternate with walks, each round doubling both, within the
// caller's budget for one call. Sat with walker->value(l) false: a walk found the model
// (the solver's model is not loaded); Sat otherwise: the solver's model.
Status decide_interleaved(Solver& s, ModelWalker& walker, std::span<const Lit> assume, Lit l, int flips,
                          std::mt19937& rng, int& calls) {
  const Budget caller = s.budget();
  const auto start = std::chrono::steady_clock::now();
  const std::int64_t conflicts_at_start = s.stats().conflicts;
  std::int64_t limit = kFirstCallConflicts;
  for (;;) {
    Budget round = caller;
    if (caller.seconds) {
      round.seconds = *caller.seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (*round.seconds <= 0) return Status::unknown;
    }
    const std::int64_t spent = s.stats().conflicts - conflicts_at_start;
    if (caller.conflicts && spent >= *caller.conflicts) return Status::unknown;
    round.conflicts = caller.conflicts ? std::min(limit, *caller.conflicts - spent) : limit;
    try {
      s.set_budget(round);
    } catch (const std::invalid_argument&) {  // a backend that cannot count conflicts: one plain call
      ++calls;
      return s.solve(assume);
    }
    const auto before = static_cast<std::int64_t>(s.stats().conflicts);
    ++calls;
    const Status status = s.solve(assume);
    s.set_budget(caller);
    // Unknown with conflicts to spare: the caller's time ran out or an interrupt came.
    if (status != Status::unknown || static_cast<std::int64_t>(s.stats().conflicts) - before < *round.conflicts) return status;
    flips = flips > std::numeric_limits<int>::max() / 2 ? flips : 2 * flips;
    limit *= 2;
    if (walker.walk_to_false(l, flips, rng)) return Status::sat;
  }
}

BackboneResult compute_implied(Solver& s, std::span<const Lit> candidates, std::span<const Lit> assumptions,
                               const Cnf* formula, const std::function<void()>& on_model) {
  BackboneResult result;
  int max_var = 0;
  for (Lit c : candidates) max_var = std::max(max_var, c.var().id());
  // An unconstrained candidate must still be a solver variable, so models give it a value.
  if (max_var > s.num_vars()) s.reserve_vars(max_var);

  std::optional<ModelWalker> walker;
  if (formula) {
    walker.emplace(*formula);
    for (Lit a : assumptions) walker->pin(a.var());
  }
  std::mt19937 rng(1);

  // The first model: by local search when the walker sees every candidate (a model of
  // the formula is then a model of the solver's clauses), else, or when that fails, by
  // the solver.
  std::vector<Lit> assume(assumptions.begin(), assumptions.end());
  const bool walked_first =
      walker && max_var <= formula->num_vars() && walker->find_model(assume, scaled_flips(kFirstModelFlips, *formula), rng);
  Status status = Status::sat;
  if (!walked_first) {
    status = s.solve(assume);
    ++result.solver_calls;
    if (status != Status::sat) {
      result.status = status;
      return result;
    }
    if (on_model) on_model();
  }
  auto first_value = [&](Lit l) { return walked_first ? walker->value(l) : s.model_value(l); };

  // Distinct candidate literals in candidate order; the first model already clears
  // every one it makes false.
  std::vector<Lit> open;
  std::vector<Verdict> by_code(2 * static_cast<std::size_t>(max_var) + 2, Verdict::open);
  std::vector<bool> seen(by_code.size(), false);
  auto verdict = [&](Lit l) -> Verdict& { return by_code[l.code()]; };
  for (Lit c : candidates) {
    if (seen[c.code()]) continue;
    seen[c.code()] = true;
    if (first_value(c))
      open.push_back(c);
    else
      verdict(c) = Verdict::free;
  }

  // Clears open[from..] false in the solver's model or in a model walked from it.
  auto clear_by_walk = [&](std::size_t from) {
    for (std::size_t j = from; j < open.size(); ++j) {
      Lit l = open[j];
      if (verdict(l) != Verdict::open) continue;
      bool in_model = walker && walker->in_formula(l.var()) ? walker->value(l) : s.model_value(l);
      if (!in_model || (walker && walker->try_flip(l))) verdict(l) = Verdict::free;
    }
  };
  auto clear_by_model = [&](std::size_t from) {
    if (walker) walker->load(s);
    clear_by_walk(from);
  };
  if (walked_first)
    clear_by_walk(0);
  else
    clear_by_model(0);

  // Steer every model towards contradicting the open guesses, so one Sat answer clears
  // many candidates instead of the one it was asked about. The hints fix the polarity of
  // every open candidate, which on hard formulas (random 3-SAT near the threshold) turns
  // each call into a search far from any model; there phase saving alone does better.
  const bool hints = !formula;
  if (hints)
    for (Lit l : open) s.set_phase(~l);

  // Facts the solver has fixed at the root (units it learnt on the way) hold in every
  // model: they settle open candidates without a call of their own.
  auto settle_fixed = [&](std::size_t from) {
    for (std::size_t j = from; j < open.size(); ++j)
      if (verdict(open[j]) == Verdict::open && s.fixed(open[j]) > 0) verdict(open[j]) = Verdict::forced;
  };
  settle_fixed(0);

  const bool unconditional = assumptions.empty();
  const int max_walk_flips = formula ? scaled_flips(kMaxWalkFlips, *formula) : kMaxWalkFlips;
  int walk_flips = max_walk_flips;
  for (std::size_t i = 0; i < open.size(); ++i) {
    Lit l = open[i];
    if (verdict(l) != Verdict::open) continue;
    // A model with l false found by local search from the last model settles l without a call.
    bool walked = false;
    if (walker) {
      if (walker->walk_to_false(l, walk_flips, rng)) {
        verdict(l) = Verdict::free;
        clear_by_walk(i + 1);
        continue;
      }
      walked = true;
    }
    assume.push_back(~l);
    status = walker ? decide_interleaved(s, *walker, assume, l, walk_flips, rng, result.solver_calls)
                    : s.solve(assume);
    if (!walker) ++result.solver_calls;
    assume.pop_back();
    if (status == Status::unknown) break;
    if (walked)
      walk_flips = status == Status::sat ? std::min(max_walk_flips, 2 * walk_flips) : std::max(kMinWalkFlips, walk_flips / 2);
    if (status == Status::sat && walker && !walker->value(l)) {
      // The walk found the model: l is free, and that model clears what it contradicts.
      verdict(l) = Verdict::free;
      clear_by_walk(i + 1);
      settle_fixed(i + 1);
      continue;
    }
    if (status == Status::unsat) {
      verdict(l) = Verdict::forced;
      // Implied by the formula (and assumptions), so stating it cannot change the models
      // but spares later calls from re-deriving it.
      if (unconditional)
        s.add_clause({l});
      else
        assume.push_back(l);
      settle_fixed(i + 1);
      continue;
    }
    // A model with ~l: it clears l and every later open candidate it contradicts (all
    // earlier ones are already decided).
    if (on_model) on_model();
    verdict(l) = Verdict::free;
    clear_by_model(i + 1);
    settle_fixed(i + 1);
  }
  if (hints)
    for (Lit l : open) s.clear_phase(l.var());
  result.status = status == Status::unknown ? Status::unknown : Status::sat;
  for (Lit c : candidates) {
    if (verdict(c) == Verdict::forced) result.forced.push_back(c);
    if (verdict(c) == Verdict::free) result.free.push_back(c);
  }
  return result;
}

BackboneResult compute_backbone(Solver& s, std::span<const Lit> candidates, std::span<const Lit> assumptions,
                                const Cnf* formula) {
  // A variable is in the backbone iff one of its two literals is implied; the first model
  // clears one of them, so this costs what deciding the variable directly would.
  std::vector<Lit> both;
  for (Lit c : candidates) {
    both.push_back(Lit(c.var()));
    both.push_back(~Lit(c.var()));
  }
  BackboneResult implied = compute_implied(s, both, assumptions, formula);
  BackboneResult result;
  result.status = implied.status;
  result.solver_calls = implied.solver_calls;
  std::size_t size = 0;
  for (Lit c : candidates) size = std::max<std::size_t>(size, c.code() + 2);
  std::vector<Verdict> by_code(size, Verdict::open);
  for (Lit l : implied.forced) by_code[l.code()] = Verdict::forced;
  for (Lit l : implied.free) by_code[l.code()] = Verdict::free;
  for (Lit c : candidates) {
    Lit pos(c.var());
    if (by_code[pos.code()] == Verdict::forced)
      result.forced.push_back(pos);
    else if (by_code[(~pos).code()] == Verdict::forced)
      result.forced.push_back(~pos);
    else if (by_code[pos.code()] == Verdict::free && by_code[(~pos).code()] == Verdict::free)
      result.free.push_back(c);
  }
  return result;
}

}  // namespace puzzlesat::sat

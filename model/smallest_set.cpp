#include <puzzlesat/smallest_set.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <puzzlesat/cardinality.h>
#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>

namespace puzzlesat {

namespace {

// The smallest sets that take an item from each set added so far. One MiniSat instance
// keeps every set as a clause; "at most k items" is a totalizer switched on by a guard
// literal per k, so raising the bound adds clauses and never restarts the solver.
class HittingSets {
 public:
  explicit HittingSets(int n) : solver_(sat::make_solver("minisat")) {
    for (int i = 0; i < n; ++i) item_.push_back(cnf_.new_lit());
  }

  void add(std::span<const int> must_hit) {
    std::vector<sat::Lit> clause;
    for (int i : must_hit) clause.push_back(item_[static_cast<std::size_t>(i)]);
    cnf_.add_clause(clause);
  }

  // A hitting set of the fewest items, at least `least` of them (a bound already proven)
  // and at most `most`; nullopt when every hitting set has more than `most`.
  std::optional<std::vector<int>> minimum(int least, int most) {
    for (int k = std::max(least, 0); k <= most; ++k) {
      const sat::Lit on = at_most(k);
      load();
      const sat::Status st = solver_->solve({&on, 1});
      if (st == sat::Status::unknown) throw std::runtime_error("the hitting-set solver gave up");
      if (st == sat::Status::unsat) continue;
      std::vector<int> set;
      for (std::size_t i = 0; i < item_.size(); ++i)
        if (solver_->model_value(item_[i].var())) set.push_back(static_cast<int>(i));
      return set;
    }
    return std::nullopt;
  }

 private:
  sat::Lit at_most(int k) {
    auto [it, fresh] = bound_.try_emplace(k);
    if (fresh) {
      it->second = cnf_.new_lit("at most " + std::to_string(k));
      sat::Cnf::GuardScope scope(cnf_, it->second);
      enc::at_most(cnf_, item_, k, enc::CardEncoding::totalizer);
    }
    return it->second;
  }
  void load() {
    solver_->reserve_vars(cnf_.num_vars());
    for (; loaded_ < cnf_.num_clauses(); ++loaded_) solver_->add_clause(cnf_.clause(loaded_));
  }

  sat::Cnf cnf_;
  std::vector<sat::Lit> item_;
  std::map<int, sat::Lit> bound_;
  std::unique_ptr<sat::Solver> solver_;
  std::size_t loaded_ = 0;
};

std::vector<int> normalised(std::vector<int> set, int n) {
  for (int i : set)
    if (i < 0 || i >= n) throw std::invalid_argument("smallest_set: item " + std::to_string(i) + " outside 0.." + std::to_string(n - 1));
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  return set;
}

}  // namespace

std::vector<int> minimal_set(std::vector<int> set, const SetTester& test) {
  for (std::size_t i = 0; i < set.size();) {
    std::vector<int> without = set;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    SetTest r = test(without);
    if (r.holds) set = std::move(r.set);
    else ++i;
  }
  return set;
}

SmallestSet smallest_set(int n, std::vector<int> start, const SetTester& test, const SmallestSetOptions& options,
                         std::span<const std::vector<int>> not_holding) {
  SmallestSet out;
  out.set = normalised(std::move(start), n);
  auto run = [&](std::span<const int> set) {
    ++out.tests;
    SetTest r = test(set);
    r.set = normalised(std::move(r.set), n);
    return r;
  };
  // A smaller set found on the way is a solver's core, not necessarily subset-minimal;
  // when the budget ends the search, deletion makes it so (a few tests past the budget).
  bool minimal = true;
  auto give_up = [&] {
    if (!minimal) out.set = minimal_set(std::move(out.set), run);
    return out;
  };
  HittingSets hitting(n);
  std::vector<char> in(static_cast<std::size_t>(n));
  // A set that does not hold: a set that holds takes an item outside it.
  auto rule_out = [&](const std::vector<char>& not_holding_set) {
    std::vector<int> complement;
    for (int i = 0; i < n; ++i)
      if (!not_holding_set[static_cast<std::size_t>(i)]) complement.push_back(i);
    if (complement.empty()) throw std::logic_error("smallest_set: the whole set does not hold, yet start did");
    hitting.add(complement);
  };
  for (const std::vector<int>& known : not_holding) {
    std::fill(in.begin(), in.end(), 0);
    for (int i : normalised(known, n)) in[static_cast<std::size_t>(i)] = 1;
    if (std::all_of(in.begin(), in.end(), [](char x) { return x != 0; }))
      throw std::invalid_argument("smallest_set: the whole set cannot both hold and not hold");
    rule_out(in);
  }
  for (;;) {
    if (out.lower_bound >= static_cast<int>(out.set.size())) {
      out.smallest = true;
      return out;
    }
    if (out.tests >= options.max_tests) return give_up();
    const std::optional<std::vector<int>> candidate =
        hitting.minimum(out.lower_bound, static_cast<int>(out.set.size()) - 1);
    if (!candidate) {
      out.lower_bound = static_cast<int>(out.set.size());
      continue;
    }
    // Every set that holds hits every complement added, so none is smaller than candidate.
    out.lower_bound = static_cast<int>(candidate->size());
    SetTest r = run(*candidate);
    if (r.holds) {
      out.set = *candidate;
      out.smallest = true;
      return out;
    }
    // Grow the set that does not hold item by item into one that cannot take another
    // item without holding: its complement is then a minimal "must take one of these"
    // (cut short by the budget, a larger one, still true).
    std::fill(in.begin(), in.end(), 0);
    for (int i : r.set) in[static_cast<std::size_t>(i)] = 1;
    for (int c = 0; c < n && out.tests < options.max_tests; ++c) {
      if (in[static_cast<std::size_t>(c)]) continue;
      std::vector<int> more;
      for (int i = 0; i < n; ++i)
        if (in[static_cast<std::size_t>(i)] || i == c) more.push_back(i);
      SetTest g = run(more);
      if (!g.holds) {
        for (int i : g.set) in[static_cast<std::size_t>(i)] = 1;
      } else if (g.set.size() < out.set.size()) {
        out.set = std::move(g.set);  // a smaller set that holds, found on the way
        minimal = false;
      }
    }
    rule_out(in);
  }
}

}  // namespace puzzlesat

// Model::explanations: the fewest clues that force each fact (<puzzlesat/smallest_set.h>),
// with one solver and the counterexamples found shared by all the facts asked.

#include <puzzlesat/model.h>
#include <puzzlesat/smallest_set.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace puzzlesat {

namespace {

// A solution of the rules and some clues, kept: the clues it obeys, and the facts it lacks.
// For a fact it lacks, no set of clues it obeys forces that fact.
struct Witness {
  std::vector<int> obeyed;
  std::vector<char> obeys;  // per clue
  std::vector<char> lacks;  // per fact
};

class Explainer {
 public:
  struct ClueClauses {
    std::size_t begin = 0, end = 0;
  };

  Explainer(const sat::Cnf& cnf, std::vector<ClueClauses> clues, const std::string& solver,
            std::span<const sat::Lit> facts)
      : cnf_(cnf), clues_(std::move(clues)), facts_(facts.begin(), facts.end()), s_(sat::make_solver(solver)) {
    s_->reserve_vars(cnf_.num_vars());
    // Clue i's clauses carry ~selector[i]: assuming selector[i] switches the clue on.
    std::vector<sat::Lit> buffer;
    std::size_t next = 0;  // the next clause to load
    for (const ClueClauses& clue : clues_) {
      for (; next < clue.begin; ++next) s_->add_clause(cnf_.clause(next));
      const sat::Lit on(s_->new_var());
      selector_.push_back(on);
      // A solution that obeys clues it was not asked to is a better counterexample: it
      // rules out more clue sets at once.
      s_->set_phase(on);
      for (; next < clue.end; ++next) {
        const auto c = cnf_.clause(next);
        buffer.assign(c.begin(), c.end());
        buffer.push_back(~on);
        s_->add_clause(buffer);
      }
    }
    for (; next < cnf_.num_clauses(); ++next) s_->add_clause(cnf_.clause(next));
  }

  // The clues that force fact f, as indices, or nullopt when it is not forced.
  struct Found {
    std::vector<int> clues;
    bool smallest = false;
    int tests = 0;
  };
  std::optional<Found> explain(std::size_t f, const ExplainOptions& options) {
    Found out;
    const int before = calls_;
    std::vector<int> all(clues_.size());
    std::iota(all.begin(), all.end(), 0);
    SetTest first = test(all, f);
    if (!first.holds) return std::nullopt;
    const SetTester forces = [&](std::span<const int> set) { return test(set, f); };
    std::vector<int> core = minimal_set(std::move(first.set), forces);
    out.smallest = core.size() <= 1;
    if (options.smallest && !out.smallest) {
      std::vector<std::vector<int>> known;
      for (const Witness& w : witnesses_)
        if (w.lacks[f]) known.push_back(w.obeyed);
      SmallestSet best = smallest_set(static_cast<int>(clues_.size()), core, forces,
                                      SmallestSetOptions{.max_tests = options.max_tests}, known);
      core = std::move(best.set);
      out.smallest = best.smallest;
    }
    // The core forces the fact, so "some core clue is off, or the fact" follows from the
    // rules; stated, it lets later searches propagate the fact instead of searching again.
    std::vector<sat::Lit> lemma{facts_[f]};
    for (int i : core) lemma.push_back(~selector_[static_cast<std::size_t>(i)]);
    s_->add_clause(lemma);
    out.tests = calls_ - before;
    std::sort(core.begin(), core.end());
    out.clues = std::move(core);
    return out;
  }

 private:
  // Whether the clues `set` force fact f: rules + set + ~fact is UNSAT. Holds: the clues the
  // solver used (its failed assumptions). Does not: every clue the solution obeys.
  SetTest test(std::span<const int> set, std::size_t f) {
    for (const Witness& w : witnesses_)
      if (w.lacks[f] && std::all_of(set.begin(), set.end(), [&](int i) { return w.obeys[static_cast<std::size_t>(i)]; }))
        return {false, w.obeyed};
    ++calls_;
    std::vector<sat::Lit> assumptions;
    for (int i : set) assumptions.push_back(selector_[static_cast<std::size_t>(i)]);
    assumptions.push_back(~facts_[f]);
    const sat::Status st = s_->solve(assumptions);
    if (st == sat::Status::unknown) throw std::runtime_error("the solver gave up while explaining a fact");
    SetTest r;
    r.holds = st == sat::Status::unsat;
    if (r.holds) {
      const std::vector<sat::Lit> failed = s_->failed_assumptions();
      for (int i : set)
        if (std::find(failed.begin(), failed.end(), selector_[static_cast<std::size_t>(i)]) != failed.end())
          r.set.push_back(i);
      return r;
    }
    witnesses_.push_back(witness());
    r.set = witnesses_.back().obeyed;
    return r;
  }

  Witness witness() {
    model_.assign(static_cast<std::size_t>(cnf_.num_vars()), 0);
    s_->read_model(model_);  // model_[v - 1]: the value of variable v
    auto holds = [&](sat::Lit l) { return (model_[static_cast<std::size_t>(l.var().id()) - 1] != 0) != l.negated(); };
    Witness w;
    for (std::size_t k = 0; k < clues_.size(); ++k) {
      bool obeyed = true;
      for (std::size_t c = clues_[k].begin; obeyed && c < clues_[k].end; ++c) {
        const auto clause = cnf_.clause(c);
        obeyed = std::any_of(clause.begin(), clause.end(), holds);
      }
      w.obeys.push_back(obeyed);
      if (obeyed) w.obeyed.push_back(static_cast<int>(k));
    }
    for (sat::Lit fact : facts_) w.lacks.push_back(!holds(fact));
    return w;
  }

  const sat::Cnf& cnf_;
  std::vector<ClueClauses> clues_;
  std::vector<sat::Lit> facts_;
  std::unique_ptr<sat::Solver> s_;
  std::vector<sat::Lit> selector_;
  std::vector<Witness> witnesses_;
  std::vector<char> model_;
  int calls_ = 0;
};

}  // namespace

std::vector<std::optional<Explanation>> Model::explanations(std::span<const sat::Lit> facts,
                                                            const ExplainOptions& options) const {
  std::vector<Explainer::ClueClauses> clauses;
  for (const Clue& c : clues_) clauses.push_back({c.begin, c.end});
  Explainer explainer(cnf_, std::move(clauses), solver_, facts);
  std::vector<std::optional<Explanation>> out;
  for (std::size_t f = 0; f < facts.size(); ++f) {
    const std::optional<Explainer::Found> found = explainer.explain(f, options);
    if (!found) {
      out.emplace_back();
      continue;
    }
    Explanation e;
    for (int i : found->clues) e.clues.push_back(clues_[static_cast<std::size_t>(i)].name);
    e.smallest = found->smallest;
    e.tests = found->tests;
    out.push_back(std::move(e));
  }
  return out;
}

std::optional<Explanation> Model::explanation(sat::Lit fact, const ExplainOptions& options) const {
  return std::move(explanations({&fact, 1}, options)[0]);
}

std::optional<std::vector<std::string>> Model::explain(sat::Lit fact) const {
  std::optional<Explanation> e = explanation(fact);
  if (!e) return std::nullopt;
  return std::move(e->clues);
}

}  // namespace puzzlesat

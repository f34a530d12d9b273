#include "encodings/gadget_testing.h"

#include <algorithm>
#include <memory>

#include <puzzlesat/solver.h>

namespace puzzlesat::enc::testing {

std::vector<Mask> projected_models(const sat::Cnf& cnf, std::span<const sat::Lit> inputs) {
  auto solver = sat::make_solver("minisat");
  solver->add_cnf(cnf);
  std::vector<Mask> models;
  std::vector<sat::Lit> block;
  while (solver->solve() == sat::Status::sat) {
    Mask m = 0;
    block.clear();
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      bool v = solver->model_value(inputs[i]);
      if (v) m |= Mask{1} << i;
      block.push_back(v ? ~inputs[i] : inputs[i]);
    }
    models.push_back(m);
    if (block.empty()) break;  // no inputs: one (empty) projected model
    solver->add_clause(block);
  }
  std::sort(models.begin(), models.end());
  return models;
}

std::vector<Mask> brute_force(int n, const std::function<bool(Mask)>& pred) {
  std::vector<Mask> models;
  for (Mask m = 0; m < (Mask{1} << n); ++m)
    if (pred(m)) models.push_back(m);
  return models;
}

namespace {

// Watch-free unit propagation: when a literal becomes false, revisit the clauses it is in.
class Propagator {
 public:
  explicit Propagator(const sat::Cnf& cnf) : value_(2 * (cnf.num_vars() + 1), 0), occurs_(value_.size()) {
    for (std::span<const sat::Lit> c : cnf.clauses()) {
      clauses_.emplace_back(c.begin(), c.end());
      for (sat::Lit l : c) occurs_[l.code()].push_back(clauses_.size() - 1);
    }
  }
  // Propagates the clauses alone; false on conflict.
  bool start() {
    for (std::size_t i = 0; i < clauses_.size(); ++i)
      if (!check(i)) return false;
    return run();
  }
  // Assigns l and propagates; false on conflict (the state is then only good for undo).
  bool assume(sat::Lit l) {
    if (is_false(l)) return false;
    if (!is_true(l)) set(l);
    return run();
  }
  std::size_t mark() const { return trail_.size(); }
  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      sat::Lit l = trail_.back();
      trail_.pop_back();
      value_[l.code()] = value_[(~l).code()] = 0;
    }
    head_ = std::min(head_, mark);
  }
  bool is_true(sat::Lit l) const { return value_[l.code()] == 1; }
  bool is_false(sat::Lit l) const { return value_[(~l).code()] == 1; }

 private:
  void set(sat::Lit l) {
    value_[l.code()] = 1;
    value_[(~l).code()] = 0;
    trail_.push_back(l);
  }
  // Assigns the last open literal of clause i; false when none is left.
  bool check(std::size_t i) {
    sat::Lit open;
    int n_open = 0;
    for (sat::Lit l : clauses_[i]) {
      if (is_true(l)) return true;
      if (!is_false(l)) open = l, ++n_open;
    }
    if (n_open == 0) return false;
    if (n_open == 1) set(open);
    return true;
  }
  bool run() {
    while (head_ < trail_.size()) {
      sat::Lit l = trail_[head_++];
      for (std::size_t i : occurs_[(~l).code()])
        if (!check(i)) return false;
    }
    return true;
  }

  std::vector<char> value_;  // per literal code: 1 when true
  std::vector<std::vector<std::size_t>> occurs_;
  std::vector<std::vector<sat::Lit>> clauses_;
  std::vector<sat::Lit> trail_;
  std::size_t head_ = 0;
};

std::string describe(std::span<const int> choice) {
  std::string s;
  for (int c : choice) s += c == 0 ? '.' : c == 1 ? '1' : '0';
  return s;
}

struct GacCheck {
  Propagator& up;
  std::span<const sat::Lit> inputs;
  const std::vector<Mask>& models;
  std::vector<int> choice;  // per input: 0 free, 1 true, 2 false
  std::string failure;

  // Visits every completion of choice[0..i) with `ok` = no conflict so far.
  void visit(std::size_t i, bool ok) {
    if (!failure.empty()) return;
    if (i == inputs.size()) return judge(ok);
    for (int c : {0, 1, 2}) {
      choice[i] = c;
      std::size_t mark = up.mark();
      bool next = ok && (c == 0 || up.assume(c == 1 ? inputs[i] : ~inputs[i]));
      visit(i + 1, next);
      up.undo(mark);
    }
    choice[i] = 0;
  }

  void judge(bool ok) {
    Mask fixed = 0, value = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      if (choice[i] != 0) fixed |= Mask{1} << i;
      if (choice[i] == 1) value |= Mask{1} << i;
    }
    Mask all_true = ~Mask{0}, any_true = 0;
    bool feasible = false;
    for (Mask m : models)
      if ((m & fixed) == value) feasible = true, all_true &= m, any_true |= m;
    if (feasible != ok) {
      failure = describe(choice) + (ok ? ": no conflict although infeasible" : ": conflict although feasible");
      return;
    }
    if (!ok) return;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const bool forced_true = (all_true >> i) & 1, forced_false = !((any_true >> i) & 1);
      if (up.is_true(inputs[i]) != forced_true || up.is_false(inputs[i]) != forced_false) {
        failure = describe(choice) + ": input " + std::to_string(i) + " propagated wrongly";
        return;
      }
    }
  }
};

}  // namespace

std::string gac_failure(const sat::Cnf& cnf, std::span<const sat::Lit> inputs, const std::vector<Mask>& models) {
  Propagator up(cnf);
  GacCheck check{up, inputs, models, std::vector<int>(inputs.size(), 0), {}};
  check.visit(0, up.start());
  return check.failure;
}

std::optional<std::vector<int>> propagate(const sat::Cnf& cnf, std::span<const sat::Lit> assumptions,
                                          std::span<const sat::Lit> watch) {
  Propagator up(cnf);
  if (!up.start()) return std::nullopt;
  for (sat::Lit a : assumptions)
    if (!up.assume(a)) return std::nullopt;
  std::vector<int> values;
  for (sat::Lit l : watch) values.push_back(up.is_true(l) ? 1 : up.is_false(l) ? -1 : 0);
  return values;
}

}  // namespace puzzlesat::enc::testing

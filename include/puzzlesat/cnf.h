// Cnf: the formula builder every encoding and puzzle writes into. It hands out fresh
// variables (optionally named, e.g. "card[3]" or "cell(4,7)", so DIMACS exports stay
// readable), stores clauses compactly and keeps free-form comments. It knows nothing
// about solvers: a Solver loads a finished (or growing) Cnf.
//
//   sat::Cnf cnf;
//   sat::Lit a = cnf.new_lit("a"), b = cnf.new_lit("b");
//   cnf.add_clause({a, b});
//   { sat::Cnf::GuardScope g(cnf, selector); cnf.add_clause({~a}); }  // switched by `selector`
#pragma once

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <puzzlesat/lit.h>

namespace puzzlesat::sat {

class Cnf {
 public:
  Var new_var(std::string_view name = {});
  Lit new_lit(std::string_view name = {}) { return Lit(new_var(name)); }
  // Makes sure variables 1..n exist (unnamed), e.g. when reading DIMACS.
  void reserve_vars(int n);
  int num_vars() const { return num_vars_; }

  void set_name(Var v, std::string_view name);
  // The name given to v, or "" when it has none.
  const std::string& name(Var v) const;

  void add_clause(std::span<const Lit> clause);
  void add_clause(std::initializer_list<Lit> clause) {
    add_clause(std::span<const Lit>(clause.begin(), clause.size()));
  }
  void add_unit(Lit l) { add_clause({l}); }
  // Every clause of `other`, over the same variables (made here if missing), as
  // add_clause would add each; without an active guard, in one copy of its literals.
  void add_clauses(const Cnf& other);

  // A literal that is true in every model (made on first use with a unit clause).
  // Encodings use it to turn constants into literals, e.g. a revealed cell.
  Lit true_lit();
  Lit false_lit() { return ~true_lit(); }

  // Guards make constraints switchable: while a guard g is pushed, every clause added
  // also gets ~g, so the clauses only bind when g is true (assume g to enable them, and
  // an unsat core over such g names the constraints responsible). Guards nest.
  void push_guard(Lit g) { guards_.push_back(g); }
  void pop_guard() { guards_.pop_back(); }
  class GuardScope;

  // A comment written before the next clause added (DIMACS `c` line).
  void add_comment(std::string text);

  std::size_t num_clauses() const { return starts_.size(); }
  std::size_t num_literals() const { return lits_.size(); }
  std::span<const Lit> clause(std::size_t i) const {
    std::size_t begin = starts_[i];
    std::size_t end = i + 1 < starts_.size() ? starts_[i + 1] : lits_.size();
    return {lits_.data() + begin, end - begin};
  }
  // (clause index the comment precedes, text), in the order added.
  const std::vector<std::pair<std::size_t, std::string>>& comments() const { return comments_; }

  // Lets `for (std::span<const Lit> c : cnf.clauses())` walk every clause.
  class ClauseRange;
  ClauseRange clauses() const;

 private:
  int num_vars_ = 0;
  std::vector<Lit> lits_;
  std::vector<std::size_t> starts_;
  std::vector<std::string> names_;  // index = var id; grows only when a name is set
  std::vector<std::pair<std::size_t, std::string>> comments_;
  std::vector<Lit> guards_;
  Lit true_lit_;
};

class Cnf::GuardScope {
 public:
  GuardScope(Cnf& cnf, Lit g) : cnf_(cnf) { cnf_.push_guard(g); }
  ~GuardScope() { cnf_.pop_guard(); }
  GuardScope(const GuardScope&) = delete;
  GuardScope& operator=(const GuardScope&) = delete;
 private:
  Cnf& cnf_;
};

class Cnf::ClauseRange {
 public:
  class iterator {
   public:
    using value_type = std::span<const Lit>;
    using difference_type = std::ptrdiff_t;
    iterator(const Cnf* cnf, std::size_t i) : cnf_(cnf), i_(i) {}
    value_type operator*() const { return cnf_->clause(i_); }
    iterator& operator++() { ++i_; return *this; }
    bool operator==(const iterator& o) const { return i_ == o.i_; }
   private:
    const Cnf* cnf_;
    std::size_t i_;
  };
  explicit ClauseRange(const Cnf* cnf) : cnf_(cnf) {}
  iterator begin() const { return {cnf_, 0}; }
  iterator end() const { return {cnf_, cnf_->num_clauses()}; }
 private:
  const Cnf* cnf_;
};

inline Cnf::ClauseRange Cnf::clauses() const { return ClauseRange(this); }

}  // namespace puzzlesat::sat

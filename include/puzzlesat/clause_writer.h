// ClauseWriter: where the encodings put their clauses. It accepts the constants kTrue and
// kFalse in place of literals and simplifies them away, so an encoding can describe a
// counter register that is known to be 0 or 1 without special cases; and it can merely
// count what it would add, which is how `automatic` compares encodings before choosing.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <set>
#include <span>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::enc {

// Constants share variable 0, which no Cnf hands out, so ~kTrue == kFalse holds.
inline constexpr sat::Lit kFalse = sat::Lit::from_code(0);
inline constexpr sat::Lit kTrue = sat::Lit::from_code(1);
constexpr bool is_const(sat::Lit l) { return l.var().id() == 0; }

class ClauseWriter {
 public:
  // Writes into cnf.
  explicit ClauseWriter(sat::Cnf& cnf) : cnf_(&cnf) {}
  // Counts only: fresh() returns placeholder literals, clauses are simplified and counted.
  ClauseWriter() = default;

  sat::Lit fresh();
  // Drops kFalse and repeated literals; skips the clause when it holds anyway (kTrue or
  // a literal with its complement). An empty result is added: it makes the formula unsat.
  void add(std::span<const sat::Lit> clause);
  void add(std::initializer_list<sat::Lit> clause) {
    add(std::span<const sat::Lit>(clause.begin(), clause.size()));
  }

  // From now on, skip clauses already added through this writer (gadgets whose clause
  // families overlap in small cases turn this on; the counters never repeat a clause).
  void skip_repeats() { skip_repeats_ = true; }

  bool counting() const { return cnf_ == nullptr; }
  int vars() const { return vars_; }
  std::size_t clauses() const { return clauses_; }

 private:
  sat::Cnf* cnf_ = nullptr;
  int vars_ = 0;
  std::size_t clauses_ = 0;
  std::vector<sat::Lit> buf_;
  bool skip_repeats_ = false;
  std::set<std::vector<sat::Lit>> seen_;
};

}  // namespace puzzlesat::enc

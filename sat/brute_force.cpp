#include "sat/brute_force.h"

#include <cassert>

namespace puzzlesat::sat {

namespace {

bool holds(Lit l, std::uint32_t bits) { return ((bits >> (l.var().id() - 1)) & 1U) != (l.negated() ? 1U : 0U); }

}  // namespace

bool satisfies(const Cnf& cnf, std::uint32_t bits) {
  for (std::span<const Lit> clause : cnf.clauses()) {
    bool sat = false;
    for (Lit l : clause) sat = sat || holds(l, bits);
    if (!sat) return false;
  }
  return true;
}

bool satisfies(const Cnf& cnf, std::span<const Lit> model) {
  std::vector<char> value(static_cast<std::size_t>(cnf.num_vars()) + 1, 0);
  for (Lit l : model) {
    if (l.var().id() <= cnf.num_vars()) value[static_cast<std::size_t>(l.var().id())] = l.negated() ? 0 : 1;
  }
  for (std::span<const Lit> clause : cnf.clauses()) {
    bool sat = false;
    for (Lit l : clause) sat = sat || (value[static_cast<std::size_t>(l.var().id())] != 0) != l.negated();
    if (!sat) return false;
  }
  return true;
}

std::vector<std::uint32_t> all_models(const Cnf& cnf, std::span<const Lit> assumptions) {
  assert(cnf.num_vars() <= 24);
  std::vector<std::uint32_t> models;
  const std::uint32_t end = 1U << cnf.num_vars();
  for (std::uint32_t bits = 0; bits < end; ++bits) {
    bool ok = true;
    for (Lit a : assumptions) ok = ok && holds(a, bits);
    if (ok && satisfies(cnf, bits)) models.push_back(bits);
  }
  return models;
}

}  // namespace puzzlesat::sat

#include <puzzlesat/cnf.h>

#include <cassert>

namespace puzzlesat::sat {

Var Cnf::new_var(std::string_view name) {
  Var v(++num_vars_);
  if (!name.empty()) set_name(v, name);
  return v;
}

void Cnf::reserve_vars(int n) {
  if (n > num_vars_) num_vars_ = n;
}

void Cnf::set_name(Var v, std::string_view name) {
  assert(v.valid() && v.id() <= num_vars_);
  if (names_.size() <= static_cast<std::size_t>(v.id())) names_.resize(static_cast<std::size_t>(v.id()) + 1);
  names_[static_cast<std::size_t>(v.id())] = std::string(name);
}

const std::string& Cnf::name(Var v) const {
  static const std::string kNone;
  auto i = static_cast<std::size_t>(v.id());
  return i < names_.size() ? names_[i] : kNone;
}

void Cnf::add_clause(std::span<const Lit> clause) {
#ifndef NDEBUG
  for (Lit l : clause) assert(l.valid() && l.var().id() <= num_vars_);
#endif
  starts_.push_back(lits_.size());
  lits_.insert(lits_.end(), clause.begin(), clause.end());
  for (Lit g : guards_) lits_.push_back(~g);
}

void Cnf::add_clauses(const Cnf& other) {
  reserve_vars(other.num_vars_);
  if (!guards_.empty()) {
    for (std::span<const Lit> clause : other.clauses()) add_clause(clause);
    return;
  }
  const std::size_t offset = lits_.size();
  starts_.reserve(starts_.size() + other.starts_.size());
  for (std::size_t start : other.starts_) starts_.push_back(offset + start);
  lits_.insert(lits_.end(), other.lits_.begin(), other.lits_.end());
}

Lit Cnf::true_lit() {
  if (!true_lit_.valid()) {
    true_lit_ = new_lit("true");
    // The constant must hold unconditionally, whatever guard is active.
    std::vector<Lit> saved;
    saved.swap(guards_);
    add_unit(true_lit_);
    guards_.swap(saved);
  }
  return true_lit_;
}

void Cnf::add_comment(std::string text) { comments_.emplace_back(starts_.size(), std::move(text)); }

}  // namespace puzzlesat::sat

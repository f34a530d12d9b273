#include <puzzlesat/clause_writer.h>

#include <algorithm>

namespace puzzlesat::enc {

sat::Lit ClauseWriter::fresh() {
  ++vars_;
  if (cnf_) return cnf_->new_lit();
  // Placeholders only need to be distinct non-constant literals for simplification.
  return sat::Lit(sat::Var(1 << 30 | vars_));
}

void ClauseWriter::add(std::span<const sat::Lit> clause) {
  buf_.clear();
  for (sat::Lit l : clause) {
    if (l == kTrue) return;
    if (l == kFalse) continue;
    buf_.push_back(l);
  }
  std::sort(buf_.begin(), buf_.end());
  buf_.erase(std::unique(buf_.begin(), buf_.end()), buf_.end());
  // Sorted by code, a literal and its complement are neighbours.
  for (std::size_t i = 1; i < buf_.size(); ++i)
    if (buf_[i] == ~buf_[i - 1]) return;
  if (skip_repeats_ && !seen_.insert(buf_).second) return;
  ++clauses_;
  if (cnf_) cnf_->add_clause(buf_);
}

}  // namespace puzzlesat::enc

// Pairwise (binomial) encoding: every (k+1)-subset gets a clause saying one of them is
// false. For k = 1 these are the familiar pairs; it is arc-consistent by construction
// and has no auxiliaries, so it wins whenever the subsets are few.
#include <vector>

#include "encodings/counters.h"

namespace puzzlesat::enc::detail {
namespace {

// Clauses over every r-subset of lits, each literal flipped by `negate`.
void all_subsets(ClauseWriter& out, std::span<const sat::Lit> lits, int r, bool negate) {
  const int n = static_cast<int>(lits.size());
  std::vector<int> pick(r);
  for (int i = 0; i < r; ++i) pick[i] = i;
  std::vector<sat::Lit> clause(r);
  while (true) {
    for (int i = 0; i < r; ++i)
      clause[i] = lits[pick[i]] ^ negate;
    out.add(clause);
    int i = r - 1;
    while (i >= 0 && pick[i] == n - r + i) --i;
    if (i < 0) return;
    ++pick[i];
    for (int j = i + 1; j < r; ++j) pick[j] = pick[j - 1] + 1;
  }
}

std::size_t binomial(int n, int r, std::size_t cap) {
  if (r < 0 || r > n) return 0;
  if (r > n - r) r = n - r;
  // C(n, i) grows with i up to n/2, so once it passes cap it stays past it.
  unsigned __int128 c = 1;
  for (int i = 1; i <= r; ++i) {
    c = c * static_cast<unsigned>(n - r + i) / static_cast<unsigned>(i);
    if (c > cap) return cap + 1;
  }
  return static_cast<std::size_t>(c);
}

}  // namespace

std::size_t pairwise_clauses(int n, int k, Bound bound, std::size_t cap) {
  std::size_t total = 0;
  if (bound != Bound::at_least) total += binomial(n, k + 1, cap);
  if (bound != Bound::at_most) total += binomial(n, n - k + 1, cap);
  return total > cap ? cap + 1 : total;
}

void encode_pairwise(ClauseWriter& out, std::span<const sat::Lit> lits, int k, Bound bound) {
  const int n = static_cast<int>(lits.size());
  if (bound != Bound::at_least) all_subsets(out, lits, k + 1, true);
  // At least k: among any n-k+1 literals one is true.
  if (bound != Bound::at_most) all_subsets(out, lits, n - k + 1, false);
}

}  // namespace puzzlesat::enc::detail

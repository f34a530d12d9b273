// Sequential counter (Sinz 2005). Register r[i][j] stands for "at least j of the first i
// inputs are true". Registers whose value is settled are constants instead of variables:
// j > i cannot hold and j = k+1 is the forbidden overflow (kFalse); j <= k-(n-i) must hold
// for the remaining inputs to still reach k (kTrue), and for at-most-k such a register
// could never lead to an overflow anyway. What is left are the k(n-k) registers of the
// refined variant. Upward clauses (count >= j implies r) give at-most, downward ones
// (r implies count >= j) give at-least, and exactly uses both on the same registers.
#include <optional>
#include <vector>

#include "encodings/counters.h"

namespace puzzlesat::enc::detail {

void encode_seqcounter(ClauseWriter& out, std::span<const sat::Lit> x, int k, Bound bound) {
  const int n = static_cast<int>(x.size());
  const bool up = bound != Bound::at_least;
  const bool down = bound != Bound::at_most;
  auto settled = [&](int i, int j) -> std::optional<sat::Lit> {
    if (j <= 0 || j <= k - (n - i)) return kTrue;
    if (j > i || j > k) return kFalse;
    return std::nullopt;
  };
  // Two rows suffice: prev = r[i-1][*], cur = r[i][*].
  std::vector<sat::Lit> prev(k + 2), cur(k + 2);
  for (int j = 0; j <= k + 1; ++j) prev[j] = settled(0, j).value_or(kFalse);
  for (int i = 1; i <= n; ++i) {
    const sat::Lit xi = x[i - 1];
    for (int j = 0; j <= k + 1; ++j) cur[j] = settled(i, j) ? *settled(i, j) : out.fresh();
    for (int j = 1; j <= k + 1 && j <= i; ++j) {
      if (up) {
        out.add({~prev[j], cur[j]});
        out.add({~xi, ~prev[j - 1], cur[j]});
      }
      if (down) {
        out.add({~cur[j], prev[j], xi});
        out.add({~cur[j], prev[j - 1]});
      }
    }
    prev.swap(cur);
  }
}

}  // namespace puzzlesat::enc::detail

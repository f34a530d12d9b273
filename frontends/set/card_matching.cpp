#include "frontends/set/card_matching.h"

#include <algorithm>
#include <limits>

namespace puzzlesat::set_vision {

std::vector<int> match_cards(const std::vector<set::Card>& labelled, const std::vector<set::Card>& detected) {
  // Square cost matrix; a dummy row or column costs 5, more than any real pair (<= 4),
  // so real pairs are preferred and every surplus item is left to a dummy.
  const int n = int(std::max(labelled.size(), detected.size()));
  auto cost = [&](int i, int j) {
    if (i >= int(labelled.size()) || j >= int(detected.size())) return 5;
    int c = 0;
    for (int k = 0; k < set::kAttributes; ++k) c += labelled[i].get(k) != detected[j].get(k);
    return c;
  };
  // Shortest augmenting path Hungarian algorithm with potentials, 1-based arrays.
  constexpr int kInf = std::numeric_limits<int>::max() / 4;
  std::vector<int> u(n + 1, 0), v(n + 1, 0), p(n + 1, 0), way(n + 1, 0);
  for (int i = 1; i <= n; ++i) {
    p[0] = i;
    int j0 = 0;
    std::vector<int> minv(n + 1, kInf);
    std::vector<char> used(n + 1, false);
    do {
      used[j0] = true;
      int i0 = p[j0], delta = kInf, j1 = 0;
      for (int j = 1; j <= n; ++j) {
        if (used[j]) continue;
        int cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) { minv[j] = cur; way[j] = j0; }
        if (minv[j] < delta) { delta = minv[j]; j1 = j; }
      }
      for (int j = 0; j <= n; ++j) {
        if (used[j]) { u[p[j]] += delta; v[j] -= delta; }
        else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      int j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  std::vector<int> match(labelled.size(), -1);
  for (int j = 1; j <= n; ++j) {
    int i = p[j] - 1;
    if (i < int(labelled.size()) && j - 1 < int(detected.size())) match[i] = j - 1;
  }
  return match;
}

}  // namespace puzzlesat::set_vision

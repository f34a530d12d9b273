// Totalizer (Bailleux and Boufkhad 2003): a balanced tree of unary adders. A node over s
// inputs has outputs o[r] = "at least r of my inputs are true" for r up to min(s, k+1);
// o[k+1] is the forbidden overflow (kFalse) and o[r] for r <= k-(n-s) must hold for the
// total to reach k (kTrue), exactly as for the sequential counter. Upward clauses give
// at-most, downward ones at-least, and exactly shares the tree between both.
#include <algorithm>
#include <cassert>
#include <vector>

#include "encodings/counters.h"

namespace puzzlesat::enc::detail {
namespace {

struct Totalizer {
  ClauseWriter& out;
  int n, k;
  bool up, down;

  // Returns o[0..cap] with o[0] = kTrue.
  std::vector<sat::Lit> node(std::span<const sat::Lit> x) {
    const int s = static_cast<int>(x.size());
    if (s == 1) return {kTrue, x[0]};
    auto a = node(x.first(x.size() / 2));
    auto b = node(x.subspan(x.size() / 2));
    const int sa = s / 2, sb = s - sa;
    const int cap = std::min(s, k + 1);
    std::vector<sat::Lit> o(cap + 1);
    for (int r = 0; r <= cap; ++r)
      o[r] = r == 0 || r <= k - (n - s) ? kTrue : r == k + 1 ? kFalse : out.fresh();
    const int ca = static_cast<int>(a.size()) - 1, cb = static_cast<int>(b.size()) - 1;
    // Beyond a child's size its count cannot go: "at least sa+1" is false.
    // (Only indices within the cap or just past the size are ever asked for.)
    auto at = [](const std::vector<sat::Lit>& v, int size, int r) {
      assert(r < static_cast<int>(v.size()) || r > size);
      (void)size;
      return r < static_cast<int>(v.size()) ? v[r] : kFalse;
    };
    if (up) {
      for (int i = 0; i <= ca; ++i)
        for (int j = 0; j <= cb && i + j <= cap; ++j)
          if (i + j > 0) out.add({~a[i], ~b[j], o[i + j]});
    }
    if (down) {
      // Counts at most i and at most j give at most i+j.
      for (int i = 0; i <= sa; ++i)
        for (int j = 0; j <= sb && i + j + 1 <= cap; ++j)
          out.add({at(a, sa, i + 1), at(b, sb, j + 1), ~o[i + j + 1]});
    }
    return o;
  }
};

}  // namespace

void encode_totalizer(ClauseWriter& out, std::span<const sat::Lit> x, int k, Bound bound) {
  Totalizer t{out, static_cast<int>(x.size()), k, bound != Bound::at_least, bound != Bound::at_most};
  t.node(x);
}

}  // namespace puzzlesat::enc::detail

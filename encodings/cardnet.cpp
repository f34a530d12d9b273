// Cardinality networks (Asín, Nieuwenhuis, Oliveras, Rodríguez-Carbonell 2011): Batcher
// odd-even merges arranged as a tree whose nodes keep only their first k+1 outputs. The
// network is first built symbolically; then only the comparator outputs that the final
// "at least k+1" (and/or "at least k") output depends on get a variable and clauses, which
// yields the paper's simplified merges. Constant wires fold away without cost.
#include <algorithm>
#include <vector>

#include "encodings/counters.h"

namespace puzzlesat::enc::detail {
namespace {

class Network {
 public:
  // A wire is an index; wires below inputs_end are the inputs or constants.
  int constant(bool value) { return add_wire(value ? kTrue : kFalse, -1); }
  int input(sat::Lit l) { return add_wire(l, -1); }

  // Sorted descending: result[0] is "at least one", result[r-1] "at least r".
  std::vector<int> merge(const std::vector<int>& a, const std::vector<int>& b, int cap) {
    if (a.empty()) return truncate(b, cap);
    if (b.empty()) return truncate(a, cap);
    if (a.size() == 1 && b.size() == 1) {
      auto [hi, lo] = compare(a[0], b[0]);
      return truncate({hi, lo}, cap);
    }
    // Odd-even merge: at most 2 more ones among the odd positions than the even ones, so
    // interleaving v and w is sorted up to one exchange per pair (v[i+1], w[i]).
    // The first cap outputs need at most cap/2+1 of v and cap/2 of w.
    auto v = merge(odds(a), odds(b), cap / 2 + 1);
    auto w = merge(evens(a), evens(b), cap / 2);
    std::vector<int> z{v[0]};
    std::size_t i = 0;
    for (; i < w.size() && i + 1 < v.size(); ++i) {
      auto [hi, lo] = compare(v[i + 1], w[i]);
      z.push_back(hi);
      z.push_back(lo);
    }
    for (std::size_t j = i + 1; j < v.size(); ++j) z.push_back(v[j]);
    for (std::size_t j = i; j < w.size(); ++j) z.push_back(w[j]);
    return truncate(std::move(z), cap);
  }

  // First cap outputs of sorting x: a balanced tree of capped merges.
  std::vector<int> sort(std::span<const int> x, int cap) {
    if (x.size() <= 1) return truncate({x.begin(), x.end()}, cap);
    auto a = sort(x.first(x.size() / 2), cap);
    auto b = sort(x.subspan(x.size() / 2), cap);
    return merge(a, b, cap);
  }

  // Gives a variable and clauses to every comparator output `wanted` depends on, with the
  // outputs in `fixed` replaced by constants.
  void emit(ClauseWriter& out, const std::vector<std::pair<int, sat::Lit>>& fixed, bool up, bool down) {
    std::vector<char> need(lit_.size(), 0);
    std::vector<int> stack;
    for (auto [w, l] : fixed) {
      if (comp_[w] < 0) {  // an input passed straight through: constrain it directly
        out.add({l == kTrue ? lit_[w] : ~lit_[w]});
        continue;
      }
      lit_[w] = l;
      stack.push_back(w);
    }
    while (!stack.empty()) {
      int w = stack.back();
      stack.pop_back();
      if (need[w]) continue;
      need[w] = 1;
      if (int c = comp_[w]; c >= 0) {
        stack.push_back(comps_[c].a);
        stack.push_back(comps_[c].b);
      }
    }
    // Wires are created after their comparator's inputs, so index order is topological.
    for (std::size_t w = 0; w < lit_.size(); ++w) {
      int c = comp_[w];
      if (!need[w] || c < 0) continue;
      bool is_fixed = std::any_of(fixed.begin(), fixed.end(), [&](auto& f) { return f.first == static_cast<int>(w); });
      if (!is_fixed) lit_[w] = out.fresh();
      sat::Lit a = lit_[comps_[c].a], b = lit_[comps_[c].b], o = lit_[w];
      if (comps_[c].hi == static_cast<int>(w)) {  // o = a or b
        if (up) out.add({~a, o}), out.add({~b, o});
        if (down) out.add({~o, a, b});
      } else {  // o = a and b
        if (up) out.add({~a, ~b, o});
        if (down) out.add({~o, a}), out.add({~o, b});
      }
    }
  }

 private:
  struct Comparator { int a, b, hi, lo; };

  int add_wire(sat::Lit l, int comp) {
    lit_.push_back(l);
    comp_.push_back(comp);
    return static_cast<int>(lit_.size()) - 1;
  }
  bool is(int w, sat::Lit c) const { return comp_[w] < 0 && lit_[w] == c; }

  std::pair<int, int> compare(int a, int b) {
    if (is(a, kFalse) || is(b, kTrue)) return {b, a};
    if (is(b, kFalse) || is(a, kTrue)) return {a, b};
    int c = static_cast<int>(comps_.size());
    comps_.push_back({a, b, 0, 0});
    comps_[c].hi = add_wire(kFalse, c);
    comps_[c].lo = add_wire(kFalse, c);
    return {comps_[c].hi, comps_[c].lo};
  }
  static std::vector<int> odds(const std::vector<int>& v) {
    std::vector<int> r;
    for (std::size_t i = 0; i < v.size(); i += 2) r.push_back(v[i]);
    return r;
  }
  static std::vector<int> evens(const std::vector<int>& v) {
    std::vector<int> r;
    for (std::size_t i = 1; i < v.size(); i += 2) r.push_back(v[i]);
    return r;
  }
  static std::vector<int> truncate(std::vector<int> v, int cap) {
    if (static_cast<int>(v.size()) > cap) v.resize(cap);
    return v;
  }

  std::vector<sat::Lit> lit_;  // per wire; comparator outputs get theirs in emit()
  std::vector<int> comp_;      // per wire: producing comparator or -1
  std::vector<Comparator> comps_;
};

}  // namespace

void encode_cardnet(ClauseWriter& out, std::span<const sat::Lit> x, int k, Bound bound) {
  Network net;
  std::vector<int> in;
  for (sat::Lit l : x) in.push_back(net.input(l));
  auto sorted = net.sort(in, k + 1);
  std::vector<std::pair<int, sat::Lit>> fixed;
  // sorted[k] is "at least k+1", sorted[k-1] "at least k" (k < n, so both exist).
  if (bound != Bound::at_least) fixed.push_back({sorted[k], kFalse});
  if (bound != Bound::at_most) fixed.push_back({sorted[k - 1], kTrue});
  net.emit(out, fixed, bound != Bound::at_least, bound != Bound::at_most);
}

}  // namespace puzzlesat::enc::detail

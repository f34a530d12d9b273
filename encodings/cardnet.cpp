// Cardinality networks (Asín, Nieuwenhuis, Oliveras, Rodríguez-Carbonell 2011): inputs
// are sorted by a tree of merges whose results keep only their first k+1 outputs, each
// merge being Batcher's odd-even merge built recursively. As in Abío et al. 2013 ("A
// parametric approach for smaller and better encodings of cardinality constraints"), a
// cost model decides where each merge is cheaper written directly (the totalizer's
// a_i & b_j -> o_{i+j}) and where to split the inputs. The network is built symbolically
// first; then only the outputs that the final "at least k+1" / "at least k" output depends
// on get a variable and clauses, which yields the simplified merges of the paper.
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "encodings/counters.h"

namespace puzzlesat::enc::detail {
namespace {

// Clauses first, then variables: what the encodings are judged by.
struct Cost {
  std::int64_t clauses = 0, vars = 0;
  Cost operator+(Cost o) const { return {clauses + o.clauses, vars + o.vars}; }
  bool operator<(Cost o) const { return std::pair(clauses, vars) < std::pair(o.clauses, o.vars); }
};

// Pairs (i, j), 0 <= i <= p, 0 <= j <= q, with lo <= i + j <= hi.
std::int64_t pairs(int p, int q, int lo, int hi) {
  std::int64_t n = 0;
  for (int i = 0; i <= p; ++i) n += std::max(0, std::min(q, hi - i) - std::max(0, lo - i) + 1);
  return n;
}

class Network {
 public:
  Network(int cap, MergeChoice choice) : cap_(cap), choice_(choice) {}

  int input(sat::Lit l) {
    lit_.push_back(l);
    gate_.push_back(-1);
    return static_cast<int>(lit_.size()) - 1;
  }

  // The first min(|x|, cap) outputs of sorting x, for a result that will only use output
  // cap ("at least k+1", when `up`) and output cap-1 ("at least k", when `down`): a direct
  // top merge then needs only the clauses of those outputs.
  std::vector<int> sort(std::span<const int> x, bool up, bool down) {
    const int n = static_cast<int>(x.size());
    plan_sorts(n);
    // The top split and merge, chosen knowing only root_outputs are needed.
    Cost best{INT64_MAX, 0};
    int best_split = 1;
    bool best_direct = false;
    for (int a = 1; a <= n / 2; ++a) {
      const int p = std::min(a, cap_), q = std::min(n - a, cap_);
      Cost children = sort_cost_[a] + sort_cost_[n - a];
      // Up clauses of output r pair counts summing to r, down ones counts summing to r-1.
      Cost direct = children + Cost{(up ? pairs(p, q, cap_, cap_) : 0) + (down ? pairs(p, q, cap_ - 2, cap_ - 2) : 0), 0};
      Cost recursive = children + merge_cost(p, q, cap_).first;
      if (direct < best && choice_ != MergeChoice::always_recursive) best = direct, best_split = a, best_direct = true;
      if (recursive < best && choice_ != MergeChoice::always_direct) best = recursive, best_split = a, best_direct = false;
    }
    auto a = sort_planned(x.first(best_split));
    auto b = sort_planned(x.subspan(best_split));
    return best_direct ? direct_merge(a, b, cap_) : merge(a, b, cap_);
  }

  // Gives a variable and clauses to every gate output the `fixed` outputs depend on, and
  // replaces those by their constants.
  void emit(ClauseWriter& out, const std::vector<std::pair<int, sat::Lit>>& fixed, bool up, bool down) {
    std::vector<char> need(lit_.size(), 0);
    std::vector<int> stack;
    for (auto [w, l] : fixed) {
      if (gate_[w] < 0) {  // an input passed straight through: constrain it directly
        out.add({l == kTrue ? lit_[w] : ~lit_[w]});
        continue;
      }
      stack.push_back(w);
    }
    while (!stack.empty()) {
      int w = stack.back();
      stack.pop_back();
      if (need[w]) continue;
      need[w] = 1;
      if (gate_[w] < 0) continue;
      const Gate& g = gates_[gate_[w]];
      const int r = rank_[w];  // output o_r needs the inputs' first r outputs
      for (int i = 0; i < r && i < static_cast<int>(g.a.size()); ++i) stack.push_back(g.a[i]);
      for (int j = 0; j < r && j < static_cast<int>(g.b.size()); ++j) stack.push_back(g.b[j]);
    }
    // Wires are created after their gate's inputs, so index order is topological.
    for (std::size_t w = 0; w < lit_.size(); ++w) {
      if (!need[w] || gate_[w] < 0) continue;
      auto f = std::find_if(fixed.begin(), fixed.end(), [&](auto& p) { return p.first == static_cast<int>(w); });
      lit_[w] = f != fixed.end() ? f->second : out.fresh();
    }
    for (std::size_t w = 0; w < lit_.size(); ++w) {
      if (!need[w] || gate_[w] < 0) continue;
      const Gate& g = gates_[gate_[w]];
      const int p = static_cast<int>(g.a.size()), q = static_cast<int>(g.b.size()), r = rank_[w];
      // a(0) holds, a(p+1) cannot.
      auto a = [&](int i) { return i == 0 ? kTrue : i > p ? kFalse : lit_[g.a[i - 1]]; };
      auto b = [&](int j) { return j == 0 ? kTrue : j > q ? kFalse : lit_[g.b[j - 1]]; };
      const sat::Lit o = lit_[w];
      if (up)  // at least i in a and r-i in b: at least r
        for (int i = std::max(0, r - q); i <= std::min(r, p); ++i) out.add({~a(i), ~b(r - i), o});
      if (down)  // at most i in a and r-1-i in b: fewer than r
        for (int i = std::max(0, r - 1 - q); i <= std::min(r - 1, p); ++i) out.add({a(i + 1), b(r - i), ~o});
    }
  }

 private:
  // A merge of sorted a and b written directly; outs[r-1] = "at least r".
  struct Gate {
    std::vector<int> a, b;
  };

  std::vector<int> direct_merge(const std::vector<int>& a, const std::vector<int>& b, int cap) {
    if (a.empty()) return truncate(b, cap);
    if (b.empty()) return truncate(a, cap);
    const int g = static_cast<int>(gates_.size());
    gates_.push_back({a, b});
    std::vector<int> outs;
    const int m = std::min(static_cast<int>(a.size() + b.size()), cap);
    for (int r = 1; r <= m; ++r) {
      lit_.push_back(kFalse);
      gate_.push_back(g);
      rank_.resize(lit_.size(), 0);
      rank_.back() = r;
      outs.push_back(static_cast<int>(lit_.size()) - 1);
    }
    return outs;
  }

  // Odd-even merge, each half merged again by whichever way is cheaper.
  std::vector<int> merge(const std::vector<int>& a, const std::vector<int>& b, int cap) {
    const int p = static_cast<int>(a.size()), q = static_cast<int>(b.size());
    if (p == 0 || q == 0 || (p == 1 && q == 1) || choice_ == MergeChoice::always_direct ||
        (choice_ == MergeChoice::cost_model && merge_cost(p, q, cap).second))
      return direct_merge(a, b, cap);
    // At most 2 more ones among the odd positions than the even ones, so interleaving v
    // and w is sorted up to one exchange per pair (v[i+1], w[i]). The first cap outputs
    // need at most cap/2+1 of v and cap/2 of w.
    auto v = merge(odds(a), odds(b), cap / 2 + 1);
    auto w = merge(evens(a), evens(b), cap / 2);
    std::vector<int> z{v[0]};
    std::size_t i = 0;
    for (; i < w.size() && i + 1 < v.size(); ++i) {
      auto hl = direct_merge({v[i + 1]}, {w[i]}, 2);
      z.insert(z.end(), hl.begin(), hl.end());
    }
    for (std::size_t j = i + 1; j < v.size(); ++j) z.push_back(v[j]);
    for (std::size_t j = i; j < w.size(); ++j) z.push_back(w[j]);
    return truncate(std::move(z), cap);
  }

  // (cost, written directly?) of merging sorted lists of p and q keeping cap outputs.
  std::pair<Cost, bool> merge_cost(int p, int q, int cap) {
    cap = std::min(cap, p + q);
    if (p == 0 || q == 0) return {Cost{}, true};
    const std::int64_t key = (static_cast<std::int64_t>(p) * 65536 + q) * 65536 + cap;
    if (auto it = merge_memo_.find(key); it != merge_memo_.end()) return it->second;
    Cost direct{pairs(p, q, 1, cap), cap};
    std::pair<Cost, bool> best{direct, true};
    if (p + q > 2) {
      const int cv = cap / 2 + 1, cw = cap / 2;
      Cost rec = merge_cost((p + 1) / 2, (q + 1) / 2, cv).first + merge_cost(p / 2, q / 2, cw).first;
      const int nv = std::min((p + 1) / 2 + (q + 1) / 2, cv), nw = std::min(p / 2 + q / 2, cw);
      for (int i = 0; i < nw && i + 1 < nv; ++i) {
        if (2 * i + 1 < cap) rec = rec + Cost{2, 1};  // the "or" output
        if (2 * i + 2 < cap) rec = rec + Cost{1, 1};  // the "and" output
      }
      if (rec < direct) best = {rec, false};
    }
    merge_memo_[key] = best;
    return best;
  }

  // Cheapest way to sort s inputs (keeping cap outputs), for every s up to n. Beyond a
  // thousand inputs only small, halving and cap-aligned splits are tried, so that the
  // plan stays far from quadratic.
  void plan_sorts(int n) {
    sort_cost_.assign(n + 1, Cost{});
    split_.assign(n + 1, 0);
    auto consider = [&](int s, int a, Cost& best) {
      Cost c = sort_cost_[a] + sort_cost_[s - a] + merge_cost(std::min(a, cap_), std::min(s - a, cap_), cap_).first;
      if (c < best) best = c, split_[s] = a;
    };
    for (int s = 2; s <= n; ++s) {
      Cost best{INT64_MAX, 0};
      const bool all = s <= 1024;
      for (int a = 1; a <= s / 2 && (all || a <= 16); ++a) consider(s, a, best);
      if (!all) {
        consider(s, s / 2, best);
        for (std::int64_t a = cap_; a <= s / 2; a *= 2) consider(s, static_cast<int>(a), best);
      }
      sort_cost_[s] = best;
    }
  }
  // The plan splits off the smaller part first, often a few inputs at a time; walking down
  // the larger part in a loop instead of by recursion keeps the stack shallow (100,000
  // inputs with k = 1 recursed 100,000 deep and overflowed it). The rest is sorted before
  // each head, as before, so the gates and their variables come out in the same order.
  std::vector<int> sort_planned(std::span<const int> x) {
    std::vector<std::span<const int>> heads;
    while (x.size() > 1) {
      const auto a = static_cast<std::size_t>(split_[x.size()]);
      heads.push_back(x.first(a));
      x = x.subspan(a);
    }
    std::vector<int> sorted(x.begin(), x.end());
    for (auto head = heads.rbegin(); head != heads.rend(); ++head) {
      std::vector<int> first = sort_planned(*head);
      sorted = merge(std::move(first), std::move(sorted), cap_);
    }
    return sorted;
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

  int cap_;
  MergeChoice choice_;
  std::vector<sat::Lit> lit_;  // per wire; gate outputs get theirs in emit()
  std::vector<int> gate_;      // per wire: producing gate or -1 for an input
  std::vector<int> rank_;      // per wire: r for a gate's output "at least r"
  std::vector<Gate> gates_;
  std::unordered_map<std::int64_t, std::pair<Cost, bool>> merge_memo_;
  std::vector<Cost> sort_cost_;
  std::vector<int> split_;
};

}  // namespace

void encode_cardnet(ClauseWriter& out, std::span<const sat::Lit> x, int k, Bound bound, MergeChoice choice) {
  Network net(k + 1, choice);
  std::vector<int> in;
  for (sat::Lit l : x) in.push_back(net.input(l));
  const bool up = bound != Bound::at_least, down = bound != Bound::at_most;
  auto sorted = net.sort(in, up, down);
  std::vector<std::pair<int, sat::Lit>> fixed;
  // sorted[k] is "at least k+1", sorted[k-1] "at least k" (k < n, so both exist).
  if (up) fixed.push_back({sorted[k], kFalse});
  if (down) fixed.push_back({sorted[k - 1], kTrue});
  net.emit(out, fixed, up, down);
}

}  // namespace puzzlesat::enc::detail

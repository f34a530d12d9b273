// Both gadgets first read the slots into one order: a ring cut by a gap becomes a line
// starting after that gap, and each literal notes whether a breaking gap precedes it.
//
// connected: enumerates the runs ("windows") that could hold the k true slots, with one
// selector w per window; w implies its slots true; a true slot implies one of the windows
// covering it and a false slot one of the windows avoiding it (these two supports are
// what makes the encoding arc-consistent); and a true slot rules out the windows that
// miss it. On lines that last part uses an order encoding of the selected
// window index, since the windows covering a slot are consecutive; on rings (or when it
// is smaller) it is one binary clause per window and slot outside it.
//
// not_connected: an automaton counting the true inputs and tracking whether a second run
// has begun, encoded with the arc-consistent decomposition of encodings/regular.h.
#include <puzzlesat/contiguity.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <puzzlesat/cardinality.h>
#include <puzzlesat/clause_writer.h>
#include <puzzlesat/regular.h>

namespace puzzlesat::enc {
namespace {

// The literals in reading order, which of them follow a breaking gap, and whether they
// close into a ring. A ring that a gap cuts is read as a line starting after that gap.
struct ReadingOrder {
  std::vector<sat::Lit> x;
  std::vector<bool> after_gap;
  bool cyclic;
};

ReadingOrder reading_order(std::span<const Slot> slots, Topology topology, GapRule gaps) {
  ReadingOrder r{{}, {}, topology == Topology::ring};
  const std::size_t m = slots.size();
  std::size_t start = 0;
  if (gaps == GapRule::breaks) {
    for (std::size_t i = 0; i < m; ++i)
      if (!slots[i]) {
        if (r.cyclic) start = i + 1;
        r.cyclic = false;
        break;
      }
  }
  bool gap = false;
  for (std::size_t t = 0; t < m; ++t) {
    const Slot& s = slots[(start + t) % m];
    if (!s) {
      gap = gaps == GapRule::breaks;
      continue;
    }
    r.x.push_back(*s);
    r.after_gap.push_back(gap);
    gap = false;
  }
  return r;
}

struct Windows {
  std::vector<sat::Lit> lits;            // the literals in reading order
  std::vector<std::vector<int>> window;  // each window: indices into the reading order
  bool on_lines = true;                  // no window wraps around a ring
};

// The runs of k slots: k consecutive literals of one gap-free stretch (wrapping around
// on an uncut ring).
Windows find_windows(const ReadingOrder& r, int k) {
  Windows w;
  w.lits = r.x;
  w.on_lines = !r.cyclic;
  std::vector<std::vector<int>> segments;
  for (std::size_t i = 0; i < r.x.size(); ++i) {
    if (i == 0 || r.after_gap[i]) segments.emplace_back();
    segments.back().push_back(static_cast<int>(i));
  }
  for (const auto& seg : segments) {
    const int len = static_cast<int>(seg.size());
    if (k > len || k <= 0) continue;
    const int starts = r.cyclic && k < len ? len : len - k + 1;
    for (int s = 0; s < starts; ++s) {
      std::vector<int> win;
      for (int t = 0; t < k; ++t) win.push_back(seg[(s + t) % len]);
      w.window.push_back(std::move(win));
    }
  }
  return w;
}

// The windows find_windows would list, counted without listing them.
std::size_t count_windows(const ReadingOrder& r, int k) {
  std::size_t count = 0, len = 0;
  auto close = [&] {
    if (k > 0 && static_cast<std::size_t>(k) <= len) count += r.cyclic && static_cast<std::size_t>(k) < len ? len : len - k + 1;
  };
  for (std::size_t i = 0; i < r.x.size(); ++i) {
    if (i > 0 && r.after_gap[i]) close(), len = 0;
    ++len;
  }
  close();
  return count;
}

// Like cardinality's clause cap: a gadget larger than this is refused
// (std::invalid_argument) before it is built. No puzzle comes near it; `encode connected
// --n 100000 --k 50000` would have needed about 10^10 literals.
// not_connected's automaton keeps a few ordered sets per layer (about 300 bytes per
// state with its clauses), so its states are capped instead: 10^6 states, ~300 MB.
constexpr double kMaxLiterals = 100'000'000;
constexpr double kMaxStates = 1'000'000;

void refuse_if_too_large(double size, double cap, const char* unit, const char* gadget, std::size_t n, int k) {
  if (size > cap)
    throw std::invalid_argument(std::string(gadget) + " of " + std::to_string(k) + " in " + std::to_string(n) +
                                " slots would need more than " + std::to_string(std::int64_t(cap)) + " " + unit);
}

bool covers(const std::vector<int>& win, int j) { return std::find(win.begin(), win.end(), j) != win.end(); }

// The selector encoding of "the true slots are exactly one of the windows" (W >= 2).
void encode_windows(ClauseWriter& out, const Windows& w, bool order_encoding) {
  out.skip_repeats();  // with few windows the clause families overlap
  const int n = static_cast<int>(w.lits.size());
  const int W = static_cast<int>(w.window.size());
  std::vector<sat::Lit> sel(W);
  // Exactly one window is selected, so with two windows one variable tells which.
  for (int t = 0; t < W; ++t) sel[t] = W == 2 && t == 1 ? ~sel[0] : out.fresh();
  for (int t = 0; t < W; ++t)
    for (int j : w.window[t]) out.add({~sel[t], w.lits[j]});
  std::vector<sat::Lit> clause;
  for (int j = 0; j < n; ++j) {
    for (bool inside : {true, false}) {
      clause = {inside ? ~w.lits[j] : w.lits[j]};
      for (int t = 0; t < W; ++t)
        if (covers(w.window[t], j) == inside) clause.push_back(sel[t]);
      out.add(clause);
    }
  }
  if (!order_encoding) {
    for (int t = 0; t < W; ++t)
      for (int j = 0; j < n; ++j)
        if (!covers(w.window[t], j)) out.add({~sel[t], ~w.lits[j]});
    return;
  }
  // ge[p]: the selected window's index is at least p.
  std::vector<sat::Lit> ge(W + 1);
  ge[0] = kTrue;
  ge[W] = kFalse;
  for (int p = 1; p < W; ++p) ge[p] = out.fresh();
  for (int p = 1; p + 1 < W; ++p) out.add({~ge[p + 1], ge[p]});
  for (int t = 0; t < W; ++t) {
    out.add({~sel[t], ge[t]});
    out.add({~sel[t], ~ge[t + 1]});
  }
  for (int j = 0; j < n; ++j) {
    int lo = W, hi = -1;
    for (int t = 0; t < W; ++t)
      if (covers(w.window[t], j)) lo = std::min(lo, t), hi = std::max(hi, t);
    if (hi < 0) continue;  // already false: no window covers it
    out.add({~w.lits[j], ge[lo]});
    out.add({~w.lits[j], ~ge[hi + 1]});
  }
}

// Exactly k true and not in one run, by an automaton whose state is the count of true inputs (0..k) and the shape read so far. On a line the shape is
// 0 nothing yet, 1 in the first run, 2 after it, 3 a second run has begun. On an uncut
// ring it is (first input true, runs begun so far capped at 3, last input true), since a
// run may wrap around from the end to the start.
void encode_not_one_run(ClauseWriter& out, const ReadingOrder& r, int k) {
  detail::Automaton a;
  a.start = 0;
  if (!r.cyclic) {
    a.next = [&](int state, int i, bool v) {
      int count = state / 4, shape = state % 4;
      if (r.after_gap[i] && shape == 1) shape = 2;
      if (v) {
        if (++count > k) return -1;
        shape = shape == 0 ? 1 : shape == 2 ? 3 : shape;
      } else if (shape == 1) {
        shape = 2;
      }
      return count * 4 + shape;
    };
    a.accepts = [&](int state) { return state / 4 == k && state % 4 == 3; };
  } else {
    // Packed as count*16 + first*8 + runs*2 + last.
    a.next = [&](int state, int i, bool v) {
      int count = state / 16, first = state / 8 % 2, runs = state / 2 % 4, last = state % 2;
      if (i == 0) first = v;
      if (v) {
        if (++count > k) return -1;
        if (!last) runs = std::min(runs + 1, 3);
      }
      last = v;
      return count * 16 + first * 8 + runs * 2 + last;
    };
    a.accepts = [&](int state) {
      int count = state / 16, first = state / 8 % 2, runs = state / 2 % 4, last = state % 2;
      return count == k && (runs == 3 || (runs == 2 && !(first && last)));
    };
  }
  detail::encode_regular(out, r.x, a);
}

}  // namespace

void connected(sat::Cnf& cnf, std::span<const Slot> slots, int k, Topology topology, GapRule gaps) {
  const ReadingOrder r = reading_order(slots, topology, gaps);
  // Each window's k slots are listed and each slot's clauses name every window.
  const double windows = static_cast<double>(count_windows(r, k));
  if (k > 1 && static_cast<std::size_t>(k) < r.x.size())
    refuse_if_too_large(windows * (2.0 * k + static_cast<double>(r.x.size())), kMaxLiterals, "literals", "connected",
                        r.x.size(), k);
  const Windows w = find_windows(r, k);
  ClauseWriter out(cnf);
  const int n = static_cast<int>(w.lits.size());
  if (k <= 1 || k >= n) {
    // Every single slot is a run, and k = n leaves at most the one window of all slots.
    if (k == n && n > 1 && w.window.empty()) return out.add({});
    return exactly(cnf, w.lits, k);
  }
  if (w.window.empty()) return out.add({});
  // When every k-subset is a run (say k = n-1 on a ring), contiguity adds nothing.
  std::size_t subsets = 1;
  for (int i = 1; i <= k && subsets <= w.window.size(); ++i) subsets = subsets * (n - k + i) / i;
  if (subsets == w.window.size()) return exactly(cnf, w.lits, k);
  if (w.window.size() == 1) {
    for (int j = 0; j < n; ++j) out.add({w.lits[j] ^ !covers(w.window[0], j)});
    return;
  }
  // On lines both ways of ruling out windows work; take the smaller. (The automaton of
  // not_connected, accepting one run instead, was never smaller in our measurements.)
  bool order = false;
  if (w.on_lines) {
    ClauseWriter with_order, without;
    encode_windows(with_order, w, true);
    encode_windows(without, w, false);
    order = std::pair(with_order.clauses(), with_order.vars()) < std::pair(without.clauses(), without.vars());
  }
  encode_windows(out, w, order);
}

void not_connected(sat::Cnf& cnf, std::span<const Slot> slots, int k, Topology topology, GapRule gaps) {
  ClauseWriter out(cnf);
  const ReadingOrder r = reading_order(slots, topology, gaps);
  if (k <= 1 || k > static_cast<int>(r.x.size())) return out.add({});
  // The automaton has up to (k+1) x 4 states per slot (x 16 on a ring).
  const double states = (k + 1.0) * (r.cyclic ? 16 : 4) * static_cast<double>(r.x.size());
  refuse_if_too_large(states, kMaxStates, "automaton states", "notconnected", r.x.size(), k);
  encode_not_one_run(out, r, k);
}

}  // namespace puzzlesat::enc

#include <puzzlesat/cardinality.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <puzzlesat/clause_writer.h>
#include "encodings/counters.h"

namespace puzzlesat::enc {
namespace {

using detail::Bound;

constexpr std::array<std::pair<std::string_view, CardEncoding>, 5> kNames{{
    {"auto", CardEncoding::automatic},
    {"pairwise", CardEncoding::pairwise},
    {"seqcounter", CardEncoding::seqcounter},
    {"totalizer", CardEncoding::totalizer},
    {"cardnet", CardEncoding::cardnet},
}};

// Beyond this many clauses an encoding is refused (std::invalid_argument) rather than
// built: a puzzle never needs it, and it keeps `puzzlesat encode` from exhausting memory.
constexpr std::size_t kMaxClauses = 10'000'000;

// count(lits) <bound> k, tidied so that each variable occurs with one polarity.
struct Request {
  std::vector<sat::Lit> lits;
  int k;
  Bound bound;
};

// A literal next to its complement contributes exactly one true: drop the pair, lower k.
// A literal repeated more often than the bound allows is fixed (a weight the encodings
// would not propagate on their own).
Request normalise(ClauseWriter& out, std::span<const sat::Lit> lits, int k, Bound bound) {
  // The common case, every variable once, needs no tidying: checked on a sorted copy,
  // which is much cheaper than the map below for the small constraints puzzles repeat.
  std::vector<sat::Lit> sorted(lits.begin(), lits.end());
  std::sort(sorted.begin(), sorted.end());
  bool distinct = true;
  for (std::size_t i = 1; i < sorted.size() && distinct; ++i)
    distinct = sorted[i].var() != sorted[i - 1].var();
  if (distinct) return Request{std::vector<sat::Lit>(lits.begin(), lits.end()), k, bound};

  std::map<sat::Var, std::pair<int, int>> count;  // var -> (positive, negative) occurrences
  std::vector<sat::Var> order;
  for (sat::Lit l : lits) {
    auto [it, fresh] = count.try_emplace(l.var(), 0, 0);
    if (fresh) order.push_back(l.var());
    (l.negated() ? it->second.second : it->second.first) += 1;
  }
  std::vector<std::pair<sat::Lit, int>> weighted;
  for (sat::Var v : order) {
    auto [pos, neg] = count[v];
    k -= std::min(pos, neg);
    if (pos != neg) weighted.emplace_back(sat::Lit(v, neg > pos), std::abs(pos - neg));
  }
  int n = 0;
  for (auto& [l, w] : weighted) n += w;
  // Fix heavy literals until none is left (fixing one changes n or k for the rest).
  for (bool changed = true; changed;) {
    changed = false;
    for (auto& [l, w] : weighted) {
      if (w < 2) continue;
      if (bound != Bound::at_least && w > k) {  // true would overshoot k
        out.add({~l});
        n -= w, w = 0, changed = true;
      } else if (bound != Bound::at_most && n - w < k) {  // false would fall short of k
        out.add({l});
        n -= w, k -= w, w = 0, changed = true;
      }
    }
  }
  Request r{{}, k, bound};
  for (auto& [l, w] : weighted)
    for (int i = 0; i < w; ++i) r.lits.push_back(l);
  return r;
}

// Handles k at or beyond the ends; returns false when an encoding is needed.
bool trivial(ClauseWriter& out, const Request& r) {
  const int n = static_cast<int>(r.lits.size());
  const bool up = r.bound != Bound::at_least, down = r.bound != Bound::at_most;
  if ((up && r.k < 0) || (down && r.k > n)) {
    out.add({});
    return true;
  }
  if ((!up || r.k >= n) && (!down || r.k <= 0)) return true;  // always satisfied
  if (up && r.k == 0) {
    for (sat::Lit l : r.lits) out.add({~l});
    return true;
  }
  if (down && r.k == n) {
    for (sat::Lit l : r.lits) out.add({l});
    return true;
  }
  // at-most-k with k >= n or at-least with k <= 0 were caught above.
  return false;
}

void run(ClauseWriter& out, CardEncoding e, std::span<const sat::Lit> lits, int k, Bound bound) {
  switch (e) {
    case CardEncoding::pairwise: return detail::encode_pairwise(out, lits, k, bound);
    case CardEncoding::seqcounter: return detail::encode_seqcounter(out, lits, k, bound);
    case CardEncoding::totalizer: return detail::encode_totalizer(out, lits, k, bound);
    case CardEncoding::cardnet: return detail::encode_cardnet(out, lits, k, bound);
    case CardEncoding::automatic: break;
  }
}

// The same constraint over the complements: at most k true is at least n-k false.
Request mirror(const Request& r) {
  Request m{{}, static_cast<int>(r.lits.size()) - r.k, r.bound};
  for (sat::Lit l : r.lits) m.lits.push_back(~l);
  if (r.bound == Bound::at_most) m.bound = Bound::at_least;
  if (r.bound == Bound::at_least) m.bound = Bound::at_most;
  return m;
}

struct Choice {
  CardEncoding encoding;
  bool mirrored;
};

// The smallest (clauses, then auxiliaries) way to write r with the allowed encodings,
// found by running each candidate in counting mode.
// A floor under the clauses of e, cheap to compute, so that hopeless candidates are not
// even counted (counting a sequential counter for n = 10^5, k = n/2 would take long).
std::size_t at_least_clauses(CardEncoding e, const Request& q) {
  const std::size_t n = q.lits.size(), k = static_cast<std::size_t>(q.k);
  switch (e) {
    case CardEncoding::pairwise: return detail::pairwise_clauses(static_cast<int>(n), q.k, q.bound, kMaxClauses);
    case CardEncoding::seqcounter: return k * (n - k);  // a clause per register at least
    case CardEncoding::totalizer: return std::min(n / 2, k + 1) * std::min(n - n / 2, k + 1);  // the top merge
    case CardEncoding::cardnet: {
      // About n log²(k+1) / 4 comparators of up to 3 clauses; half of that is below every
      // size we measured (29233 clauses where this gives 12076 at n = 1000, k = 50).
      // Exactly-k writes both directions, twice the clauses.
      const double depth = std::log2(static_cast<double>(std::min(n, k + 1)));
      const double directions = q.bound == detail::Bound::exactly ? 2 : 1;
      return static_cast<std::size_t>(static_cast<double>(n) * depth * depth * 3 / 8 * directions);
    }
    case CardEncoding::automatic: break;
  }
  return 0;
}

// The smallest (clauses, then auxiliaries) way to write r with the allowed encodings,
// found by running each candidate in counting mode.
Choice choose(const Request& r, CardEncoding requested) {
  const int n = static_cast<int>(r.lits.size());
  std::vector<CardEncoding> candidates;
  if (requested == CardEncoding::automatic)
    candidates = {CardEncoding::pairwise, CardEncoding::seqcounter, CardEncoding::totalizer, CardEncoding::cardnet};
  else
    candidates = {requested};
  Choice best{CardEncoding::automatic, false};
  std::pair<std::size_t, int> best_size{kMaxClauses + 1, 0};
  // Sizes grow with k, so the mirrored form is only worth trying when its k is no larger.
  const int mirrored_k = n - r.k;
  for (bool mirrored : {false, true}) {
    if ((mirrored ? mirrored_k - r.k : r.k - mirrored_k) > 1) continue;
    const Request q = mirrored ? mirror(r) : r;
    for (CardEncoding e : candidates) {
      if (at_least_clauses(e, q) >= best_size.first) continue;
      std::pair<std::size_t, int> size;
      if (e == CardEncoding::pairwise) {
        size = {detail::pairwise_clauses(n, q.k, q.bound, kMaxClauses), 0};
      } else {
        ClauseWriter counter;
        run(counter, e, q.lits, q.k, q.bound);
        size = {counter.clauses(), counter.vars()};
      }
      if (size < best_size) best_size = size, best = {e, mirrored};
    }
  }
  if (best.encoding == CardEncoding::automatic)
    throw std::invalid_argument(std::string(to_string(requested)) + " encoding of this constraint over " +
                                std::to_string(n) + " literals would need more than " +
                                std::to_string(kMaxClauses) + " clauses");
  return best;
}

void encode(sat::Cnf& cnf, std::span<const sat::Lit> lits, int k, Bound bound, CardEncoding e) {
  ClauseWriter out(cnf);
  Request r = normalise(out, lits, k, bound);
  if (trivial(out, r)) return;
  // Sizes depend on (n, k, bound) only, and puzzles repeat the same shapes many times.
  thread_local std::map<std::tuple<std::size_t, int, Bound, CardEncoding>, Choice> cache;
  const auto key = std::tuple(r.lits.size(), r.k, r.bound, e);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, choose(r, e)).first;
  const Choice c = it->second;
  const Request q = c.mirrored ? mirror(r) : r;
  run(out, c.encoding, q.lits, q.k, q.bound);
}

}  // namespace

std::optional<CardEncoding> parse_card_encoding(std::string_view name) {
  for (auto [n, e] : kNames)
    if (n == name) return e;
  return std::nullopt;
}

std::string_view to_string(CardEncoding e) {
  for (auto [n, v] : kNames)
    if (v == e) return n;
  return "?";
}

void at_most(sat::Cnf& cnf, std::span<const sat::Lit> lits, int k, CardEncoding e) {
  encode(cnf, lits, k, Bound::at_most, e);
}
void at_least(sat::Cnf& cnf, std::span<const sat::Lit> lits, int k, CardEncoding e) {
  encode(cnf, lits, k, Bound::at_least, e);
}
void exactly(sat::Cnf& cnf, std::span<const sat::Lit> lits, int k, CardEncoding e) {
  encode(cnf, lits, k, Bound::exactly, e);
}

}  // namespace puzzlesat::enc

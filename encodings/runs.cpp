#include <puzzlesat/runs.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include <puzzlesat/regular.h>

namespace puzzlesat::enc {
namespace {

// The automaton: state p = how much of the pattern 1^a 0 1^b 0 ... 1^z has been read; a 0
// may repeat before a run and after the last one, never inside a run.
void encode_automaton(ClauseWriter& out, std::span<const sat::Lit> cells, std::span<const int> runs) {
  std::vector<bool> pattern;
  for (int run : runs) {
    if (!pattern.empty()) pattern.push_back(false);
    pattern.insert(pattern.end(), static_cast<std::size_t>(run), true);
  }
  const int end = static_cast<int>(pattern.size());
  detail::Automaton a;
  a.next = [&](int p, int, bool filled) {
    if (p == end) return filled ? -1 : end;
    if (pattern[static_cast<std::size_t>(p)]) {
      const bool between_runs = p == 0 || !pattern[static_cast<std::size_t>(p) - 1];
      return filled ? p + 1 : between_runs ? p : -1;
    }
    return filled ? -1 : p + 1;
  };
  a.accepts = [&](int p) { return p == end; };
  detail::encode_regular(out, cells, a);
}

// Run j may start anywhere in [first[j], last[j]], the places the other runs leave it. The
// order literal "run j starts at or before p" is a constant outside that range, so the
// clauses below need no edge cases (ClauseWriter drops constants).
void encode_starts(ClauseWriter& out, std::span<const sat::Lit> cells, std::span<const int> runs) {
  const int n = static_cast<int>(cells.size());
  const std::size_t k = runs.size();
  std::vector<int> first(k), last(k);
  for (std::size_t j = 0, p = 0; j < k; p += static_cast<std::size_t>(runs[j]) + 1, ++j) first[j] = static_cast<int>(p);
  for (std::size_t j = k, end = cells.size(); j-- > 0;) {
    last[j] = static_cast<int>(end) - runs[j];
    end = static_cast<std::size_t>(std::max(0, last[j] - 1));  // below 0 the runs do not fit anyway
  }
  if (k > 0 && first[0] > last[0]) return out.add({});  // the runs are longer than the line

  std::vector<std::vector<sat::Lit>> order(k);
  for (std::size_t j = 0; j < k; ++j)
    for (int p = first[j]; p < last[j]; ++p) order[j].push_back(out.fresh());
  const auto starts_by = [&](std::size_t j, int p) {  // run j starts at or before p
    if (p < first[j]) return kFalse;
    if (p >= last[j]) return kTrue;
    return order[j][static_cast<std::size_t>(p - first[j])];
  };
  std::vector<std::vector<sat::Lit>> covered_by(cells.size());
  for (std::size_t j = 0; j < k; ++j) {
    for (int p = first[j]; p < last[j]; ++p) out.add({~starts_by(j, p), starts_by(j, p + 1)});
    // Run j + 1 starts after run j ends and one empty cell.
    if (j + 1 < k)
      for (int p = first[j + 1]; p < last[j + 1]; ++p) out.add({~starts_by(j + 1, p), starts_by(j, p - runs[j] - 1)});
    // Run j covers cell i iff it starts at or before i and not at or before i - length.
    for (int i = first[j]; i < last[j] + runs[j]; ++i) {
      const sat::Lit started = starts_by(j, i), passed = starts_by(j, i - runs[j]);
      const sat::Lit covers = out.fresh();
      out.add({~covers, started});
      out.add({~covers, ~passed});
      out.add({covers, ~started, passed});
      out.add({~covers, cells[static_cast<std::size_t>(i)]});
      covered_by[static_cast<std::size_t>(i)].push_back(covers);
    }
  }
  // A filled cell is covered by some run (and a covered one is filled, above).
  for (int i = 0; i < n; ++i) {
    std::vector<sat::Lit> clause = {~cells[static_cast<std::size_t>(i)]};
    for (sat::Lit covers : covered_by[static_cast<std::size_t>(i)]) clause.push_back(covers);
    out.add(clause);
  }
}

}  // namespace

void encode_runs(ClauseWriter& out, std::span<const sat::Lit> cells, std::span<const int> runs, RunsEncoding encoding) {
  for (int run : runs)
    if (run <= 0) throw std::invalid_argument("encode_runs: a run's length must be positive");
  if (encoding != RunsEncoding::starts) encode_automaton(out, cells, runs);
  if (encoding != RunsEncoding::automaton) encode_starts(out, cells, runs);
}

}  // namespace puzzlesat::enc

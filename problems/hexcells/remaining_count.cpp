#include "problems/hexcells/remaining_count.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace puzzlesat::hexcells {
namespace {

// A constraint's hidden cells and the number of them that must be blue (revealed blue
// cells lower it), as encode() sees a count.
std::pair<std::vector<Pos>, int> hidden_count(const Constraint& c, const Board& board) {
  std::vector<Pos> hidden;
  int k = c.number;
  for (const auto& s : c.slots) {
    if (!s) continue;
    if (board.at(*s).hidden()) hidden.push_back(*s);
    else k -= board.at(*s).color == Color::blue;
  }
  return {hidden, k};
}

// Unary counts: out[i] is true iff at least i + 1 of the counted cells are blue. merge()
// writes both directions of the Bailleux–Boufkhad adder, so unit propagation carries lower
// bounds up the tree and upper bounds down it.
using Unary = std::vector<sat::Lit>;

Unary merge(sat::Cnf& cnf, const Unary& a, const Unary& b) {
  Unary c;
  for (std::size_t i = 0; i < a.size() + b.size(); ++i) c.push_back(cnf.new_lit(""));
  for (std::size_t i = 0; i <= a.size(); ++i) {
    for (std::size_t j = 0; j <= b.size(); ++j) {
      std::vector<sat::Lit> up, down;  // a >= i and b >= j  =>  c >= i + j; and the converse
      if (i > 0) up.push_back(~a[i - 1]);
      if (j > 0) up.push_back(~b[j - 1]);
      if (i + j > 0) {
        up.push_back(c[i + j - 1]);
        cnf.add_clause(up);
      }
      if (i < a.size()) down.push_back(a[i]);
      if (j < b.size()) down.push_back(b[j]);
      if (i + j < c.size()) {
        down.push_back(~c[i + j]);
        cnf.add_clause(down);
      }
    }
  }
  return c;
}

Unary sum(sat::Cnf& cnf, std::vector<Unary> parts) {
  if (parts.empty()) return {};
  while (parts.size() > 1) {
    std::vector<Unary> next;
    for (std::size_t i = 0; i + 1 < parts.size(); i += 2) next.push_back(merge(cnf, parts[i], parts[i + 1]));
    if (parts.size() % 2) next.push_back(parts.back());
    parts = std::move(next);
  }
  return parts[0];
}

void require_exactly(sat::Cnf& cnf, const Unary& count, int k) {
  if (k > 0) cnf.add_unit(k <= static_cast<int>(count.size()) ? count[k - 1] : cnf.false_lit());
  if (k >= 0 && k < static_cast<int>(count.size())) cnf.add_unit(~count[k]);
  if (k < 0) cnf.add_unit(cnf.false_lit());
}

}  // namespace

void add_shared_remaining_count(sat::Cnf& cnf, const Board& board, std::span<const Constraint> constraints,
                                const std::function<sat::Lit(Pos)>& cell_lit,
                                const std::function<std::optional<sat::Lit>(std::size_t)>& guard_of) {
  const auto remaining = std::find_if(constraints.begin(), constraints.end(), [](const Constraint& c) { return c.is_remaining; });
  if (remaining == constraints.end()) return;
  // Largest hints first, as deduce packs them: they take the most cells out of the rest.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < constraints.size(); ++i)
    if (!constraints[i].is_remaining) order.push_back(i);
  // Per constraint index (REMAINING's entry stays unused): hidden cells and count.
  std::vector<std::pair<std::vector<Pos>, int>> counts(constraints.size());
  for (std::size_t i : order) counts[i] = hidden_count(constraints[i], board);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return counts[a].first.size() > counts[b].first.size(); });
  std::set<Pos> grouped;
  std::vector<Unary> groups;
  cnf.add_comment("the hints' counts again, as parts of a second count of REMAINING");
  for (std::size_t i : order) {
    const auto& [hidden, k] = counts[i];
    if (hidden.empty() || std::any_of(hidden.begin(), hidden.end(), [&](Pos p) { return grouped.count(p) > 0; }))
      continue;
    std::vector<Unary> leaves;
    for (Pos p : hidden) {
      grouped.insert(p);
      leaves.push_back({cell_lit(p)});
    }
    groups.push_back(sum(cnf, leaves));
    const std::optional<sat::Lit> guard = guard_of(i);
    if (guard) cnf.push_guard(*guard);
    require_exactly(cnf, groups.back(), k);
    if (guard) cnf.pop_guard();
  }
  std::vector<Unary> rest;
  for (Pos p : board.hidden_cells())
    if (!grouped.count(p)) rest.push_back({cell_lit(p)});
  if (!rest.empty()) groups.push_back(sum(cnf, rest));
  const Unary total = sum(cnf, groups);
  const std::optional<sat::Lit> guard = guard_of(static_cast<std::size_t>(remaining - constraints.begin()));
  if (guard) cnf.push_guard(*guard);
  require_exactly(cnf, total, hidden_count(*remaining, board).second);
  if (guard) cnf.pop_guard();
}

}  // namespace puzzlesat::hexcells

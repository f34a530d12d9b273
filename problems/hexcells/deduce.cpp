#include "problems/hexcells/deduce.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/encode.h"
#include "sat/backbone.h"
#include "sat/solver.h"

namespace puzzlesat::hexcells {
namespace {

// A constraint reduced to what is still open: its hidden cells and how many of them
// must be blue (for contiguity the full constraint is kept for the encoding).
struct Open {
  Constraint constraint;
  std::vector<Pos> hidden;
  int blue_needed = 0;
};

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(int n) : parent(static_cast<std::size_t>(n)) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int a) {
    while (parent[static_cast<std::size_t>(a)] != a) a = parent[static_cast<std::size_t>(a)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(a)])];
    return a;
  }
  void unite(int a, int b) { parent[static_cast<std::size_t>(find(a))] = find(b); }
};

std::string signature(const std::vector<const Open*>& group) {
  std::string s;
  for (const Open* o : group) {
    const Constraint& c = o->constraint;
    s += c.is_remaining ? "R" : to_string(c.source);
    s += std::to_string(static_cast<int>(c.rule)) + ":" + std::to_string(o->blue_needed) + "[";
    for (Pos p : o->hidden) s += to_string(p);
    s += "]";
  }
  return s;
}

}  // namespace

Deduction Deducer::deduce(const Board& board) {
  Deduction result;
  auto colour = [&](Pos p) { return board.at(p).color; };

  // 1. Open constraints: drop the ones with nothing hidden (after checking them).
  std::vector<Open> open;
  std::vector<Open> hints;
  Open remaining;
  for (Constraint& c : visible_constraints(board)) {
    Open o;
    o.blue_needed = c.number;
    for (const auto& s : c.slots) {
      if (!s) continue;
      if (board.at(*s).hidden())
        o.hidden.push_back(*s);
      else
        o.blue_needed -= colour(*s) == Color::blue;
    }
    if (o.blue_needed < 0 || o.blue_needed > static_cast<int>(o.hidden.size())) {
      result.consistent = false;
      return result;
    }
    if (o.hidden.empty()) {
      if (!holds(c, colour)) {
        result.consistent = false;
        return result;
      }
      continue;
    }
    o.constraint = std::move(c);
    if (o.constraint.is_remaining)
      remaining = std::move(o);
    else
      hints.push_back(std::move(o));
  }
  std::vector<Pos> hidden = board.hidden_cells();
  if (hidden.empty()) return result;
  std::map<Pos, int> index;
  for (std::size_t i = 0; i < hidden.size(); ++i) index[hidden[i]] = static_cast<int>(i);

  // 2. REMAINING over the cells no packed hint covers, less the blues those hints hold.
  if (options_.pack_disjoint_hints) {
    std::vector<const Open*> order;
    for (const Open& h : hints) order.push_back(&h);
    std::stable_sort(order.begin(), order.end(),
                     [](const Open* a, const Open* b) { return a->hidden.size() > b->hidden.size(); });
    std::vector<bool> covered(hidden.size(), false);
    for (const Open* h : order) {
      bool disjoint = std::none_of(h->hidden.begin(), h->hidden.end(),
                                   [&](Pos p) { return covered[static_cast<std::size_t>(index[p])]; });
      if (!disjoint) continue;
      for (Pos p : h->hidden) covered[static_cast<std::size_t>(index[p])] = true;
      remaining.blue_needed -= h->blue_needed;
    }
    std::vector<Pos> rest;
    for (Pos p : remaining.hidden)
      if (!covered[static_cast<std::size_t>(index[p])]) rest.push_back(p);
    remaining.hidden = std::move(rest);
    remaining.constraint.slots.assign(remaining.hidden.begin(), remaining.hidden.end());
    remaining.constraint.number = remaining.blue_needed;
  }
  int rest_size = static_cast<int>(remaining.hidden.size());
  if (remaining.blue_needed < 0 || remaining.blue_needed > rest_size) {
    result.consistent = false;
    return result;
  }
  // All of the rest black (or all blue) is a set of units: it ties no cells together.
  bool remaining_couples = remaining.blue_needed > 0 && remaining.blue_needed < rest_size;

  // 3. Independent groups of cells.
  UnionFind uf(static_cast<int>(hidden.size()));
  auto unite_all = [&](const std::vector<Pos>& cells) {
    for (std::size_t i = 1; i < cells.size(); ++i) uf.unite(index[cells[0]], index[cells[i]]);
  };
  if (!options_.split_components) unite_all(hidden);
  for (const Open& h : hints) unite_all(h.hidden);
  if (remaining_couples) unite_all(remaining.hidden);

  std::map<int, std::vector<const Open*>> groups;
  std::map<int, std::vector<Pos>> group_cells;
  for (Pos p : hidden) group_cells[uf.find(index[p])].push_back(p);
  for (const Open& h : hints) groups[uf.find(index[h.hidden[0]])].push_back(&h);
  std::map<int, Open> local_remaining;  // the units, when REMAINING ties nothing together
  for (Pos p : remaining.hidden) {
    int root = uf.find(index[p]);
    if (remaining_couples) {
      auto& g = groups[root];
      if (g.empty() || g.back() != &remaining) g.push_back(&remaining);
      continue;
    }
    Open& local = local_remaining[root];
    local.constraint.is_remaining = true;
    local.hidden.push_back(p);
    local.constraint.slots.emplace_back(p);
    local.blue_needed = local.constraint.number = remaining.blue_needed == 0 ? 0 : static_cast<int>(local.hidden.size());
  }
  for (auto& [root, local] : local_remaining) groups[root].push_back(&local);

  // 4. One solver per group; the backbone of each.
  std::vector<Pos> blue, black;
  for (auto& [root, cells] : group_cells) {
    ++result.stats.components;
    auto& group = groups[root];
    std::string sig = signature(group) + "|" + std::to_string(cells.size());
    if (settled_.count(sig)) continue;
    ++result.stats.components_solved;
    sat::Cnf cnf;
    CellVars vars(cnf);
    for (Pos p : cells) vars.cell(p);
    for (const Open* o : group) encode(cnf, vars, o->constraint, board);
    auto solver = sat::make_solver();
    solver->add_cnf(cnf);
    std::vector<sat::Lit> candidates;
    for (Pos p : cells) candidates.push_back(vars.cell(p));
    sat::BackboneResult bb = sat::compute_backbone(*solver, candidates);
    result.stats.solver_calls += bb.solver_calls;
    if (bb.status != sat::Status::sat) {
      result.consistent = false;
      return result;
    }
    std::map<sat::Var, Pos> cell_of;
    for (const auto& [p, l] : vars.all()) cell_of[l.var()] = p;
    for (sat::Lit l : bb.forced) (l.negated() ? black : blue).push_back(cell_of.at(l.var()));
    if (bb.forced.empty()) settled_.insert(sig);
  }
  std::sort(blue.begin(), blue.end(), [](Pos a, Pos b) { return std::tie(a.y, a.x) < std::tie(b.y, b.x); });
  std::sort(black.begin(), black.end(), [](Pos a, Pos b) { return std::tie(a.y, a.x) < std::tie(b.y, b.x); });
  result.blue = std::move(blue);
  result.black = std::move(black);
  return result;
}

}  // namespace puzzlesat::hexcells

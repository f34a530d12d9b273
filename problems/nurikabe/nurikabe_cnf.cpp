// The complete Nurikabe formula, for export: the local rules with every number switched on,
// plus exact encodings of the global rules, so that any model of it is a solution.
//
// - Islands: own(r,c)=k says the white cell (r,c) belongs to the k-th number (only numbers
//   close enough to reach it are candidates). A white cell has exactly one owner, a number
//   owns itself, two white neighbours have the same owner, and number k owns exactly n_k
//   cells. reach(r,c)@d: the cell is white and within d white steps of a number; every white
//   cell must be reached within the largest island's size. Together: every white region holds
//   exactly one number, and has its size.
// - Wall: at most one root(r,c), which is black; wall(r,c)@d: black and within d black steps
//   of the root; every black cell is reached. So the black cells are one region.
#include "nurikabe.h"
#include "nurikabe_rules.h"

#include <puzzlesat/input_error.h>

#include <algorithm>
#include <cstdlib>

namespace nurikabe {

using puzzlesat::Cell;
using puzzlesat::sat::Lit;

namespace {

// Rooted reachability by levels over the cells where member[i] holds: level[d][i] means
// "cell i is a member reached from a start cell within d steps". start[i] is the level-0
// literal (it must imply membership). Every member must be reached by level `depth`.
void reachability(puzzlesat::sat::Cnf& cnf, const puzzlesat::RectGrid& g, const std::vector<Lit>& member,
                  const std::vector<Lit>& start, int depth, const std::string& name) {
  std::vector<Lit> prev = start;
  for (int d = 1; d <= depth; ++d) {
    std::vector<Lit> level;
    for (Cell c : g.cells()) {
      const std::size_t i = g.index(c);
      const Lit l = cnf.new_lit(name + "(" + g.name(c) + ")@" + std::to_string(d));
      std::vector<Lit> why{~l, prev[i]};  // reached now: reached before, or a neighbour was
      for (Cell n : g.neighbors4(c)) why.push_back(prev[g.index(n)]);
      cnf.add_clause(why);
      cnf.add_clause({~l, member[i]});
      level.push_back(l);
    }
    prev = std::move(level);
  }
  for (std::size_t i = 0; i < member.size(); ++i) cnf.add_clause({~member[i], prev[i]});
}

}  // namespace

puzzlesat::sat::Cnf complete_cnf(const Puzzle& p) {
  Rules r = local_rules(p);
  auto& cnf = r.m.cnf();
  const puzzlesat::RectGrid g = p.grid();
  const int cells = static_cast<int>(g.size());
  for (Cell n : r.numbers)
    if (p.at(n) > 0) cnf.add_unit(r.on[g.index(n)]);  // every number counts

  int island_depth = 0, white_min = 0;  // the longest island path; the fewest white cells
  for (Cell n : r.numbers) {
    island_depth = std::max(island_depth, (p.at(n) > 0 ? p.at(n) : cells) - 1);
    white_min += p.at(n) > 0 ? p.at(n) : 1;
  }
  const int wall_depth = std::max(0, cells - white_min - 1);
  const double literals = 6.0 * cells * (island_depth + wall_depth + 2) + 4.0 * cells * r.numbers.size();
  if (literals > 5e7)
    throw puzzlesat::InputError("the complete formula of a " + std::to_string(p.rows) + "x" + std::to_string(p.cols) +
                                " grid would be too large to write (about " + std::to_string(static_cast<long long>(literals)) +
                                " literals)");

  std::vector<Lit> white;
  for (Lit b : r.black) white.push_back(~b);
  // Islands: owners.
  std::vector<std::vector<Lit>> owner(g.size(), std::vector<Lit>(r.numbers.size()));  // undefined: cannot own
  for (std::size_t k = 0; k < r.numbers.size(); ++k) {
    const Cell n = r.numbers[k];
    std::vector<Lit> owned;
    for (Cell c : g.cells()) {
      if (p.at(n) > 0 && std::abs(n.row - c.row) + std::abs(n.col - c.col) >= p.at(n)) continue;
      const Lit o = cnf.new_lit("own(" + g.name(c) + ")=" + std::to_string(k));
      owner[g.index(c)][k] = o;
      cnf.add_clause({~o, white[g.index(c)]});
      owned.push_back(o);
    }
    cnf.add_unit(owner[g.index(n)][k]);
    if (p.at(n) > 0) r.m.require(puzzlesat::count_true(owned) == p.at(n));
  }
  for (Cell c : g.cells()) {
    std::vector<Lit> some{~white[g.index(c)]};
    for (Lit o : owner[g.index(c)])
      if (o.valid()) some.push_back(o);
    cnf.add_clause(some);
    r.m.require(puzzlesat::count_true(std::vector<Lit>(some.begin() + 1, some.end())) <= 1);
    for (Cell n : g.neighbors4(c)) {  // white neighbours share their owner
      for (std::size_t k = 0; k < r.numbers.size(); ++k) {
        const Lit o = owner[g.index(c)][k];
        if (!o.valid()) continue;
        std::vector<Lit> same{~white[g.index(c)], ~white[g.index(n)], ~o};
        if (owner[g.index(n)][k].valid()) same.push_back(owner[g.index(n)][k]);
        cnf.add_clause(same);
      }
    }
  }
  // Islands: every white cell is within island_depth white steps of a number.
  std::vector<Lit> start;
  for (Cell c : g.cells()) start.push_back(p.at(c) != kNoNumber ? cnf.true_lit() : cnf.false_lit());
  reachability(cnf, g, white, start, island_depth, "reach");
  // Wall: one root, every black cell reached from it.
  std::vector<Lit> root;
  for (Cell c : g.cells()) {
    root.push_back(cnf.new_lit("root(" + g.name(c) + ")"));
    cnf.add_clause({~root.back(), r.black[g.index(c)]});
  }
  r.m.require(puzzlesat::count_true(root) <= 1);
  const Lit rooted = cnf.new_lit("rooted");  // some cell is the root
  std::vector<Lit> some_root = root;
  some_root.push_back(~rooted);
  cnf.add_clause(some_root);
  for (Lit b : r.black) cnf.add_clause({~b, rooted});
  reachability(cnf, g, r.black, root, wall_depth, "wall");
  return std::move(cnf);
}

}  // namespace nurikabe

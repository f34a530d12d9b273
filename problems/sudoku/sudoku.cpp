#include "sudoku.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <puzzlesat/enumerate.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::sudoku {

std::optional<Shape> default_shape(int n) {
  if (n < 1) return std::nullopt;
  int a = static_cast<int>(std::sqrt(static_cast<double>(n)));
  while (a > 1 && n % a) --a;
  if (a == 1 && n > 3) return std::nullopt;
  return Shape{a, n / a, false};
}

sat::Lit Rules::is(Cell c, int v) const {
  const int n = grid.rows();
  return digit[static_cast<std::size_t>((c.row * n + c.col) * n + v - 1)];
}

// [START model]
namespace {
// Every house: rows, columns, boxes, and with `diagonal` the two main diagonals.
std::vector<std::vector<Cell>> houses(const RectGrid& grid, const Shape& s) {
  const int n = grid.rows();
  std::vector<std::vector<Cell>> all = grid.rows_of_cells();
  for (auto& column : grid.columns()) all.push_back(column);
  for (int r = 0; r < n; r += s.box_rows)
    for (int c = 0; c < n; c += s.box_cols) all.push_back(grid.block({r, c}, s.box_rows, s.box_cols));
  if (s.diagonal) {
    all.emplace_back();
    all.emplace_back();
    for (int i = 0; i < n; ++i) {
      all[all.size() - 2].push_back({i, i});
      all.back().push_back({i, n - 1 - i});
    }
  }
  return all;
}
}  // namespace

Rules rules(const Puzzle& p, const std::string& solver) {
  const int n = p.size();
  Rules r{Model(solver), RectGrid(n, n), {}};
  for (Cell c : r.grid.cells())
    for (int v = 1; v <= n; ++v) r.digit.push_back(r.model.new_bool("d(" + r.grid.name(c) + ")=" + std::to_string(v)));
  for (Cell c : r.grid.cells()) {  // a digit per cell
    std::vector<sat::Lit> options;
    for (int v = 1; v <= n; ++v) options.push_back(r.is(c, v));
    r.model.require(count_true(options) == 1);
  }
  for (const auto& house : houses(r.grid, p.shape))  // each digit once per house
    for (int v = 1; v <= n; ++v) {
      std::vector<sat::Lit> places;
      for (Cell c : house) places.push_back(r.is(c, v));
      r.model.require(count_true(places) == 1);
    }
  for (Cell c : r.grid.cells())  // the givens, each a clue of its own
    if (int v = p.at(c)) {
      auto clue = r.model.clue("(" + r.grid.name(c) + ")=" + std::to_string(v));
      r.model.require(r.is(c, v));
    }
  return r;
}
// [END model]

bool is_solution(const Puzzle& p, const Grid& g) {
  const int n = p.size();
  if (g.size() != p.cells.size()) return false;
  for (std::size_t i = 0; i < g.size(); ++i)
    if (g[i] < 1 || g[i] > n || (p.cells[i] && p.cells[i] != g[i])) return false;
  const RectGrid grid(n, n);
  for (const auto& house : houses(grid, p.shape)) {
    std::vector<bool> seen(static_cast<std::size_t>(n) + 1, false);
    for (Cell c : house) {
      const int v = g[grid.index(c)];
      if (seen[static_cast<std::size_t>(v)]) return false;
      seen[static_cast<std::size_t>(v)] = true;
    }
  }
  return true;
}

Solutions solve(const Puzzle& p, const std::string& solver, std::size_t limit) {
  const Rules r = rules(p, solver);
  auto s = sat::make_solver(solver);
  s->add_cnf(r.model.cnf());
  std::vector<sat::Var> projection;
  for (sat::Lit l : r.digit) projection.push_back(l.var());
  const sat::EnumerationResult models = sat::enumerate_models(*s, projection, limit);
  if (!models.complete && models.models.size() < limit) throw std::runtime_error("the solver gave up");
  Solutions out;
  out.complete = models.complete;
  const std::size_t n = static_cast<std::size_t>(p.size());
  for (const auto& model : models.models) {
    Grid g(n * n, 0);
    for (std::size_t i = 0; i < model.size(); ++i)
      if (!model[i].negated()) g[i / n] = static_cast<int>(i % n) + 1;
    // An answer we print is an answer we checked.
    if (!is_solution(p, g)) throw std::logic_error("the SAT model is no Sudoku solution");
    out.grids.push_back(std::move(g));
  }
  return out;
}

std::optional<std::vector<Deduced>> deduce(const Puzzle& p, const std::string& solver, bool explain) {
  const Rules r = rules(p, solver);
  const puzzlesat::Forced f = r.model.forced(r.digit);
  if (!f.satisfiable) return std::nullopt;
  std::vector<Deduced> out;
  std::vector<sat::Lit> facts;
  const int n = p.size();
  for (Cell c : r.grid.cells()) {
    if (p.at(c)) continue;
    for (int v = 1; v <= n; ++v) {
      const std::size_t i = static_cast<std::size_t>((c.row * n + c.col) * n + v - 1);
      if (f.value[i] != true) continue;
      out.push_back({c, v, {}});
      facts.push_back(r.digit[i]);
    }
  }
  if (explain) {
    const auto why = r.model.explanations(facts);
    for (std::size_t k = 0; k < out.size(); ++k) {
      out[k].because = why[k].value().clues;
      out[k].smallest = why[k]->smallest;
    }
  }
  return out;
}

}  // namespace puzzlesat::sudoku

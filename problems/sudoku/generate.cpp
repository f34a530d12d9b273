// A Sudoku with a unique solution: a random full grid, then givens taken away one by one in
// random order, each only when SAT proves the remaining givens still allow no other grid.
#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

#include <puzzlesat/solver.h>

#include "sudoku.h"

namespace puzzlesat::sudoku {

namespace {

int uniform(std::mt19937_64& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// A full grid: n random givens (retried until they fit), solved, digits relabelled at random.
Grid random_grid(const Shape& shape, std::mt19937_64& rng, const std::string& solver) {
  const int n = shape.size();
  for (int attempt = 0; attempt < 1000; ++attempt) {
    Puzzle seeded{shape, std::vector<int>(static_cast<std::size_t>(n * n), 0)};
    for (int k = 0; k < n; ++k) seeded.cells[static_cast<std::size_t>(uniform(rng, 0, n * n - 1))] = uniform(rng, 1, n);
    Solutions s = solve(seeded, solver, 1);
    if (s.grids.empty()) continue;
    std::vector<int> relabel(static_cast<std::size_t>(n) + 1);
    std::iota(relabel.begin(), relabel.end(), 0);
    std::shuffle(relabel.begin() + 1, relabel.end(), rng);
    for (int& v : s.grids[0]) v = relabel[static_cast<std::size_t>(v)];
    return s.grids[0];
  }
  throw std::runtime_error("no full grid found for this shape");
}

}  // namespace

Puzzle generate(const Shape& shape, std::uint64_t seed, const std::string& solver) {
  std::mt19937_64 rng(seed);
  const Grid full = random_grid(shape, rng, solver);

  // One incremental solver: the rules without givens, and a clause that rules out `full`.
  // Givens are assumptions, so each question "is `full` still the only grid?" is one call.
  const Puzzle empty{shape, std::vector<int>(full.size(), 0)};
  const Rules r = rules(empty, solver);
  auto s = sat::make_solver(solver);
  s->add_cnf(r.model.cnf());
  std::vector<sat::Lit> other;
  for (Cell c : r.grid.cells()) other.push_back(~r.is(c, full[r.grid.index(c)]));
  s->add_clause(other);

  std::vector<bool> given(full.size(), true);
  std::vector<std::size_t> order(full.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  for (std::size_t x : order) {
    given[x] = false;
    std::vector<sat::Lit> assumptions;
    for (Cell c : r.grid.cells())
      if (given[r.grid.index(c)]) assumptions.push_back(r.is(c, full[r.grid.index(c)]));
    const sat::Status status = s->solve(assumptions);
    if (status == sat::Status::unknown) throw std::runtime_error("the solver gave up");
    if (status == sat::Status::sat) given[x] = true;  // another grid appears: x stays
  }

  Puzzle out{shape, std::vector<int>(full.size(), 0)};
  for (std::size_t i = 0; i < full.size(); ++i)
    if (given[i]) out.cells[i] = full[i];
  const Solutions check = solve(out, solver, 2);  // confirmed from scratch
  if (check.grids.size() != 1 || check.grids[0] != full) throw std::logic_error("the generated puzzle is not unique");
  return out;
}

}  // namespace puzzlesat::sudoku

#include "generate.h"

#include <puzzlesat/input_error.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace minesweeper {

using puzzlesat::Cell;

namespace {

// splitmix64: a fixed generator, so a seed names the same puzzle everywhere (the
// standard distributions are not specified bit for bit).
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), by rejection (no modulo bias).
  std::size_t below(std::size_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return static_cast<std::size_t>(x % n);
  }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
  }

 private:
  std::uint64_t state_;
};

bool unique(const Board& b, const std::string& solver) {
  return solve(b, solver, 2).layouts.size() == 1;
}

}  // namespace

Generated generate(const GenerateOptions& o) {
  constexpr int kMaxGenerateSide = 30;
  if (o.rows < 1 || o.cols < 1 || o.rows > kMaxGenerateSide || o.cols > kMaxGenerateSide)
    throw puzzlesat::InputError("--size must be from 1x1 to " + std::to_string(kMaxGenerateSide) + "x" +
                                std::to_string(kMaxGenerateSide));
  const int cells = o.rows * o.cols;
  if (o.mines < 0 || o.mines >= cells)
    throw puzzlesat::InputError("--mines must be from 0 to " + std::to_string(cells - 1) + " (one cell stays safe)");
  const puzzlesat::RectGrid grid(o.rows, o.cols);
  Random rng(o.seed);
  Generated g;
  for (g.layouts_tried = 1; g.layouts_tried <= 1000; ++g.layouts_tried) {
    std::vector<int> order(cells);
    std::iota(order.begin(), order.end(), 0);
    rng.shuffle(order);
    Layout layout(o.rows, std::string(o.cols, '.'));
    for (int i = 0; i < o.mines; ++i) layout[order[i] / o.cols][order[i] % o.cols] = '#';
    // A mine with no safe neighbour is seen by no number: no numbers can pin it down.
    const auto cells_list = grid.cells();
    const bool seen = std::all_of(cells_list.begin(), cells_list.end(), [&](Cell c) {
      if (layout[c.row][c.col] != '#') return true;
      const auto around = grid.neighbors8(c);
      return std::any_of(around.begin(), around.end(), [&](Cell d) { return layout[d.row][d.col] == '.'; });
    });
    if (!seen) continue;
    // Every safe cell numbered: the mines are exactly the unnumbered cells (a safe cell
    // there would take a mine from a number that sees it). Then drop what is not needed.
    const std::vector<std::string> numbers = numbers_of(layout);
    Board b;
    b.rows = numbers;
    for (std::string& row : b.rows) std::replace(row.begin(), row.end(), '#', kCovered);
    std::vector<Cell> numbered;
    for (Cell c : cells_list)
      if (layout[c.row][c.col] == '.') numbered.push_back(c);
    rng.shuffle(numbered);
    for (Cell c : numbered) {
      const char keep = b.at(c);
      b.at(c) = kCovered;
      if (!unique(b, o.solver)) b.at(c) = keep;
    }
    if (!unique(b, o.solver) || !agrees(b, layout)) throw std::logic_error("the generated puzzle lost its solution");
    g.puzzle = std::move(b);
    g.solution = std::move(layout);
    return g;
  }
  throw puzzlesat::InputError("no layout of " + std::to_string(o.mines) + " mines on " + std::to_string(o.rows) + "x" +
                              std::to_string(o.cols) + " lets numbers determine it (1000 tried); use fewer mines");
}

}  // namespace minesweeper

// A nonogram with a unique solution: start from a random picture; while its clues allow a
// second picture, flip a cell where the two differ (in the picture the clues come from) and
// ask again. Each flip changes the clues of one row and one column.
#include <random>
#include <stdexcept>

#include "nonogram.h"

namespace puzzlesat::nonogram {

Puzzle generate(int rows, int cols, std::uint64_t seed, const std::string& solver) {
  if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide) throw std::invalid_argument("bad nonogram size");
  std::mt19937_64 rng(seed);
  Picture picture(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
  for (auto& row : picture)
    for (char& c : row) c = std::bernoulli_distribution(0.55)(rng) ? '#' : '.';
  for (int round = 0; round < 100 * rows * cols; ++round) {
    const Puzzle p = clues_of(picture);
    const Solutions s = solve(p, solver, 2);
    if (s.pictures.size() == 1) return p;
    // Flip one cell, at random, among those where the picture and the other solution differ.
    const Picture& other = s.pictures[0] == picture ? s.pictures[1] : s.pictures[0];
    std::vector<std::pair<std::size_t, std::size_t>> differ;
    for (std::size_t r = 0; r < picture.size(); ++r)
      for (std::size_t c = 0; c < picture[r].size(); ++c)
        if (picture[r][c] != other[r][c]) differ.push_back({r, c});
    const auto [r, c] = differ[std::uniform_int_distribution<std::size_t>(0, differ.size() - 1)(rng)];
    picture[r][c] = picture[r][c] == '#' ? '.' : '#';
  }
  throw std::runtime_error("no unique nonogram found for this seed");
}

}  // namespace puzzlesat::nonogram

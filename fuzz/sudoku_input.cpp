// Sudoku inputs (problems/sudoku/sudoku.h): a grid as one line or as rows (layout and
// comments allowed), or a puzz.link URL (input starting with "p?" or "http"). What is read
// is written back in each form (line, rows, boxed drawing, URL) and reads the same; a 4x4
// puzzle has exactly the solutions found among all 288 4x4 grids (up to 17 listed;
// beyond that, 17 of them and "not all").
#include <algorithm>
#include <set>

#include "fuzz/fuzz_support.h"
#include "problems/sudoku/sudoku.h"

using namespace puzzlesat::sudoku;

namespace {
constexpr std::size_t kMaxInput = 4096;
// Solutions the solver lists (each one more SAT call) before a puzzle counts as "many".
constexpr std::size_t kLimit = 17;

bool same(const Puzzle& a, const Puzzle& b) {
  return a.shape.box_rows == b.shape.box_rows && a.shape.box_cols == b.shape.box_cols &&
         a.shape.diagonal == b.shape.diagonal && a.cells == b.cells;
}

// Every filled 4x4 grid with 2x2 boxes, by backtracking (is_solution on an empty puzzle
// judges each candidate, so the list does not depend on the code under test's solver).
const std::vector<Grid>& all_4x4() {
  static const std::vector<Grid> grids = [] {
    const Puzzle empty{Shape{2, 2, false}, std::vector<int>(16, 0)};
    std::vector<Grid> found;
    Grid g(16, 0);
    auto fill = [&](auto&& self, int i) -> void {
      if (i == 16) {
        if (is_solution(empty, g)) found.push_back(g);
        return;
      }
      for (int v = 1; v <= 4; ++v) {
        const int r = i / 4, c = i % 4;
        bool clash = false;
        for (int j = 0; j < i; ++j) {
          const int rj = j / 4, cj = j % 4;
          if (g[static_cast<std::size_t>(j)] == v && (rj == r || cj == c || (rj / 2 == r / 2 && cj / 2 == c / 2)))
            clash = true;
        }
        if (clash) continue;
        g[static_cast<std::size_t>(i)] = v;
        self(self, i + 1);
      }
      g[static_cast<std::size_t>(i)] = 0;
    };
    fill(fill, 0);
    FUZZ_CHECK(found.size() == 288);  // the known count: the brute force itself is sound
    return found;
  }();
  return grids;
}

void check(const Puzzle& p) {
  const int n = p.size();
  FUZZ_CHECK(n >= 1 && n <= kMaxSize);
  FUZZ_CHECK(p.cells.size() == static_cast<std::size_t>(n * n));
  FUZZ_CHECK(std::all_of(p.cells.begin(), p.cells.end(), [n](int v) { return v >= 0 && v <= n; }));
  FUZZ_CHECK(same(parse(to_line(p.cells), "line.txt", p.shape), p));
  std::string rows;
  for (const std::string& row : to_rows(p.cells, n)) rows += row + "\n";
  FUZZ_CHECK(same(parse(rows, "rows.txt", p.shape), p));
  FUZZ_CHECK(same(parse(draw(p.cells, p.shape), "drawn.txt", p.shape), p));
  if (!p.shape.diagonal) FUZZ_CHECK(parse_url(to_url(p), p.shape).cells == p.cells);
  if (n == 4 && p.shape.box_rows == 2 && !p.shape.diagonal) {
    std::set<Grid> expected;
    for (const Grid& g : all_4x4())
      if (is_solution(p, g)) expected.insert(g);
    const Solutions s = solve(p, "minisat", kLimit);
    puzzlesat::fuzz::check_listed(s.grids, s.complete, kLimit, expected);
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  const std::string text(puzzlesat::fuzz::as_text(data, size));
  const bool url = text.starts_with("p?") || text.starts_with("http");
  puzzlesat::fuzz::expect_input_error([&] { check(url ? parse_url(text, {}) : parse(text, "fuzz.txt", {})); });
  // The same input with a shape forced (as `--box 2x2 --diagonal` does).
  const Shape forced{2, 2, true};
  puzzlesat::fuzz::expect_input_error(
      [&] { check(url ? parse_url(text, forced) : parse(text, "fuzz.txt", forced)); });
  return 0;
}

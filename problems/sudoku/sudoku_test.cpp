#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include <puzzlesat/enumerate.h>
#include <puzzlesat/input_error.h>

#include "problems/sudoku/sudoku.h"
#include "tests/data_paths.h"

using namespace puzzlesat;
using namespace puzzlesat::sudoku;

namespace {

// Every filled grid of a shape, by plain backtracking (small shapes only).
std::vector<Grid> all_grids(const Shape& shape) {
  const int n = shape.size();
  std::vector<Grid> out;
  Grid g(static_cast<std::size_t>(n * n), 0);
  const Puzzle empty{shape, g};
  auto fits = [&](int i, int v) {
    const int r = i / n, c = i % n;
    for (int j = 0; j < i; ++j) {
      const int r2 = j / n, c2 = j % n;
      const bool same_box = r / shape.box_rows == r2 / shape.box_rows && c / shape.box_cols == c2 / shape.box_cols;
      const bool same_diag = shape.diagonal && ((r == c && r2 == c2) || (r + c == n - 1 && r2 + c2 == n - 1));
      if ((r == r2 || c == c2 || same_box || same_diag) && g[static_cast<std::size_t>(j)] == v) return false;
    }
    return true;
  };
  auto rec = [&](auto&& self, int i) -> void {
    if (i == n * n) {
      REQUIRE(is_solution(empty, g));
      out.push_back(g);
      return;
    }
    for (int v = 1; v <= n; ++v)
      if (fits(i, v)) {
        g[static_cast<std::size_t>(i)] = v;
        self(self, i + 1);
        g[static_cast<std::size_t>(i)] = 0;
      }
  };
  rec(rec, 0);
  return out;
}

void cross_check_with_brute_force(const Shape& shape, std::size_t expected_grids) {
  const std::vector<Grid> grids = all_grids(shape);
  REQUIRE(grids.size() == expected_grids);
  std::mt19937 rng(7);
  const int n = shape.size();
  for (int round = 0; round < 60; ++round) {
    // Givens from a grid (so usually solvable), a few cells of it, sometimes one wrong.
    const Grid& source = grids[rng() % grids.size()];
    Puzzle p{shape, Grid(source.size(), 0)};
    const int keep = 2 + static_cast<int>(rng() % 7);
    for (int k = 0; k < keep; ++k) {
      const std::size_t i = rng() % source.size();
      p.cells[i] = source[i];
    }
    if (round % 5 == 0) p.cells[rng() % source.size()] = 1 + static_cast<int>(rng() % n);
    std::set<Grid> expected;
    for (const Grid& g : grids)
      if (is_solution(p, g)) expected.insert(g);

    const Solutions all = solve(p, "minisat", sat::kNoLimit);
    CHECK(all.complete);
    CHECK(std::set<Grid>(all.grids.begin(), all.grids.end()) == expected);
    CHECK(all.grids.size() == expected.size());  // no solution twice
    CHECK(solve(p, "minisat", 2).grids.size() == std::min<std::size_t>(2, expected.size()));

    const auto forced = deduce(p, "minisat", false);
    REQUIRE(forced.has_value() == !expected.empty());
    if (expected.empty()) continue;
    std::set<std::pair<std::size_t, int>> want, got;
    for (std::size_t i = 0; i < p.cells.size(); ++i) {
      if (p.cells[i]) continue;
      const int v = expected.begin()->at(i);
      if (std::all_of(expected.begin(), expected.end(), [&](const Grid& g) { return g[i] == v; })) want.insert({i, v});
    }
    for (const Deduced& f : *forced) got.insert({static_cast<std::size_t>(f.cell.row * n + f.cell.col), f.value});
    CHECK(got == want);
  }
}

}  // namespace

TEST_CASE("sudoku 4x4: solutions, uniqueness and forced cells match brute force", "[sudoku]") {
  cross_check_with_brute_force({2, 2, false}, 288);
}

TEST_CASE("sudoku 4x4 diagonal: solutions, uniqueness and forced cells match brute force", "[sudoku]") {
  cross_check_with_brute_force({2, 2, true}, 48);
}

TEST_CASE("sudoku 2x3 boxes on 6x6 and 3x2 differ, and solutions respect them", "[sudoku]") {
  Puzzle p{{2, 3, false}, Grid(36, 0)};
  const Solutions a = solve(p, "minisat", 20);
  REQUIRE(a.grids.size() == 20);
  Puzzle tall{{3, 2, false}, Grid(36, 0)};
  for (const Grid& g : a.grids) CHECK(is_solution(p, g));
  // A 2x3-box grid is seldom a 3x2-box grid: the shape is really used.
  CHECK(std::count_if(a.grids.begin(), a.grids.end(), [&](const Grid& g) { return !is_solution(tall, g); }) > 0);
}

TEST_CASE("sudoku text: one line or a grid with separators, . and 0 empty", "[sudoku][format]") {
  const std::string line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
  const Puzzle a = parse(line, "a.txt", {});
  CHECK(a.size() == 9);
  CHECK(a.at({0, 0}) == 4);
  CHECK(a.at({0, 6}) == 8);
  CHECK(to_line(a.cells) + "\n" == line);
  const Puzzle b = parse("# comment\n" + draw(a.cells, a.shape), "b.txt", {});
  CHECK(b.cells == a.cells);
  const Puzzle c = parse("1 0 | 0 0\n0 0 | 3 0\n----+----\n0 4 | 0 0\n0 0 | 0 2\n", "c.txt", {});
  CHECK(c.size() == 4);
  CHECK(c.shape.box_rows == 2);
  CHECK(to_line(c.cells) == "1.....3..4.....2");
  CHECK(default_shape(6)->box_rows == 2);
  CHECK(default_shape(6)->box_cols == 3);
  CHECK(default_shape(16)->box_rows == 4);
  CHECK(!default_shape(7));
}

TEST_CASE("sudoku text errors name the file, line and column", "[sudoku][format]") {
  auto message = [](const std::string& text, std::optional<Shape> shape = {}) {
    try {
      parse(text, "p.txt", shape);
    } catch (const InputError& e) {
      return format_input_error(e.message(), e.where());
    }
    return std::string("no error");
  };
  CHECK(message("12.4\n..?.\n....\n....\n").rfind("p.txt:2:3: unexpected '?'", 0) == 0);
  CHECK(message("1234\n...\n....\n....\n").rfind("p.txt:2:4: a row of 3 cells", 0) == 0);
  CHECK(message("1234\n.....\n....\n....\n").rfind("p.txt:2:5: a row of 5 cells", 0) == 0);
  CHECK(message(std::string(80, '.')).rfind("p.txt:1:1: a one-line puzzle has n*n cells", 0) == 0);
  CHECK(message("5...\n....\n....\n....\n").rfind("p.txt:1:1: '5' is 5, more than 4", 0) == 0);
  CHECK(message("\n# only a comment\n").rfind("p.txt:2:1: no puzzle", 0) == 0);
  CHECK(message(std::string(49, '.')).find("give --box") != std::string::npos);
  CHECK(message(std::string(81, '.'), Shape{2, 3, false}).find("do not tile") != std::string::npos);
}

TEST_CASE("sudoku generate: unique, minimal, deterministic per seed", "[sudoku][generate]") {
  for (const Shape& shape : {Shape{2, 2, false}, Shape{2, 3, false}, Shape{3, 3, false}, Shape{3, 3, true}}) {
    const Puzzle p = generate(shape, 11, "minisat");
    CHECK(generate(shape, 11, "minisat").cells == p.cells);
    REQUIRE(solve(p, "minisat", 2).grids.size() == 1);
    // Minimal: each given, taken away alone, lets a second solution in.
    for (std::size_t i = 0; i < p.cells.size(); ++i) {
      if (!p.cells[i]) continue;
      Puzzle fewer = p;
      fewer.cells[i] = 0;
      CHECK(solve(fewer, "minisat", 2).grids.size() == 2);
    }
  }
  CHECK(generate({3, 3, false}, 12, "minisat").cells != generate({3, 3, false}, 11, "minisat").cells);
}

TEST_CASE("sudoku tdoku test puzzles: 0, 1 or several solutions as listed, solutions equal", "[sudoku][corpus]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("puzzles/sudoku/tdoku_test_puzzles.txt");
  std::ifstream in(testing::shared_data() / "puzzles/sudoku/tdoku_test_puzzles.txt");
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string puzzle, count, solution;
    std::getline(fields, puzzle, ':');
    std::getline(fields, count, ':');
    std::getline(fields, solution, ':');
    const Solutions s = solve(parse(puzzle, "tdoku", {}), "minisat", 2);
    INFO(line);
    CHECK(s.grids.size() == std::min<std::size_t>(2, std::stoul(count)));
    if (count == "1") CHECK(to_line(s.grids[0]) == solution);
    ++checked;
  }
  CHECK(checked == 43);
}

TEST_CASE("sudoku deduce --explain: the givens named force the digit, and each is needed", "[sudoku][explain]") {
  for (std::uint64_t seed : {2, 3}) {
    const Puzzle p = generate({2, 2, false}, seed, "minisat");
    const auto forced = deduce(p, "minisat", true);
    REQUIRE(forced);
    for (const Deduced& d : *forced) {
      // Keep only the givens named; the digit must still be forced, and not without any one.
      auto keep_only = [&](const std::vector<std::string>& names) {
        Puzzle q{p.shape, Grid(p.cells.size(), 0)};
        for (std::size_t i = 0; i < p.cells.size(); ++i) {
          const std::string name = "(" + std::to_string(i / 4) + "," + std::to_string(i % 4) + ")=" +
                                   std::to_string(p.cells[i]);
          if (std::find(names.begin(), names.end(), name) != names.end()) q.cells[i] = p.cells[i];
        }
        return q;
      };
      auto forces = [&](const Puzzle& q) {
        const Solutions all = solve(q, "minisat", sat::kNoLimit);
        return std::all_of(all.grids.begin(), all.grids.end(),
                           [&](const Grid& g) { return g[static_cast<std::size_t>(d.cell.row * 4 + d.cell.col)] == d.value; });
      };
      CHECK(forces(keep_only(d.because)));
      for (std::size_t k = 0; k < d.because.size(); ++k) {
        auto fewer = d.because;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
        CHECK_FALSE(forces(keep_only(fewer)));
      }
    }
  }
}

TEST_CASE("sudoku URL: pzprjs's 4x4 test puzzle, round trip, bad URLs name the column", "[sudoku][url]") {
  const Puzzle p = parse_url("https://puzz.link/p?sudoku/4/4/g1k23k3g", {});
  CHECK(to_line(p.cells) == ".1.....23.....3.");  // pzprjs's own board for this URL
  CHECK(to_url(p) == "https://puzz.link/p?sudoku/4/4/g1k23k3g");
  const Solutions s = solve(p, "minisat", 2);
  REQUIRE(s.grids.size() == 1);
  CHECK(to_line(s.grids[0]) == "2143431234211234");  // pzprjs's accepted answer
  const Puzzle g = generate({2, 3, false}, 4, "minisat");
  CHECK(parse_url(to_url(g), {}).cells == g.cells);
  auto message = [](const std::string& url) {
    try {
      parse_url(url, {});
    } catch (const InputError& e) {
      return format_input_error(e.message(), e.where());
    }
    return std::string("no error");
  };
  CHECK(message("https://puzz.link/p?sudoku/4/4/5").rfind("URL:1:32: cell (0,0) holds 5", 0) == 0);
  CHECK(message("https://puzz.link/p?sudoku/4/5/1").find("square") != std::string::npos);
  CHECK(message("https://puzz.link/p?mines/4/4/1").find("no sudoku") != std::string::npos);
  CHECK(message("https://puzz.link/p?sudoku/5/5/1").find("--box") != std::string::npos);
}

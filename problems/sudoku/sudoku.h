// Sudoku and its variants: every row, column and box (and, with `diagonal`, both main
// diagonals) holds each digit 1..n exactly once. Boxes are box_rows x box_cols with
// n = box_rows * box_cols: 2x2 on a 4x4 grid, 2x3 on 6x6, 3x3 on 9x9, 4x4 on 16x16.
//
//   sudoku::Puzzle p = sudoku::parse(text, "board.txt", {});    // or parse_url(url)
//   sudoku::Solutions s = sudoku::solve(p, "minisat", 2);        // s.grids.size() == 1: unique
//   std::vector<sudoku::Deduced> f = sudoku::deduce(p, "minisat", true);
//
// The model (rules()) is a page of code over <puzzlesat/model.h>; formats live in format.cpp
// and the generator in generate.cpp (docs/sudoku.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <puzzlesat/grid.h>
#include <puzzlesat/lit.h>
#include <puzzlesat/model.h>

namespace puzzlesat::sudoku {

inline constexpr int kMaxSize = 25;  // 25x25 has 15,625 digit variables; larger is unplayable

struct Shape {
  int box_rows = 3, box_cols = 3;
  bool diagonal = false;
  int size() const { return box_rows * box_cols; }
};

// The usual boxes for an n x n grid: the most square a x b (a <= b) with a * b = n, so 6 is
// 2x3 (as pzprjs draws it). nullopt when n is prime and above 3 (boxes would be lines).
std::optional<Shape> default_shape(int n);

struct Puzzle {
  Shape shape;
  std::vector<int> cells;  // n*n in reading order; 0 = empty, else the given digit
  int size() const { return shape.size(); }
  int at(Cell c) const { return cells[static_cast<std::size_t>(c.row * size() + c.col)]; }
};
using Grid = std::vector<int>;  // a filled grid: n*n digits 1..n in reading order

// The rules as a model: digit[(r*n + c)*n + v-1] is the variable d(r,c)=v. Each given is a
// clue named "(r,c)=v" (0-based), the unit of `deduce --explain`.
struct Rules {
  Model model;
  RectGrid grid;
  std::vector<sat::Lit> digit;
  sat::Lit is(Cell c, int v) const;
};
Rules rules(const Puzzle& p, const std::string& solver);

// True iff g fills p: every given kept, every house a permutation of 1..n.
bool is_solution(const Puzzle& p, const Grid& g);

struct Solutions {
  std::vector<Grid> grids;
  bool complete = false;  // grids lists every solution
};
// Up to `limit` solutions (2 decides uniqueness), each checked with is_solution.
Solutions solve(const Puzzle& p, const std::string& solver, std::size_t limit);

// The empty cells every solution fills alike. `explain`: with each, the givens that force it
// (a subset-minimal set). nullopt when the puzzle has no solution.
struct Deduced {
  Cell cell;
  int value = 0;
  std::vector<std::string> because;
  bool smallest = true;  // because is proven the fewest givens
};
std::optional<std::vector<Deduced>> deduce(const Puzzle& p, const std::string& solver, bool explain);

// Formats (format.cpp). Text: one line of n*n cells (the corpora's 81-character lines) or
// n rows of n cells; a cell is 1-9 then A-P for 10-25, '.' or '0' when empty; spaces,
// '|' and lines of '-', '+', '|' are layout; '#' starts a comment line. `forced`: a shape
// given on the command line (else default_shape of the size read). Throws InputError
// naming file, line and column.
Puzzle parse(const std::string& text, const std::string& file, const std::optional<Shape>& forced);
// https://puzz.link/p?sudoku/9/9/<number16 body>; boxes as pzprjs draws them.
Puzzle parse_url(const std::string& url, const std::optional<Shape>& forced);
std::string to_url(const Puzzle& p);
char cell_char(int value);  // 0 -> '.', 1..9 -> '1'..'9', 10.. -> 'A'..
std::string to_line(const std::vector<int>& cells);                  // n*n characters
std::vector<std::string> to_rows(const std::vector<int>& cells, int n);  // n strings of n
std::string draw(const std::vector<int>& cells, const Shape& shape);  // with box separators

// A puzzle with a unique solution (generate.cpp): a random full grid, then givens removed
// in random order while SAT shows the solution stays unique. The result is minimal: no
// given can go. Deterministic for a seed.
Puzzle generate(const Shape& shape, std::uint64_t seed, const std::string& solver);

}  // namespace puzzlesat::sudoku

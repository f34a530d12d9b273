// Nurikabe: shade cells black so that every white region ("island") holds exactly one
// number, equal to its size, all black cells are one orthogonally connected wall, and no
// 2x2 block is all black. A number '?' is an island of any size.
//
// The wall's connectivity and the islands' sizes are global rules: no fixed gadget states
// them compactly. The solver states the local rules as clauses and adds the global ones
// lazily (<puzzlesat/lazy_cuts.h>): a model whose wall falls apart, or whose island is
// too big, too small or holds no or two numbers, gets the clause that part violates, and
// the same solver solves again. docs/nurikabe.md explains the cuts.
//
//   nurikabe::Puzzle p = nurikabe::parse_text(text, "board.txt");   // or parse_url(url)
//   nurikabe::Solver s(p, "minisat");
//   std::optional<nurikabe::Grid> g = s.solve();                     // '#' black, '.' white
//   std::vector<nurikabe::Grid> two = s.solutions(2);                // uniqueness
//   std::vector<nurikabe::Forced> f = s.deduce();                    // cells all solutions share
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/grid.h>
#include <puzzlesat/lazy_cuts.h>
#include <puzzlesat/solver.h>

namespace nurikabe {

inline constexpr int kNoNumber = -1;
inline constexpr int kUnknown = -2;  // a '?': a number whose value is not given

// The largest grid read (either side at most 100): well beyond published puzzles, and a
// bound on the work one file can ask for.
inline constexpr int kMaxSide = 100;

struct Puzzle {
  int rows = 0, cols = 0;
  std::vector<int> number;  // row-major: kNoNumber, kUnknown or a size >= 1
  puzzlesat::RectGrid grid() const { return {rows, cols}; }
  int at(puzzlesat::Cell c) const { return number[static_cast<std::size_t>(c.row) * cols + c.col]; }
};

using Grid = std::vector<std::string>;  // one string per row: '#' black, '.' white

// Formats (nurikabe_format.cpp). Text: one line per row, whitespace-separated tokens
// '.' (no number), '?' or a number 1..rows*cols; lines starting with '#' are comments.
// URL: https://puzz.link/p?nurikabe/COLS/ROWS/BODY with a pzprjs number16 body.
// Both throw puzzlesat::InputError naming the file (or "URL"), line and column.
Puzzle parse_text(const std::string& text, const std::string& file);
Puzzle parse_url(const std::string& url);
Puzzle parse_input(const std::string& argument);  // a URL, a file, or "-" for stdin
std::string to_text(const Puzzle& p);
std::string to_url(const Puzzle& p);

// Whether `g` obeys every rule for `p` (the checker all answers pass). A reason when not.
std::optional<std::string> violation(const Puzzle& p, const Grid& g);

// A cell every solution agrees on, with the numbers that force it (when explained).
struct Forced {
  puzzlesat::Cell cell;
  bool black = false;
  std::vector<std::string> because;
  bool smallest = true;  // because is proven the fewest numbers
};

// The incremental solver for one puzzle: the local rules as clauses, and the lazy loop
// for the global ones. Cuts learned by one question speed up the next.
class Solver {
 public:
  Solver(const Puzzle& p, const std::string& solver_spec);
  ~Solver();

  std::optional<Grid> solve();
  // Up to `limit` distinct solutions; complete() tells whether that was all of them.
  std::vector<Grid> solutions(std::size_t limit);
  bool complete() const { return complete_; }
  // A solution other than `g` (one lazy solve with "some cell differs" assumed), if any.
  std::optional<Grid> other_than(const Grid& g);
  // The cells every solution shares (empty when there is none). With explain, each comes
  // with a subset-minimal set of numbers that forces it: the others read as '?'.
  std::vector<Forced> deduce(bool explain = false);

  const puzzlesat::sat::LazyStats& stats() const { return stats_; }
  const puzzlesat::sat::Cnf& rules() const;  // the local rules (no cuts), named black(r,c)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  puzzlesat::sat::LazyStats stats_;
  bool complete_ = false;
};

// The complete formula (nurikabe_cnf.cpp): the local rules plus an exact encoding of the
// global ones (island ownership, distances from the numbers, a rooted reachability
// for the wall), so any SAT solver's model of it, read on the black(r,c) variables, is a
// solution. Large (cells x cells variables for the wall); for export, not for solving.
puzzlesat::sat::Cnf complete_cnf(const Puzzle& p);

// DRAT proofs by CaDiCaL (nurikabe_proof.cpp), each refuting the complete formula plus the
// claim's negation: the lazy solver's cuts follow from the global rules, not from the local
// clauses, so only the complete statement makes a proof anyone can check. The formula is
// written beside each proof (puzzlesat::sat::proof_formula_path).
//
// One proof per forced cell, DIR/rRcC-black.drat or -white.drat (0-based row and column);
// a cell whose proof runs past seconds_per_cell (0: no bound) gets none and is returned.
std::vector<puzzlesat::Cell> prove_forced(const Puzzle& p, const std::vector<Forced>& forced, const std::string& dir,
                                          double seconds_per_cell = 0);
// That no solution differs from `solution`; false (and no file) when time ran out.
bool prove_unique(const Puzzle& p, const Grid& solution, const std::string& path, double seconds = 0);

// A random puzzle of that size with exactly one solution (nurikabe_generate.cpp).
struct Generated {
  Puzzle puzzle;
  Grid solution;
  int attempts = 0;  // candidate walls tried
};
Generated generate(int rows, int cols, unsigned long long seed, const std::string& solver_spec);

}  // namespace nurikabe

// Nonograms (paint by numbers): each row's and column's clue lists the lengths of its runs
// of filled cells, in order, with at least one empty cell between runs.
//
//   nonogram::Puzzle p = nonogram::parse(text, "cat.non");      // .non, .nin, TAAI or plain
//   nonogram::Solutions s = nonogram::solve(p, "minisat", 2);    // two: not unique
//
// A line's clue is the runs gadget (<puzzlesat/runs.h>): by default an automaton read over
// its cells (pattern 0* 1^a 0+ 1^b ... 0*), arc-consistent, so that unit propagation alone
// does all that line-by-line solving can do; the hard puzzles that CDCL does not settle
// soon are handed on stated by where their runs start (Handover). Formats are in format.cpp
// and url.cpp, the generator in generate.cpp (docs/nonogram.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <puzzlesat/grid.h>
#include <puzzlesat/model.h>
#include <puzzlesat/runs.h>

namespace puzzlesat::nonogram {

inline constexpr int kMaxSide = 100;  // the largest survey puzzles; bounds the encoding (~10^6 states)

using Clue = std::vector<int>;  // run lengths in order; empty: an empty line

struct Puzzle {
  int rows = 0, cols = 0;
  std::vector<Clue> row_clues;  // top to bottom, each left to right
  std::vector<Clue> col_clues;  // left to right, each top to bottom
};
using Picture = std::vector<std::string>;  // rows of '#' filled and '.' empty

// The rules as a model: fill(r,c) per cell; each line's clue a clue named "row r" or
// "column c" (0-based), the unit of `deduce --explain`.
struct Rules {
  Model model;
  BoolGrid<RectGrid> fill;
};
Rules rules(const Puzzle& p, const std::string& solver, enc::RunsEncoding encoding = enc::RunsEncoding::automaton);

Clue runs(const std::string& line);  // the clue a line of '#' and '.' shows
bool satisfies(const Puzzle& p, const Picture& picture);  // every line shows its clue

struct Solutions {
  std::vector<Picture> pictures;
  bool complete = false;  // every solution is listed
  bool handed_over = false;  // MiniSat gave the puzzle to Handover::then (solve.cpp)
};
// How solve() searches (solve.cpp): CDCL over the model with the `solver` backend (the
// default: no other method decided more of the TAAI sets for less CPU, docs/nonogram.md),
// the tournament-style probing search
// (search.h), or both taking turns with doubling budgets, sharing the solutions found.
enum class Method { sat, search, both };
// Method::both's schedule (solve.cpp): the search first with `first_probes` probes, then
// CDCL for `first_conflicts` conflicts or, when that is 0, for `cdcl_share` times the wall
// time the search's turn took (at least a millisecond a call); both budgets grow by
// `growth` (at least 2) each round.
struct Turns {
  std::uint64_t first_probes = 20'000;
  std::int64_t first_conflicts = 1'000;
  std::uint64_t growth = 2;
  double cdcl_share = 1.0;
};
// Method::sat's change of backend (solve.cpp): with `solver` "minisat", a call that has
// not answered in `conflicts` conflicts gives the puzzle to `then`, a fresh solver with
// every solution found so far blocked. MiniSat settles most TAAI puzzles in milliseconds,
// where CaDiCaL spends more; on the few it does not settle soon CaDiCaL is many times
// faster (docs/nonogram.md, Results). 0 conflicts: never. `then` gets each line as where
// its runs start (<puzzlesat/runs.h>), on which it decides freely: its conflict clauses
// can then name run positions, which settles the survey's hardest puzzles (Knotty,
// Faase) that it does not settle over the automata.
struct Handover {
  std::string then = "cadical";
  std::int64_t conflicts = 20'000;
  enc::RunsEncoding encoding = enc::RunsEncoding::starts;  // the lines as `then` gets them
};
// Up to `limit` solutions (2 decides uniqueness), each checked with satisfies(). Throws
// std::runtime_error when it runs past `seconds` of wall time (0: no limit).
Solutions solve(const Puzzle& p, const std::string& solver, std::size_t limit, double seconds = 0,
                Method method = Method::sat, const Turns& turns = {}, const Handover& handover = {});

struct Deduced {
  Cell cell;
  bool filled = false;
  std::vector<std::string> because;  // with explain: lines whose clues force it
  bool smallest = true;              // because is proven the fewest lines
};
// The cells every solution agrees on; nullopt when there is no solution.
std::optional<std::vector<Deduced>> deduce(const Puzzle& p, const std::string& solver, bool explain);

// Formats (format.cpp); every parser throws InputError naming file, line and column.
enum class Format { automatic, plain, non, nin, taai };
// One puzzle. A TAAI file may hold many: `id` picks "$id" (needed when there are several).
Puzzle parse(const std::string& text, const std::string& file, Format format = Format::automatic,
             std::optional<int> id = std::nullopt);
struct Numbered {
  int id;
  Puzzle puzzle;
};
// Every puzzle of a TAAI tournament file: "$n", then the n columns' clues, then the rows'
// (tab-separated, a blank line for an empty clue).
std::vector<Numbered> parse_taai(const std::string& text, const std::string& file);
// The plain format (docs/nonogram.md): "rows" and "columns" sections, a clue per line.
std::string to_plain(const Puzzle& p);
// https://puzz.link/p?nonogram/<cols>/<rows>/<number16 of the clue cells outside the grid>.
Puzzle parse_url(const std::string& url);
std::string to_url(const Puzzle& p);

// The puzzle a picture shows.
Puzzle clues_of(const Picture& picture);

// A rows x cols puzzle with a unique solution (generate.cpp): a random picture; while
// its clues allow a second picture, a cell where the two differ is flipped in the
// picture (changing the clues) and SAT asks again. Deterministic for a seed.
Puzzle generate(int rows, int cols, std::uint64_t seed, const std::string& solver);

}  // namespace puzzlesat::nonogram

// grid_io.h: the input and output every grid puzzle shares, so that `sudoku`, `nonogram`,
// `minesweeper`, `nurikabe` and outside plugins read arguments and print JSON alike.
//
//   puzzlesat::PuzzleInput in = puzzlesat::read_puzzle_input(argument);  // file or URL
//   Board b = in.is_url ? parse_url(in.text) : parse_text(in.text, in.name);
//   std::optional<puzzlesat::Rows> rows = solve(b);                   // one string per row
//   std::cout << puzzlesat::solve_json(rows) << '\n';
//   // {"status":"sat","solution":["#..","..#"]}   or   {"status":"unsat"}
//
// Every printer writes one line of JSON without a trailing newline; rows and columns are
// numbered from 0.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <puzzlesat/lit.h>

namespace puzzlesat {

using Rows = std::vector<std::string>;

struct PuzzleInput {
  std::string name;  // the argument as given: a file name or the URL
  std::string text;  // the file's content, or the URL itself
  bool is_url = false;
};

// The largest puzzle file read: far above any real puzzle, far below a memory problem.
inline constexpr std::size_t kMaxPuzzleFileBytes = 16 << 20;

// A puzz.link URL (puzzlink::looks_like_url) passes through; anything else is read as a
// regular file of at most kMaxPuzzleFileBytes ("-" reads standard input). Throws
// InputError naming the file when it cannot be read.
PuzzleInput read_puzzle_input(const std::string& arg);

// A cell that every solution agrees on; `because` names the clues that force it (when
// explained), the fewest there are unless `smallest` is false (the search for them ran out
// of its budget: then none of them can be dropped, but fewer others might do).
struct ForcedCell {
  int row = 0;
  int col = 0;
  char value = '.';
  std::vector<std::string> because;
  bool smallest = true;
};

// Printed after an explanation whose clues are not proven the fewest.
inline constexpr std::string_view kNotProvenFewest = " (not proven the fewest)";

// {"status":"sat","solution":[rows…]} or {"status":"unsat"}.
std::string solve_json(const std::optional<Rows>& solution);
// solve --all: {"status":"sat"|"unsat","count":N,"complete":true|false,"solutions":[[rows…],…]};
// complete is false when a limit stopped the enumeration.
std::string solutions_json(const std::vector<Rows>& solutions, bool complete);
// {"unique":true|false,"solutions":[…]} from the first (at most two) solutions found: one
// means unique (and is given), two are the two that differ, none means no solution.
std::string unique_json(const std::vector<Rows>& found);
// {"forced":[{"row":r,"col":c,"value":"#"},…]}, with "because":[…] and "smallest":true|false
// on explained cells.
std::string deduce_json(const std::vector<ForcedCell>& forced);

class Model;

// `deduce --proof DIR` and `unique --proof FILE` for any Model-based puzzle: DRAT proofs by
// CaDiCaL, each with the formula it refutes beside it (NAME.cnf), for `puzzlesat cnf check`
// or any DRAT checker. A fact that a proof run does not confirm throws std::runtime_error
// (the answer printed would be wrong), and no file is left for it.
struct NamedFact {
  std::string name;  // file stem, e.g. "r2c3-7"
  sat::Lit fact;     // what every solution has
};
// One proof per fact, in `dir` (created when missing); returns how many were written.
std::size_t write_fact_proofs(const Model& model, std::span<const NamedFact> facts, const std::string& dir,
                              const std::string& source);
// A proof that no solution differs from `values` (one per literal of `lits`) on `lits`.
void write_unique_proof(const Model& model, std::span<const sat::Lit> lits, const std::vector<bool>& values,
                        const std::string& path, const std::string& source);

}  // namespace puzzlesat

// The n-queens puzzle as a worked example of a puzzlesat plugin: a model (a queen's column
// per row), its CNF encoding through the encodings/ gadgets, and decoding of models.
// docs/plugins.md walks through this folder; it is deliberately small.
#pragma once

#include <string>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::queens {

// columns[r] is the column of the queen in row r.
using Placement = std::vector<int>;

struct Encoding {
  int n = 0;
  sat::Cnf cnf;
  std::vector<sat::Lit> square;  // square[r * n + c]: a queen stands on (r, c)
};

// One queen per row and per column, at most one per diagonal. Throws InputError for n < 1
// or n > 64 (beyond that the encoding is large and the puzzle uninteresting).
Encoding encode(int n);

Placement decode(const Encoding& e, const sat::Solver& solver);

// True iff the placement has n queens, one per row, no two attacking each other.
bool is_solution(const Placement& p);

// Up to `limit` distinct placements, found by SAT with blocking clauses.
struct SolveResult {
  std::vector<Placement> placements;
  bool complete = false;  // every placement is listed
};
SolveResult solve(int n, const std::string& solver_spec, std::size_t limit);

// Writes a DRAT proof that no placement of n queens exists to proof.path, and the
// encoding (with names) beside it (sat::prove_unsat). False, and no files, when one does.
bool prove_no_placement(int n, const std::string& solver_spec, const sat::ProofOptions& proof);

// "Q . . ." rows, for the terminal.
std::string draw(const Placement& p);

}  // namespace puzzlesat::queens

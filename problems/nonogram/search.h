// The tournament-style nonogram search (as in Wu et al., "An Efficient Approach to Solving
// Nonograms", IEEE TCIAIG 2013, and the TAAI/ICGA programs after it): a depth-first search
// over the cells whose every node is brought to a fixpoint of
//   * line solving: each line settled exactly (line_solver.h) until no line changes, and
//   * probing: each open cell tried both ways with line solving alone; a value that leads
//     to a contradiction fixes the other one, cells set alike by both values are set;
// then branches on the cell whose two probes settled the most (the larger smaller side),
// both values in turn. Every deduction holds in all solutions below the node, so the
// search lists each solution once, and an exhausted search has found them all: two found
// means "not unique", one found after an exhaustive search means "unique".
//
// Why a line solver and not the SAT solver's propagation: the SAT model (nonogram.cpp)
// propagates exactly the same line facts, but Solver::propagate() starts from the root at
// every call, and probing makes two calls per open cell per node. Lines of up to 64 cells
// are kept as masks and settled by the bit-parallel solver (line_bits.h) through a cache
// of settled line states: about 0.35 microseconds a probe, 0.4 ms a node on the hard
// 25x25 TAAI puzzles. Still not the default (solve.cpp, docs/nonogram.md): without
// learning it settles the TAAI tail no better than CDCL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "problems/nonogram/nonogram.h"

namespace puzzlesat::nonogram {

struct SearchLimits {
  double seconds = 0;         // wall time (0: none); past it the search throws std::runtime_error
  std::uint64_t probes = 0;   // probes (0: none); past them the search gives up, see below
};

struct SearchResult {
  Solutions found;        // up to `limit` solutions, each checked with satisfies();
                          // complete when the search was exhausted
  bool gave_up = false;   // stopped at limits.probes: `found` is what it had found so far
  std::uint64_t nodes = 0;   // search nodes (probing fixpoints)
  std::uint64_t probes = 0;  // one cell set one way and line-solved
};

SearchResult search(const Puzzle& p, std::size_t limit, const SearchLimits& limits = {});

// Line solving alone, to its fixpoint: `cells` (row by row, kUnknown / kFilled / kEmpty,
// line_solver.h) narrowed until no line changes; false on a contradiction. The same facts
// unit propagation finds through the model's arc-consistent line automata (tested).
bool settle_lines(const Puzzle& p, std::vector<std::uint8_t>& cells);

}  // namespace puzzlesat::nonogram

// The SAT-competition answer format: `s SATISFIABLE|UNSATISFIABLE|UNKNOWN` and, for a
// model, `v …` lines of at most 4096 characters ending in 0. Written by `cnf solve` and
// read back from external solvers.
#pragma once

#include <optional>
#include <ostream>
#include <span>
#include <string_view>
#include <vector>

#include <puzzlesat/lit.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

inline constexpr std::size_t kMaxSolutionLineLength = 4096;  // characters, without '\n'

// Writes the `s` line and, when status is sat, `model` as `v` lines.
void write_solution(std::ostream& out, Status status, std::span<const Lit> model);

struct ParsedSolution {
  Status status = Status::unknown;
  std::vector<Lit> model;  // the literals of the `v` lines, without the final 0
};

// Reads a competition solver's standard output: the `s` line and `v` lines, ignoring
// comments and anything else. nullopt when there is no `s` line; throws
// std::runtime_error when the answer is malformed: `s` lines that disagree (no "last
// line wins") or a `v` token that is not an integer.
std::optional<ParsedSolution> parse_solution(std::string_view text);

// Reads MiniSat's result file: `SAT` then `1 -2 … 0`, or `UNSAT`, or `INDET`.
std::optional<ParsedSolution> parse_minisat_result(std::string_view text);

}  // namespace puzzlesat::sat

// DIMACS CNF: a strict reader and a readable writer. The reader is our own because
// MiniSat's exits the process on bad input, hangs on a huge literal and reads `-0` as
// UNSAT; ours rejects every malformed file with an InputError naming line and column.
// The writer adds `c var <n> <name>` lines so exports stay readable, and the reader
// turns them back into names. The SAT-competition answer format is in sat/solution.h.
//
//   sat::Cnf cnf = sat::read_dimacs(text, "f.cnf");   // InputError names f.cnf:line:col
//   sat::write_dimacs(std::cout, cnf);                // with `c var N name` lines
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include <puzzlesat/cnf.h>
#include <puzzlesat/memory_budget.h>
#include <puzzlesat/solution.h>

namespace puzzlesat::sat {

// Largest variable count a header may declare, whatever the memory budget.
inline constexpr int kMaxDimacsVars = 1 << 26;

// Parses `text` (a whole file; `filename` is only used in error locations). Accepts
// comment lines (`c …`) anywhere, clauses spanning lines, LF or CRLF line ends.
// Throws puzzlesat::InputError for: a missing or duplicate `p cnf` header, a malformed
// header, a non-integer token, an integer overflow, `-0`, a literal above the declared
// variable count, a clause without its final 0, and a clause count that differs from
// the header's. Comments other than `c var` lines are kept (before the next clause).
// Also throws when the formula would not fit memory_budget bytes (sat/memory_budget.h):
// the header's counts at once, the literals as they are read.
Cnf read_dimacs(std::string_view text, const std::string& filename,
                std::uint64_t memory_budget = kDefaultMemoryBudget);

// Header, then one `c var <n> <name>` line per named variable, then the clauses with
// the builder's comments before the clauses they precede.
void write_dimacs(std::ostream& out, const Cnf& cnf);
// The same with each of `units` appended as a unit clause (how assumptions reach a
// solver that only reads files).
void write_dimacs(std::ostream& out, const Cnf& cnf, std::span<const Lit> units);

}  // namespace puzzlesat::sat

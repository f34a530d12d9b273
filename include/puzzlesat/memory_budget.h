// How much memory a formula will take, so that a reader can refuse a file whose header
// declares more than fits instead of letting the allocator find out (`p cnf 67108864 0`,
// 18 bytes, took 5.5 GB). The figures are bytes per variable, clause and literal for our
// Cnf plus the hungrier built-in backend (CaDiCaL or MiniSat, whichever costs more),
// measured as peak RSS of `puzzlesat cnf solve` (docs/limits.md has the method).
//
//   if (formula_bytes(vars, clauses, literals) > budget) refuse();
#pragma once

#include <cstdint>
#include <string>

namespace puzzlesat::sat {

// The default budget of the commands that read or build formulas (--max-memory).
inline constexpr std::uint64_t kDefaultMemoryBudget = std::uint64_t{2} << 30;

// Peak RSS of `puzzlesat cnf solve --conflicts 1` over an empty run, on 4M variables and
// no clauses, then 100k variables with 2M clauses of 3 or 600k of 10 literals (less the
// variables and the file's text): MiniSat 84 B/var, CaDiCaL 168 B/var; clauses and their
// literals took at most 216 MB (2M x 3) and 74 MB (600k x 10) with CaDiCaL, less with
// MiniSat. The figures round those up so the estimate errs high.
inline constexpr std::uint64_t kBytesPerVar = 170;
inline constexpr std::uint64_t kBytesPerClause = 100;
inline constexpr std::uint64_t kBytesPerLiteral = 12;

// Estimated peak bytes to hold and solve a formula of that size.
constexpr std::uint64_t formula_bytes(std::uint64_t vars, std::uint64_t clauses, std::uint64_t literals) {
  return vars * kBytesPerVar + clauses * kBytesPerClause + literals * kBytesPerLiteral;
}

// "2048 MB": how budgets and estimates are shown in errors.
std::string megabytes(std::uint64_t bytes);

// "2G", "512M", "100K" (powers of 1024) or a plain byte count; nullopt-like 0 when the
// text is none of these.
std::uint64_t parse_byte_size(const std::string& text);

}  // namespace puzzlesat::sat

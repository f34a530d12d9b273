// Exhaustive reference answers for small formulas (up to ~20 variables), so tests can
// check the solver-based algorithms (backbone, enumeration) against plain truth tables.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <puzzlesat/cnf.h>

namespace puzzlesat::sat {

// Whether the assignment (bit v-1 of `bits` is variable v) satisfies every clause.
bool satisfies(const Cnf& cnf, std::uint32_t bits);
// Whether a model given as literals (any order; unmentioned variables read false)
// satisfies every clause.
bool satisfies(const Cnf& cnf, std::span<const Lit> model);

// Every satisfying assignment of variables 1..cnf.num_vars() that also makes each
// assumption true, as bit masks.
std::vector<std::uint32_t> all_models(const Cnf& cnf, std::span<const Lit> assumptions = {});

}  // namespace puzzlesat::sat

// Formula generators with known character, for tests and benchmarks: random k-SAT (its
// hardness peaks near 4.26 clauses per variable for k = 3) and the pigeonhole formulas,
// unsatisfiable and exponentially hard for resolution.
#pragma once

#include <cstdint>
#include <random>

#include <puzzlesat/cnf.h>

namespace puzzlesat::sat {

// m clauses of k distinct variables over 1..n, each negated with probability 1/2.
Cnf random_ksat(std::mt19937_64& rng, int n, int m, int k = 3);

// PHP(pigeons, holes): every pigeon in some hole, no two pigeons share a hole.
// Variable p*holes + h + 1 means "pigeon p sits in hole h".
Cnf pigeonhole(int pigeons, int holes);

}  // namespace puzzlesat::sat

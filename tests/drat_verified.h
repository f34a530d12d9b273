// For tests of commands that write DRAT proofs: whether the proof at `proof` verifies
// against the formula written beside it (proof_formula_path), by the project's checker.
#pragma once

#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/proof.h>

#include <string>

#include "tests/data_paths.h"

namespace puzzlesat::testing {

inline bool drat_verified(const std::string& proof) {
  const std::string formula = sat::proof_formula_path(proof);
  return sat::check_drat(sat::read_dimacs(slurp(formula), formula), slurp(proof), proof).verified;
}

}  // namespace puzzlesat::testing

// A CNF as the DIMACS text write_dimacs gives, for tests that hand formulas to commands.
#pragma once

#include <sstream>
#include <string>

#include <puzzlesat/dimacs.h>

namespace puzzlesat::testing {

inline std::string dimacs_text(const sat::Cnf& cnf) {
  std::ostringstream out;
  sat::write_dimacs(out, cnf);
  return out.str();
}

}  // namespace puzzlesat::testing

// Inside the nurikabe folder: the local rules as clauses (nurikabe.cpp), shared by the lazy
// solver and the complete export (nurikabe_cnf.cpp).
#pragma once

#include <vector>

#include <puzzlesat/grid.h>
#include <puzzlesat/lit.h>
#include <puzzlesat/model.h>

#include "nurikabe.h"

namespace nurikabe {

struct Rules {
  puzzlesat::Model m{"minisat"};
  std::vector<puzzlesat::sat::Lit> black;  // per cell, named black(r,c)
  // Per cell with a number n >= 1: its selector number(r,c)=n (true: the number counts;
  // false: it reads as '?'). Undefined elsewhere.
  std::vector<puzzlesat::sat::Lit> on;
  std::vector<puzzlesat::Cell> numbers;  // every number and '?', row-major
  std::vector<puzzlesat::sat::Lit> counted;  // the selectors of all numbers with a value
  bool exact = false;  // no '?': with every number counted, the wall has a known size
};

Rules local_rules(const Puzzle& p);

}  // namespace nurikabe

// The SET rule for one attribute: three cards form a set when, for every attribute, their
// values are all equal or all different. With one literal per value ("some chosen card has
// this value"), that is: not exactly two of the three value literals are true.
#pragma once

#include <puzzlesat/cnf.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::enc {

// Forbids exactly two of a, b, c being true: three clauses, no auxiliaries.
void set_rule(sat::Cnf& cnf, sat::Lit a, sat::Lit b, sat::Lit c);

}  // namespace puzzlesat::enc

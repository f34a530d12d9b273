#include <puzzlesat/set_rule.h>

#include <puzzlesat/clause_writer.h>

namespace puzzlesat::enc {

void set_rule(sat::Cnf& cnf, sat::Lit a, sat::Lit b, sat::Lit c) {
  // Two true imply the third: each clause forbids one of the three "exactly two" patterns.
  // ClauseWriter drops the tautologies that repeated or complementary inputs produce.
  ClauseWriter out(cnf);
  out.add({~a, ~b, c});
  out.add({~a, b, ~c});
  out.add({a, ~b, ~c});
}

}  // namespace puzzlesat::enc

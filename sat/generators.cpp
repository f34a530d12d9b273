#include "sat/generators.h"

#include <algorithm>
#include <vector>

namespace puzzlesat::sat {

Cnf random_ksat(std::mt19937_64& rng, int n, int m, int k) {
  Cnf cnf;
  cnf.reserve_vars(n);
  std::uniform_int_distribution<int> var(1, n);
  std::bernoulli_distribution negate(0.5);
  std::vector<Lit> clause;
  for (int i = 0; i < m; ++i) {
    clause.clear();
    while (static_cast<int>(clause.size()) < std::min(k, n)) {
      Var v(var(rng));
      if (std::none_of(clause.begin(), clause.end(), [v](Lit l) { return l.var() == v; })) {
        clause.push_back(Lit(v, negate(rng)));
      }
    }
    cnf.add_clause(clause);
  }
  return cnf;
}

Cnf pigeonhole(int pigeons, int holes) {
  Cnf cnf;
  auto x = [holes](int p, int h) { return Lit(Var(p * holes + h + 1)); };
  cnf.reserve_vars(pigeons * holes);
  std::vector<Lit> clause;
  for (int p = 0; p < pigeons; ++p) {
    clause.clear();
    for (int h = 0; h < holes; ++h) clause.push_back(x(p, h));
    cnf.add_clause(clause);
  }
  for (int h = 0; h < holes; ++h) {
    for (int p = 0; p < pigeons; ++p) {
      for (int q = p + 1; q < pigeons; ++q) cnf.add_clause({~x(p, h), ~x(q, h)});
    }
  }
  return cnf;
}

}  // namespace puzzlesat::sat

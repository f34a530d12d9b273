#include <puzzlesat/enumerate.h>

#include <catch2/catch.hpp>

#include <algorithm>

using namespace puzzlesat::sat;

TEST_CASE("Enumeration lists projected models once and respects the limit", "[sat][enumerate]") {
  auto s = make_solver();
  Cnf cnf;
  Lit a = cnf.new_lit(), b = cnf.new_lit(), c = cnf.new_lit();
  cnf.add_clause({a, b});  // c is free, so each (a, b) projection has two full models
  s->add_cnf(cnf);
  std::vector<Var> ab{a.var(), b.var()};
  EnumerationResult r = enumerate_models(*s, ab, kNoLimit);
  CHECK(r.complete);
  auto models = r.models;
  std::sort(models.begin(), models.end());
  CHECK(models == std::vector<std::vector<Lit>>{{a, b}, {a, ~b}, {~a, b}});

  r = enumerate_models(*s, ab, 2);
  CHECK(r.models.size() == 2);
  CHECK_FALSE(r.complete);

  r = enumerate_models(*s, ab, 3);
  CHECK(r.models.size() == 3);
  CHECK(r.complete);

  std::vector<Lit> assume{~a};
  r = enumerate_models(*s, ab, kNoLimit, assume);
  CHECK(r.models == std::vector<std::vector<Lit>>{{~a, b}});
  CHECK(r.complete);

  // An empty projection has one (empty) model when the formula is satisfiable.
  r = enumerate_models(*s, {}, kNoLimit);
  CHECK(r.models.size() == 1);
  CHECK(r.complete);

  // The solver keeps all its models on its own variables afterwards.
  CHECK(s->solve({~a, b, ~c}) == Status::sat);
  CHECK(s->solve({a, ~b, c}) == Status::sat);
  // An unconstrained variable beyond the formula's is enumerated both ways.
  std::vector<Var> fresh{Var(s->num_vars() + 5)};
  CHECK(enumerate_models(*s, fresh, kNoLimit).models.size() == 2);
}

TEST_CASE("Enumeration of an unsatisfiable formula is complete and empty", "[sat][enumerate]") {
  auto s = make_solver();
  Lit a = Lit(Var(1));
  s->add_clause({a});
  s->add_clause({~a});
  std::vector<Var> p{a.var()};
  EnumerationResult r = enumerate_models(*s, p, 5);
  CHECK(r.models.empty());
  CHECK(r.complete);
  CHECK(r.solver_calls == 1);
}

#include "sat/solver.h"

#include <catch2/catch.hpp>

using namespace puzzlesat::sat;

TEST_CASE("MiniSat backend solves, reports models and cores", "[sat]") {
  auto solver = make_solver("minisat");
  Cnf cnf;
  Lit a = cnf.new_lit(), b = cnf.new_lit(), c = cnf.new_lit();
  cnf.add_clause({a, b});
  cnf.add_clause({~a, c});
  solver->add_cnf(cnf);
  REQUIRE(solver->solve() == Status::sat);
  CHECK((solver->model_value(a) || solver->model_value(b)));
  CHECK((!solver->model_value(a) || solver->model_value(c)));

  REQUIRE(solver->solve({~b, ~c}) == Status::unsat);
  auto core = solver->failed_assumptions();
  CHECK_FALSE(core.empty());
  for (Lit l : core) CHECK((l == ~b || l == ~c));

  REQUIRE(solver->solve({b}) == Status::sat);
  CHECK(solver->model_value(b));
  CHECK(solver->stats().solves == 3);
}

TEST_CASE("Unknown solver names are rejected", "[sat]") {
  CHECK_THROWS_AS(make_solver("nosuchsolver"), std::invalid_argument);
}

#include <puzzlesat/cnf.h>

#include <catch2/catch.hpp>

using namespace puzzlesat::sat;

TEST_CASE("Lit converts to and from DIMACS and negates", "[sat]") {
  Lit p = Lit::from_dimacs(7);
  Lit n = Lit::from_dimacs(-7);
  CHECK(p.var() == Var(7));
  CHECK_FALSE(p.negated());
  CHECK(n.negated());
  CHECK(~p == n);
  CHECK(~~p == p);
  CHECK(p.to_dimacs() == 7);
  CHECK(n.to_dimacs() == -7);
  CHECK((p ^ true) == n);
  CHECK((p ^ false) == p);
  CHECK(p.code() + 1 == n.code());
  CHECK_FALSE(Lit().valid());
}

TEST_CASE("Cnf hands out named variables and stores clauses", "[sat]") {
  Cnf cnf;
  Lit a = cnf.new_lit("card[0]");
  Lit b = cnf.new_lit();
  CHECK(a.var().id() == 1);
  CHECK(b.var().id() == 2);
  CHECK(cnf.name(a.var()) == "card[0]");
  CHECK(cnf.name(b.var()).empty());
  cnf.add_comment("first clause");
  cnf.add_clause({a, ~b});
  cnf.add_clause({b});
  REQUIRE(cnf.num_clauses() == 2);
  CHECK(cnf.clause(0).size() == 2);
  CHECK(cnf.clause(0)[1] == ~b);
  CHECK(cnf.clause(1)[0] == b);
  REQUIRE(cnf.comments().size() == 1);
  CHECK(cnf.comments()[0].first == 0);
  int seen = 0;
  for (auto clause : cnf.clauses()) seen += static_cast<int>(clause.size());
  CHECK(seen == 3);
  Lit t = cnf.true_lit();
  CHECK(cnf.true_lit() == t);
  CHECK(cnf.num_clauses() == 3);
}

TEST_CASE("Guards append the negated guard to every clause, nested, and spare true_lit", "[sat]") {
  Cnf cnf;
  Lit a = cnf.new_lit(), g = cnf.new_lit(), h = cnf.new_lit();
  {
    Cnf::GuardScope outer(cnf, g);
    cnf.add_clause({a});
    {
      Cnf::GuardScope inner(cnf, h);
      cnf.add_clause({~a});
      cnf.true_lit();
    }
  }
  cnf.add_clause({a, ~a});
  REQUIRE(cnf.num_clauses() == 4);
  CHECK(std::vector<Lit>(cnf.clause(0).begin(), cnf.clause(0).end()) == std::vector<Lit>{a, ~g});
  CHECK(std::vector<Lit>(cnf.clause(1).begin(), cnf.clause(1).end()) == std::vector<Lit>{~a, ~g, ~h});
  CHECK(cnf.clause(2).size() == 1);  // true_lit's unit clause is never guarded
  CHECK(cnf.clause(3).size() == 2);
}

TEST_CASE("add_clauses appends another formula's clauses as add_clause would", "[sat]") {
  Cnf other;
  Lit a = other.new_lit(), b = other.new_lit(), c = other.new_lit();
  other.add_clause({a, ~b});
  other.add_unit(c);
  other.add_clause({~a, b, ~c});
  for (bool guarded : {false, true}) {
    Cnf bulk, one_by_one;
    for (Cnf* f : {&bulk, &one_by_one}) {
      Lit x = f->new_lit();
      f->add_unit(x);
      f->reserve_vars(5);
      if (guarded) f->push_guard(Lit(Var(5)));
    }
    bulk.add_clauses(other);
    one_by_one.reserve_vars(other.num_vars());
    for (std::span<const Lit> clause : other.clauses()) one_by_one.add_clause(clause);
    REQUIRE(bulk.num_clauses() == 4);
    REQUIRE(bulk.num_clauses() == one_by_one.num_clauses());
    CHECK(bulk.num_vars() == one_by_one.num_vars());
    for (std::size_t i = 0; i < bulk.num_clauses(); ++i) {
      std::span<const Lit> x = bulk.clause(i), y = one_by_one.clause(i);
      CHECK(std::vector<Lit>(x.begin(), x.end()) == std::vector<Lit>(y.begin(), y.end()));
    }
  }
  // Variables beyond this formula's are made.
  Cnf empty;
  empty.add_clauses(other);
  CHECK(empty.num_vars() == 3);
  CHECK(empty.num_clauses() == 3);
}

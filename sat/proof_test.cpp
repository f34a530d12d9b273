// Proof output from the sat layer: prove_unsat's files are a formula and a DRAT proof
// that the independent checker (check_drat) verifies, text and binary; an incremental
// session of case solves under frozen selectors still yields one valid proof; backends
// without proofs say so; every backend's model goes through CheckedSolver.
#include <puzzlesat/proof.h>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "sat/brute_force.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include "sat/generators.h"
#include "tests/temp_file.h"

using namespace puzzlesat::sat;
using puzzlesat::testing::TempDir;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Checks the files a proof run left: the formula file read back, the proof against it.
DratVerdict check_files(const std::string& proof) {
  std::string formula = proof_formula_path(proof);
  return check_drat(read_dimacs(slurp(formula), formula), slurp(proof), proof);
}

}  // namespace

TEST_CASE("proof_formula_path puts the formula beside the proof", "[sat][proof]") {
  CHECK(proof_formula_path("cap21.drat") == "cap21.cnf");
  CHECK(proof_formula_path("dir/proof") == "dir/proof.cnf");
  CHECK(proof_formula_path("x.cnf") == "x.cnf.cnf");
}

TEST_CASE("prove_unsat: CaDiCaL's proofs of random UNSAT formulas verify, text and binary", "[sat][proof]") {
  TempDir dir;
  std::mt19937_64 rng(17);
  int unsat = 0;
  for (int i = 0; i < 40; ++i) {
    Cnf cnf = random_ksat(rng, 12, 70);
    bool brute_sat = !all_models(cnf).empty();
    for (ProofFormat format : {ProofFormat::text, ProofFormat::binary}) {
      ProofOptions proof{dir.file("p" + std::to_string(i) + ".drat"), format};
      Status s = prove_unsat(cnf, {}, "cadical", proof, "random formula");
      REQUIRE(s == (brute_sat ? Status::sat : Status::unsat));
      if (s == Status::sat) {
        // No proof exists, and no file is left behind to be mistaken for one.
        CHECK_FALSE(std::filesystem::exists(proof.path));
        CHECK_FALSE(std::filesystem::exists(proof_formula_path(proof.path)));
        continue;
      }
      ++unsat;
      DratVerdict v = check_files(proof.path);
      CHECK(v.verified);
      CHECK(v.binary == (format == ProofFormat::binary));
    }
  }
  CHECK(unsat > 10);  // the sample holds both answers
}

TEST_CASE("prove_unsat: the query's units are part of the written formula", "[sat][proof]") {
  TempDir dir;
  // x1 or x2 is satisfiable; with the units ~x1, ~x2 it is not.
  Cnf cnf;
  Lit a = cnf.new_lit("a"), b = cnf.new_lit("b");
  cnf.add_clause({a, b});
  std::vector<Lit> units{~a, ~b};
  ProofOptions proof{dir.file("q.drat"), ProofFormat::text};
  REQUIRE(prove_unsat(cnf, units, "cadical", proof, "a or b fails when both are false") == Status::unsat);
  Cnf written = read_dimacs(slurp(proof_formula_path(proof.path)), "q.cnf");
  CHECK(written.num_clauses() == 3);
  CHECK(written.name(a.var()) == "a");
  CHECK(check_files(proof.path).verified);
  // The proof does not verify against the formula without the units (it is satisfiable).
  CHECK_FALSE(check_drat(cnf, slurp(proof.path)).verified);
}

TEST_CASE("one proof for a session of case solves under frozen selectors", "[sat][proof]") {
  // The shape of `set cap`: selector s_i implies case i's literals, one clause says some
  // case holds; each case is solved under its selector, then once without assumptions.
  TempDir dir;
  Cnf cnf = pigeonhole(7, 6);
  std::vector<Lit> selectors;
  for (int hole = 1; hole <= 6; ++hole) {
    Lit s = cnf.new_lit();
    cnf.add_clause({~s, Lit(Var(hole))});  // case: pigeon 1 sits in hole `hole`
    selectors.push_back(s);
  }
  cnf.add_clause(selectors);
  ProofOptions proof{dir.file("cases.drat"), ProofFormat::text};
  auto solver = make_solver("cadical");
  solver->trace_proof(proof);
  for (Lit s : selectors) solver->freeze(s.var());
  solver->add_cnf(cnf);
  for (Lit s : selectors) REQUIRE(solver->solve({s}) == Status::unsat);
  REQUIRE(solver->solve() == Status::unsat);
  solver->close_proof();
  DratVerdict v = check_drat(cnf, slurp(proof.path));
  CHECK(v.verified);
  INFO(v.message);
}

TEST_CASE("backends without proofs say so, tracing starts before the first clause", "[sat][proof]") {
  TempDir dir;
  auto minisat = make_solver("minisat");
  CHECK_FALSE(minisat->can_trace_proof());
  CHECK_THROWS_AS(minisat->trace_proof({dir.file("m.drat")}), std::logic_error);
  CHECK_THROWS_AS(prove_unsat(pigeonhole(3, 2), {}, "minisat", {dir.file("m.drat")}, ""), std::invalid_argument);
  CHECK_FALSE(make_solver("external:cadical")->can_trace_proof());
  CHECK(make_solver("external:cadical {formula} {proof}")->can_trace_proof());
  auto cadical = make_solver("cadical");
  CHECK(cadical->can_trace_proof());
  cadical->add_clause({Lit(Var(1))});
  CHECK_THROWS_AS(cadical->trace_proof({dir.file("late.drat")}), std::logic_error);
}

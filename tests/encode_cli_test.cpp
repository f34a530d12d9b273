// `puzzlesat encode`: the DIMACS it writes has the inputs as variables 1..N, its models
// projected on them are the brute-force ones, and --stats agrees with the DIMACS header.
#include <catch2/catch.hpp>

#include <bit>
#include <sstream>

#include <nlohmann/json.hpp>

#include <puzzlesat/solver.h>
#include "tests/run_cli.h"

using puzzlesat::testing::run_cli;
namespace sat = puzzlesat::sat;
using Mask = std::uint32_t;

namespace {

sat::Cnf parse_dimacs(const std::string& text) {
  std::istringstream in(text);
  std::string p, cnf_word;
  int vars = 0, clauses = 0;
  in >> p >> cnf_word >> vars >> clauses;
  REQUIRE(p == "p");
  sat::Cnf cnf;
  cnf.reserve_vars(vars);
  std::vector<sat::Lit> clause;
  int d = 0, read = 0;
  while (in >> d) {
    if (d == 0) {
      cnf.add_clause(clause);
      clause.clear();
      ++read;
    } else {
      REQUIRE(std::abs(d) <= vars);
      clause.push_back(sat::Lit::from_dimacs(d));
    }
  }
  CHECK(read == clauses);
  return cnf;
}

// The assignments of variables 1..n that extend to a model, one solver call each.
std::vector<Mask> projected_models(const sat::Cnf& cnf, int n) {
  auto solver = sat::make_solver("minisat");
  solver->add_cnf(cnf);
  std::vector<Mask> models;
  for (Mask m = 0; m < (Mask{1} << n); ++m) {
    std::vector<sat::Lit> assume;
    for (int i = 0; i < n; ++i) assume.push_back(sat::Lit(sat::Var(i + 1), !((m >> i) & 1)));
    if (solver->solve(assume) == sat::Status::sat) models.push_back(m);
  }
  return models;
}

}  // namespace

TEST_CASE("encode exactly writes DIMACS over inputs 1..N", "[cli][encodings]") {
  for (const char* e : {"auto", "seqcounter", "totalizer", "cardnet", "pairwise"}) {
    auto r = run_cli({"encode", "exactly", "--n", "7", "--k", "3", "--encoding", e});
    REQUIRE(r.exit_code == 0);
    auto cnf = parse_dimacs(r.out);
    auto models = projected_models(cnf, 7);
    CHECK(models.size() == 35);
    for (Mask m : models) CHECK(std::popcount(m) == 3);

    auto stats = run_cli({"encode", "exactly", "--n", "7", "--k", "3", "--encoding", e, "--stats"});
    REQUIRE(stats.exit_code == 0);
    CHECK(stats.out == "vars=" + std::to_string(cnf.num_vars() - 7) + " clauses=" +
                           std::to_string(cnf.num_clauses()) + "\n");
  }
}

TEST_CASE("encode --json reports the same sizes as --stats", "[cli][encodings]") {
  auto stats = run_cli({"encode", "notconnected", "--n", "9", "--k", "3", "--topology", "ring", "--stats"});
  auto json = run_cli({"encode", "notconnected", "--n", "9", "--k", "3", "--topology", "ring", "--json"});
  REQUIRE(stats.exit_code == 0);
  REQUIRE(json.exit_code == 0);
  auto j = nlohmann::json::parse(json.out);
  CHECK(j["inputs"] == 9);
  CHECK(stats.out == "vars=" + std::to_string(j["aux_vars"].get<int>()) + " clauses=" +
                         std::to_string(j["clauses"].get<int>()) + "\n");
}

TEST_CASE("encode connected numbers inputs around gaps", "[cli][encodings]") {
  // Ring of 6 with slots 2 and 5 missing: inputs are slots 1,3,4,6 = variables 1..4, and
  // a run of two must be {3,4} or {6,1}.
  auto r = run_cli({"encode", "connected", "--n", "6", "--k", "2", "--topology", "ring", "--gaps", "2,5"});
  REQUIRE(r.exit_code == 0);
  auto cnf = parse_dimacs(r.out);
  CHECK(projected_models(cnf, 4) == std::vector<Mask>{0b0110, 0b1001});
}

TEST_CASE("encode rejects bad options with one error line", "[cli][encodings]") {
  for (std::vector<std::string> args : {std::vector<std::string>{"encode", "atmost", "--n", "5"},
                                        {"encode", "atmost", "--n", "5", "--k", "2", "--encoding", "ladder"},
                                        {"encode", "connected", "--n", "5", "--k", "2", "--gaps", "0"},
                                        {"encode", "connected", "--n", "5", "--k", "2", "--gaps", "2,x"},
                                        {"encode", "setrule", "--n", "4"},
                                        {"encode", "atmost", "--n", "-3", "--k", "1"}}) {
    auto r = run_cli(args);
    INFO(args[1] << " " << args.back());
    CHECK(r.exit_code == 2);
    CHECK(r.err.rfind("puzzlesat: error: ", 0) == 0);
  }
}

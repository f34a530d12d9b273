// End-to-end tests of `puzzlesat cnf check FORMULA PROOF`: CaDiCaL's proofs verify (text
// and binary), broken ones do not (exit 1, failing step named), bad input exits 2, and
// the JSON shape.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <puzzlesat/dimacs.h>
#include "sat/generators.h"
#include "tests/cadical_proof.h"
#include "tests/dimacs_text.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

namespace puzzlesat::sat {
using puzzlesat::testing::dimacs_text;
using puzzlesat::testing::cadical_proof;
using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using puzzlesat::testing::TempFile;

TEST_CASE("cnf check verifies CaDiCaL's text and binary proofs and rejects broken ones", "[cli][cnf][drat]") {
  Cnf php = pigeonhole(6, 5);
  TempFile formula(dimacs_text(php));
  for (bool binary : {false, true}) {
    INFO((binary ? "binary" : "text"));
    auto run = cadical_proof(php, binary);
    REQUIRE(run.status == 20);
    TempFile proof(run.proof);
    auto r = run_cli({"cnf", "check", formula.path(), proof.path()});
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Catch::EndsWith("s VERIFIED\n"));
    CHECK_THAT(r.out, Catch::Contains(binary ? "c proof binary, " : "c proof text, "));

    auto j = run_cli({"cnf", "check", formula.path(), proof.path(), "--json"});
    CHECK(j.exit_code == 0);
    CHECK(line_count(j.out) == 1);
    auto parsed = nlohmann::json::parse(j.out);
    CHECK(parsed["verified"] == true);
    CHECK(parsed["message"] == "");
    CHECK(parsed["failed_line"] == 0);
    CHECK(parsed["format"] == (binary ? "binary" : "text"));
    CHECK(parsed["lemmas"].get<int>() > 0);
    CHECK(parsed["core_lemmas"].get<int>() <= parsed["lemmas"].get<int>());
    CHECK(parsed["seconds"].get<double>() >= 0);
  }

  // The same proof for the formula without its first clause (pigeon 1 may stay out, so
  // it is satisfiable): not verified, exit 1.
  Cnf weaker;
  weaker.reserve_vars(php.num_vars());
  for (std::size_t c = 1; c < php.num_clauses(); ++c) weaker.add_clause(php.clause(c));
  TempFile weaker_file(dimacs_text(weaker));
  TempFile proof(cadical_proof(php, false).proof);
  auto r = run_cli({"cnf", "check", weaker_file.path(), proof.path()});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::EndsWith("s NOT VERIFIED\n"));

  // A proof whose only step is the empty clause names that step and its line.
  r = run_cli({"cnf", "check", formula.path(), "-", "--json"}, "c nothing\n\n0\n");
  CHECK(r.exit_code == 1);
  auto parsed = nlohmann::json::parse(r.out);
  CHECK(parsed["verified"] == false);
  CHECK(parsed["failed_line"] == 3);
  CHECK(parsed["message"] == "step 1 (line 3): the empty clause does not follow by unit propagation");
  r = run_cli({"cnf", "check", formula.path(), "-"}, "c nothing\n\n0\n");
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::EndsWith("c step 1 (line 3): the empty clause does not follow by unit propagation\n"
                                    "s NOT VERIFIED\n"));
}

TEST_CASE("cnf check rejects malformed formulas and proofs with exit 2 and one located line", "[cli][cnf][drat]") {
  TempFile formula("p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n");
  TempFile good_proof("1 0\n0\n");
  auto r = run_cli({"cnf", "check", formula.path(), good_proof.path()});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::EndsWith("s VERIFIED\n"));

  struct Case {
    std::string proof, error;
  };
  const std::vector<Case> cases = {
      {"1 0\n2 x 0\n0\n", ":2:3: 'x' is not an integer"},
      {"1 0\n0 1\n", ":2:4: missing final 0"},
      {"1 -0\n", ":1:3: '-0' is not a literal"},
  };
  for (const Case& c : cases) {
    TempFile proof(c.proof);
    INFO(c.proof);
    r = run_cli({"cnf", "check", formula.path(), proof.path()});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Catch::StartsWith("puzzlesat: error: " + proof.path() + c.error));
  }
  TempFile bad_token("1 0\n2 x 0\n0\n");
  r = run_cli({"cnf", "check", formula.path(), bad_token.path()});
  CHECK(r.err == "puzzlesat: error: " + bad_token.path() + ":2:3: 'x' is not an integer\n");

  TempFile bad_formula("p cnf 2 1\n1 3 0\n");
  r = run_cli({"cnf", "check", bad_formula.path(), good_proof.path()});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::StartsWith("puzzlesat: error: " + bad_formula.path() + ":2:3: literal 3 exceeds"));
  r = run_cli({"cnf", "check", formula.path(), "/nonexistent/proof.drat"});
  CHECK(r.exit_code == 2);
  r = run_cli({"cnf", "check", "-", "-"});
  CHECK(r.exit_code == 2);
}

TEST_CASE("cnf check refuses a proof over the --max-memory budget with exit 2", "[cli][cnf][drat]") {
  Cnf php = pigeonhole(6, 5);
  TempFile formula(dimacs_text(php));
  TempFile proof(cadical_proof(php, false).proof);
  auto r = run_cli({"cnf", "check", formula.path(), proof.path(), "--max-memory", "64M"});
  CHECK(r.exit_code == 0);
  r = run_cli({"cnf", "check", formula.path(), proof.path(), "--max-memory", "20K"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(line_count(r.err) == 1);
  CHECK_THAT(r.err, Catch::StartsWith("puzzlesat: error: " + proof.path()));
  r = run_cli({"cnf", "check", formula.path(), proof.path(), "--max-memory", "lots"});
  CHECK(r.exit_code == 2);
}

}  // namespace puzzlesat::sat

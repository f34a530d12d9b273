// `--proof` end to end: every command that claims an UNSAT or a forced fact writes a
// DRAT proof and its formula, and the independent checker (check_drat) verifies them;
// a backend without proofs is refused; and, tried as an attacker, a fake external solver
// that lies UNSAT or returns a wrong model never makes a command claim a proof.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "problems/hexcells/deduce.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/render.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include "sat/generators.h"
#include <puzzlesat/proof.h>
#include "tests/data_paths.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

using nlohmann::json;
using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using puzzlesat::testing::slurp;
using puzzlesat::testing::TempDir;
namespace sat = puzzlesat::sat;

namespace {

// The verdict of the checker on a proof file and the formula file written beside it.
sat::DratVerdict check(const std::string& proof) {
  std::string formula = sat::proof_formula_path(proof);
  REQUIRE(std::filesystem::exists(formula));
  REQUIRE(std::filesystem::exists(proof));
  return sat::check_drat(sat::read_dimacs(slurp(formula), formula), slurp(proof), proof);
}

const std::string kHoneycomb = puzzlesat::testing::demo_file("hexcells-honeycomb.hexcells");

}  // namespace

TEST_CASE("cnf solve --proof: the proof of an UNSAT formula verifies and none is left for SAT", "[proof][cli]") {
  TempDir dir;
  std::string php = dir.file("php.cnf");
  {
    std::ofstream out(php);
    sat::write_dimacs(out, sat::pigeonhole(6, 5));
  }
  for (std::string format : {"text", "binary"}) {
    std::string proof = dir.file("php-" + format + ".drat");
    auto r = run_cli({"cnf", "solve", php, "--proof", proof, "--proof-format", format});
    REQUIRE(r.exit_code == 20);
    sat::DratVerdict v = check(proof);
    CHECK(v.verified);
    CHECK(v.binary == (format == "binary"));
  }
  std::string sat_file = dir.file("sat.cnf");
  std::ofstream(sat_file) << "p cnf 2 1\n1 2 0\n";
  auto r = run_cli({"cnf", "solve", sat_file, "--proof", dir.file("none.drat")});
  CHECK(r.exit_code == 10);
  CHECK_FALSE(std::filesystem::exists(dir.file("none.drat")));
}

TEST_CASE("asking for a proof from a backend that writes none is one error line, exit 2", "[proof][cli]") {
  TempDir dir;
  auto r = run_cli({"queens", "solve", "--n", "3", "--solver", "minisat", "--proof", dir.file("q.drat")});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("cannot write DRAT proofs") != std::string::npos);
  CHECK(line_count(r.err) == 1);
  r = run_cli({"set", "cap", "--size", "21", "--solver", "external:cadical", "--proof", dir.file("c.drat")});
  CHECK(r.exit_code == 2);
}

TEST_CASE("set solve --proof: no set remains, proved and checked, and a set on the table writes none", "[proof][cli]") {
  TempDir dir;
  std::string proof = dir.file("noset.drat");
  auto r = run_cli({"set", "solve", "--json", "--proof", proof, "1rsd", "1rso", "2gtd"});
  REQUIRE(r.exit_code == 0);
  CHECK(json::parse(r.out)["no_set"] == true);
  CHECK(check(proof).verified);
  std::string none = dir.file("set.drat");
  r = run_cli({"set", "solve", "--proof", none, "1rsd", "1rss", "1rso"});
  REQUIRE(r.exit_code == 0);
  CHECK_FALSE(std::filesystem::exists(none));
  // Twelve set-free cards (the demo board), the proof in binary DRAT.
  std::string twelve = dir.file("twelve.drat");
  r = run_cli({"set", "solve", "--proof", twelve, "--proof-format", "binary", "--file",
               (puzzlesat::testing::repo_root() / "demo/set-no-set.txt").string()});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("No set among these 12 cards") != std::string::npos);
  CHECK(check(twelve).verified);
}

TEST_CASE("queens solve --proof: no placement of 3 queens, proved and checked", "[proof][cli]") {
  TempDir dir;
  std::string proof = dir.file("q3.drat");
  auto r = run_cli({"queens", "solve", "--n", "3", "--proof", proof});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("no placement") != std::string::npos);
  CHECK(check(proof).verified);
}

TEST_CASE("set cap --size 21 --proof: every 21 cards hold a set, checked, and --cnf exports the same formula",
          "[proof][cli][set]") {
  TempDir dir;
  std::string proof = dir.file("cap21.drat"), exported = dir.file("export.cnf");
  auto r = run_cli({"set", "cap", "--size", "21", "--json", "--proof", proof, "--cnf", exported});
  REQUIRE(r.exit_code == 0);
  CHECK(json::parse(r.out)["status"] == "unsat");
  sat::DratVerdict v = check(proof);
  CHECK(v.verified);
  INFO(v.message);
  CHECK(slurp(exported) == slurp(sat::proof_formula_path(proof)));
  // A found board writes no proof; the export of a satisfiable size is satisfiable.
  r = run_cli({"set", "cap", "--size", "12", "--proof", dir.file("cap12.drat"), "--cnf", dir.file("cap12.cnf")});
  REQUIRE(r.exit_code == 0);
  CHECK_FALSE(std::filesystem::exists(dir.file("cap12.drat")));
  CHECK(run_cli({"cnf", "solve", dir.file("cap12.cnf"), "--solver", "cadical"}).exit_code == 10);
}

TEST_CASE("hexcells deduce --proof: one verified proof per forced cell, named as drawn", "[proof][cli][hexcells]") {
  const std::string over = GENERATE("explanation", "state");
  INFO("--proof-over " << over);
  TempDir dir;
  std::string proofs = dir.file("cells");
  auto r = run_cli({"hexcells", "deduce", "--json", "--proof", proofs, "--proof-over", over, kHoneycomb});
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  std::set<std::string> state_comments;  // "c line H4 (0)": one per constraint of the state
  {
    std::istringstream lines(run_cli({"hexcells", "cnf", kHoneycomb}).out);
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("c ", 0) == 0 && line.rfind("c var ", 0) != 0) state_comments.insert(line);
  }
  REQUIRE(state_comments.size() > 1);
  std::size_t forced = j["blue"].size() + j["black"].size();
  REQUIRE(forced > 0);
  CHECK(j["proofs"] == forced);
  std::size_t verified = 0;
  for (const char* colour : {"blue", "black"}) {
    for (const auto& name : j[std::string(colour) + "_names"]) {
      std::string proof = (std::filesystem::path(proofs) / (name.get<std::string>() + "-" + colour + ".drat")).string();
      sat::DratVerdict v = check(proof);
      INFO(proof << ": " << v.message);
      CHECK(v.verified);
      verified += v.verified;
      // The formula refuted holds the state's constraints (each named by a comment), all of
      // them or only the explanation's: then a subset, so what it forces the state forces.
      const std::string formula = slurp(sat::proof_formula_path(proof));
      std::size_t named = 0;
      std::istringstream lines(formula);
      for (std::string line; std::getline(lines, line);) {
        if (line.rfind("c ", 0) != 0 || line.rfind("c var ", 0) == 0 || line.rfind("c claim", 0) == 0) continue;
        CHECK(state_comments.count(line) == 1);
        ++named;
      }
      if (over == "state") CHECK(named == state_comments.size());
      else CHECK((named > 0 && named <= state_comments.size()));
    }
  }
  CHECK(verified == forced);
}

TEST_CASE("hexcells deduce -o draws one cell's explanation and --cell takes the drawn names", "[proof][cli][hexcells]") {
  TempDir dir;
  auto r = run_cli({"hexcells", "deduce", "--json", "--explain", kHoneycomb});
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  REQUIRE(!j["explanations"].empty());
  std::string last = j["explanations"].back()["name"];
  std::string picture = dir.file("why.png");
  r = run_cli({"hexcells", "deduce", "-o", picture, "--cell", last, kHoneycomb});
  REQUIRE(r.exit_code == 0);
  CHECK(std::filesystem::file_size(picture) > 1000);
  // The text names every forced cell the way the labelled drawing does.
  r = run_cli({"hexcells", "deduce", "--explain", kHoneycomb});
  CHECK(r.out.find(last + " ") != std::string::npos);
  r = run_cli({"hexcells", "deduce", "-o", picture, "--cell", "ZZ99", kHoneycomb});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--cell") != std::string::npos);
}

TEST_CASE("a fake solver that lies UNSAT cannot make a command claim a proof", "[proof][cli][attack]") {
  TempDir dir;
  std::string liar = dir.script("liar.sh", "echo 's UNSATISFIABLE'\nexit 20\n");
  // It even writes a "proof": the empty clause alone, which no checker accepts.
  std::string forger = dir.script("forger.sh", "printf '0\\n' > \"$1\"\necho 's UNSATISFIABLE'\nexit 20\n");
  for (std::string spec : {"external:" + liar, "external:" + forger + " {proof}"}) {
    INFO(spec);
    auto q = run_cli({"queens", "solve", "--n", "8", "--solver", spec});
    CHECK(q.exit_code != 0);
    CHECK(q.out.find("proved") == std::string::npos);
    auto c = run_cli({"set", "cap", "--size", "20", "--solver", spec});
    CHECK(c.exit_code != 0);
    CHECK(c.out.find("every 20 cards") == std::string::npos);
    // These three cards are a set: "no set remains" would be a lie.
    auto s = run_cli({"set", "solve", "--solver", spec, "1rsd", "1rss", "1rso"});
    CHECK(s.exit_code != 0);
    CHECK(s.out.find("proved") == std::string::npos);
  }
}

TEST_CASE("a fake solver's wrong model is refused, not printed", "[proof][cli][attack]") {
  TempDir dir;
  // "Every square has a queen": a model, but not of the 8-queens formula.
  std::string all_true = "v";
  for (int v = 1; v <= 64; ++v) all_true += " " + std::to_string(v);
  std::string wrong = dir.script("wrong.sh", "echo 's SATISFIABLE'\necho '" + all_true + " 0'\nexit 10\n");
  auto r = run_cli({"queens", "solve", "--n", "8", "--solver", "external:" + wrong});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("violates clause") != std::string::npos);
  CHECK(r.out.find('Q') == std::string::npos);
}

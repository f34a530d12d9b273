#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <puzzlesat/dimacs.h>
#include <puzzlesat/solver.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "problems/nurikabe/nurikabe.h"
#include "tests/data_paths.h"
#include "tests/drat_verified.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;

namespace {
const std::string kNurikabeUrl = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g";
const nurikabe::Grid kAnswer{"..###", ".#..#", ".####", ".#.#.", "###.."};  // pzprjs's accepted answer
// Two 2s in a 2x4 grid: several walls fit.
const std::string kOpen = ". . . .\n2 . . 2\n";
}  // namespace

TEST_CASE("nurikabe solve, unique and deduce --json answer the pzprjs example", "[nurikabe][cli]") {
  auto solve = run_cli({"nurikabe", "solve", "--json", kNurikabeUrl});
  REQUIRE(solve.exit_code == 0);
  const auto s = nlohmann::json::parse(solve.out);
  CHECK(s["status"] == "sat");
  CHECK(s["solution"].get<nurikabe::Grid>() == kAnswer);

  auto unique = run_cli({"nurikabe", "unique", "--json", kNurikabeUrl});
  REQUIRE(unique.exit_code == 0);
  CHECK(nlohmann::json::parse(unique.out)["unique"] == true);

  auto deduce = run_cli({"nurikabe", "deduce", "--json", "--explain", kNurikabeUrl});
  REQUIRE(deduce.exit_code == 0);
  const auto forced = nlohmann::json::parse(deduce.out)["forced"];
  CHECK(forced.size() == 21);  // every cell but the four numbers
  int explained = 0;
  for (const auto& f : forced) {
    CHECK(f["value"].get<std::string>()[0] == kAnswer[f["row"].get<int>()][f["col"].get<int>()]);
    explained += f.contains("because");
  }
  CHECK(explained > 0);
}

TEST_CASE("nurikabe solve --all and unique on a puzzle with several solutions", "[nurikabe][cli]") {
  puzzlesat::testing::TempDir dir;
  const std::string file = (dir.path() / "open.txt").string();
  std::ofstream(file) << kOpen;
  const nurikabe::Puzzle p = nurikabe::parse_text(kOpen, file);
  nurikabe::Solver lib(p, "minisat");
  const auto expected = lib.solutions(100);
  REQUIRE(expected.size() >= 2);

  auto all = run_cli({"nurikabe", "solve", "--all", "--json", file});
  REQUIRE(all.exit_code == 0);
  const auto a = nlohmann::json::parse(all.out);
  CHECK(a["count"] == expected.size());
  CHECK(a["complete"] == true);
  for (const auto& g : a["solutions"]) CHECK_FALSE(nurikabe::violation(p, g.get<nurikabe::Grid>()));

  auto unique = run_cli({"nurikabe", "unique", "--json", file});
  CHECK(unique.exit_code == 3);  // not unique: unsolved
  const auto u = nlohmann::json::parse(unique.out);
  CHECK(u["unique"] == false);
  REQUIRE(u["solutions"].size() == 2);
  CHECK(u["solutions"][0] != u["solutions"][1]);
  for (const auto& g : u["solutions"]) CHECK_FALSE(nurikabe::violation(p, g.get<nurikabe::Grid>()));
}

TEST_CASE("nurikabe cnf -o writes a formula whose model is the solution", "[nurikabe][cli]") {
  puzzlesat::testing::TempDir dir;
  const std::string out = (dir.path() / "n.cnf").string();
  auto r = run_cli({"nurikabe", "cnf", kNurikabeUrl, "-o", out});
  REQUIRE(r.exit_code == 0);
  const std::string text = puzzlesat::testing::slurp(out);
  CHECK(text.find("c var 1 black(0,0)") != std::string::npos);
  const puzzlesat::sat::Cnf cnf = puzzlesat::sat::read_dimacs(text, out);
  auto s = puzzlesat::sat::make_solver("cadical");
  s->add_cnf(cnf);
  REQUIRE(s->solve() == puzzlesat::sat::Status::sat);
  nurikabe::Grid g(5, std::string(5, '.'));
  for (int i = 0; i < 25; ++i)
    if (s->model_value(puzzlesat::sat::Var(i + 1))) g[i / 5][i % 5] = '#';
  CHECK(g == kAnswer);
  // The puzzle is unique, so blocking that answer leaves no model.
  std::vector<puzzlesat::sat::Lit> block;
  for (int i = 0; i < 25; ++i) block.push_back(puzzlesat::sat::Lit(puzzlesat::sat::Var(i + 1), g[i / 5][i % 5] == '#'));
  s->add_clause(block);
  CHECK(s->solve() == puzzlesat::sat::Status::unsat);
}

TEST_CASE("nurikabe generate prints a unique puzzle, its URL and the same puzzle for the same seed", "[nurikabe][cli]") {
  auto r = run_cli({"nurikabe", "generate", "--size", "6x5", "--seed", "9", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  std::string text;
  for (const auto& line : j["puzzle"]) text += line.get<std::string>() + "\n";
  const nurikabe::Puzzle p = nurikabe::parse_text(text, "generated");
  CHECK(p.rows == 6);
  CHECK(p.cols == 5);
  CHECK(nurikabe::parse_url(j["url"]).number == p.number);
  nurikabe::Solver s(p, "cadical");
  const auto found = s.solutions(2);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == j["solution"].get<nurikabe::Grid>());
  CHECK(run_cli({"nurikabe", "generate", "--size", "6x5", "--seed", "9", "--json"}).out == r.out);

  // The text form reads back: the URL line is a comment.
  auto plain = run_cli({"nurikabe", "generate", "--size", "6x5", "--seed", "9"});
  REQUIRE(plain.exit_code == 0);
  CHECK(plain.out.rfind("# https://puzz.link/p?nurikabe/5/6/", 0) == 0);
  CHECK(nurikabe::parse_text(plain.out, "x").number == p.number);
  CHECK(run_cli({"nurikabe", "generate", "--size", "6by5"}).exit_code == 2);
}

TEST_CASE("nurikabe bad input is one error line naming the place, exit 2", "[nurikabe][cli]") {
  puzzlesat::testing::TempDir dir;
  const std::string file = (dir.path() / "bad.txt").string();
  std::ofstream(file) << ". . .\n. 4 x\n";
  auto bad = run_cli({"nurikabe", "solve", file});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "puzzlesat: error: " + file + ":2:5: expected '.', '?' or a number from 1, got 'x'\n");
  auto url = run_cli({"nurikabe", "unique", "https://puzz.link/p?nurikabe/5/5/g5k!o1k3g"});
  CHECK(url.exit_code == 2);
  CHECK(url.err.rfind("puzzlesat: error: URL:1:37: ", 0) == 0);
  CHECK(line_count(url.err) == 1);
  CHECK(run_cli({"nurikabe", "deduce", (dir.path() / "missing.txt").string()}).exit_code == 2);
  // No solution: solve says so (exit 3, unsolved), deduce has nothing to deduce from (exit 2).
  const std::string none = (dir.path() / "none.txt").string();
  std::ofstream(none) << "2 2\n. .\n";
  auto unsat = run_cli({"nurikabe", "solve", "--json", none});
  CHECK(unsat.exit_code == 3);
  CHECK(nlohmann::json::parse(unsat.out)["status"] == "unsat");
  CHECK(run_cli({"nurikabe", "deduce", none}).exit_code == 2);
}

TEST_CASE("nurikabe commands take several puzzles and --jsonl", "[nurikabe][cli]") {
  puzzlesat::testing::TempDir dir;
  const std::string open = (dir.path() / "open.txt").string();
  std::ofstream(open) << kOpen;
  auto r = run_cli({"nurikabe", "unique", "--jsonl", kNurikabeUrl, open, (dir.path() / "missing.txt").string()});
  CHECK(r.exit_code == 2);  // one input failed
  std::istringstream lines(r.out);
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(lines, line);) out.push_back(nlohmann::json::parse(line));
  REQUIRE(out.size() == 3);
  CHECK(out[0]["input"] == kNurikabeUrl);
  CHECK(out[0]["unique"] == true);
  CHECK(out[1]["unique"] == false);
  CHECK(out[2].contains("error"));
  CHECK(run_cli({"nurikabe", "cnf", "-o", (dir.path() / "x.cnf").string(), kNurikabeUrl, open}).exit_code == 2);
}

TEST_CASE("nurikabe deduce --proof and unique --proof write DRAT proofs of the complete formula that the checker verifies",
          "[nurikabe][cli][proof]") {
  using puzzlesat::testing::drat_verified;
  puzzlesat::testing::TempDir dir;
  const std::string folder = dir.file("cells");
  auto r = run_cli({"nurikabe", "deduce", "--json", "--proof", folder, kNurikabeUrl});
  REQUIRE(r.exit_code == 0);
  const auto out = nlohmann::json::parse(r.out);
  REQUIRE(out["forced"].size() == 21);
  CHECK(out["proofs"] == 21);
  CHECK(out["unproved"].empty());
  for (const auto& cell : out["forced"]) {
    const std::string name = "r" + std::to_string(cell["row"].get<int>()) + "c" + std::to_string(cell["col"].get<int>()) +
                             (cell["value"] == "#" ? "-black" : "-white");
    INFO(name);
    CHECK(kAnswer[cell["row"].get<int>()][cell["col"].get<int>()] == cell["value"].get<std::string>()[0]);
    CHECK(drat_verified(folder + "/" + name + ".drat"));
  }
  const std::string unique = dir.file("unique.drat");
  r = run_cli({"nurikabe", "unique", "--json", "--proof", unique, kNurikabeUrl});
  REQUIRE(r.exit_code == 0);
  CHECK(nlohmann::json::parse(r.out)["proof"] == unique);
  CHECK(drat_verified(unique));
  // Several walls fit: no uniqueness proof and no file; the forced cells still get theirs.
  puzzlesat::testing::TempFile open(kOpen);
  const std::string none = dir.file("none.drat");
  r = run_cli({"nurikabe", "unique", "--json", "--proof", none, open.path()});
  CHECK(nlohmann::json::parse(r.out)["unique"] == false);
  CHECK_FALSE(std::filesystem::exists(none));
  // One folder or file: several puzzles with --proof are bad input.
  r = run_cli({"nurikabe", "deduce", "--proof", folder, kNurikabeUrl, kNurikabeUrl});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--proof names one output") != std::string::npos);
}

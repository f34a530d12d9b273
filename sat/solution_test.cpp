#include <puzzlesat/solution.h>

#include <catch2/catch.hpp>

#include <sstream>

using namespace puzzlesat::sat;

TEST_CASE("Solution output: s line, v lines of at most 4096 characters ending in 0", "[sat][solution]") {
  std::vector<Lit> model;
  for (int v = 1; v <= 5000; ++v) model.push_back(Lit(Var(v), v % 3 == 0));
  std::ostringstream out;
  write_solution(out, Status::sat, model);
  std::string text = out.str();
  CHECK(text.rfind("s SATISFIABLE\n", 0) == 0);
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  int v_lines = 0;
  while (std::getline(lines, line)) {
    ++v_lines;
    CHECK(line.rfind("v ", 0) == 0);
    CHECK(line.size() <= kMaxSolutionLineLength);
  }
  CHECK(v_lines > 1);
  CHECK(text.substr(text.size() - 3) == " 0\n");
  auto parsed = parse_solution(text);
  REQUIRE(parsed);
  CHECK(parsed->status == Status::sat);
  CHECK(parsed->model == model);

  std::ostringstream unsat;
  write_solution(unsat, Status::unsat, {});
  CHECK(unsat.str() == "s UNSATISFIABLE\n");
  std::ostringstream unknown;
  write_solution(unknown, Status::unknown, model);
  CHECK(unknown.str() == "s UNKNOWN\n");
}

TEST_CASE("Solution parsing: competition output and MiniSat result files", "[sat][solution]") {
  auto p = parse_solution("c comment\nc s SATISFIABLE\ns SATISFIABLE\r\nv 1 -2\nv 3 0\n");
  REQUIRE(p);
  CHECK(p->status == Status::sat);
  CHECK(p->model == std::vector<Lit>{Lit::from_dimacs(1), Lit::from_dimacs(-2), Lit::from_dimacs(3)});
  CHECK(parse_solution("s UNSATISFIABLE\n")->status == Status::unsat);
  CHECK(parse_solution("s UNKNOWN\n")->status == Status::unknown);
  CHECK_FALSE(parse_solution("c nothing\n"));
  CHECK_THROWS_WITH(parse_solution("s SATISFIABLE\nv 1 x 0\n"), Catch::Contains("malformed"));
  // Two answers that disagree are an error, not "the last line wins"; a repeat is fine.
  CHECK_THROWS_WITH(parse_solution("s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\n"), Catch::Contains("conflicting"));
  CHECK_THROWS_WITH(parse_solution("s UNKNOWN\ns SATISFIABLE\nv 1 0\n"), Catch::Contains("conflicting"));
  CHECK(parse_solution("s UNSATISFIABLE\ns UNSATISFIABLE\n")->status == Status::unsat);

  auto m = parse_minisat_result("SAT\n-1 2 0\n");
  REQUIRE(m);
  CHECK(m->status == Status::sat);
  CHECK(m->model == std::vector<Lit>{Lit::from_dimacs(-1), Lit::from_dimacs(2)});
  CHECK(parse_minisat_result("UNSAT\n")->status == Status::unsat);
  CHECK(parse_minisat_result("INDET\n")->status == Status::unknown);
  CHECK_FALSE(parse_minisat_result("SAT\n1 2\n"));
  CHECK_FALSE(parse_minisat_result("garbage"));
}

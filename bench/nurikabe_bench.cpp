// Nurikabe with lazy connectivity cuts: for each corpus URL (../shared/data/puzzles/nurikabe)
// and for generated puzzles, the time and cut rounds to solve, to decide uniqueness and to
// deduce every cell, and whether the corpus answer matches.
// Run: cmake --build build --target bench_nurikabe && build/bench/bench_nurikabe [SOLVER]
#include <ctime>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "problems/nurikabe/nurikabe.h"

namespace {

// Processor time of this process: the machine may be shared, and the work is single-threaded.
double since(std::clock_t t0) { return static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC; }

void row(const std::string& name, const nurikabe::Puzzle& p, const std::string& solver, const nurikabe::Grid* answer) {
  auto t0 = std::clock();
  nurikabe::Solver s(p, solver);
  const auto first = s.solve();
  const double solve_s = since(t0);
  const int solve_rounds = s.stats().rounds;
  t0 = std::clock();
  nurikabe::Solver u(p, solver);
  const auto two = u.solutions(2);
  const double unique_s = since(t0);
  t0 = std::clock();
  nurikabe::Solver d(p, solver);
  const auto forced = d.deduce();
  const double deduce_s = since(t0);
  const char* match = !answer ? "-" : (two.size() == 1 && two[0] == *answer) ? "yes" : "NO";
  std::printf("| %s | %dx%d | %s | %.3f | %d | %.3f | %d | %zu | %.3f | %d | %zu | %s |\n", name.c_str(), p.rows, p.cols,
              first ? "sat" : "unsat", solve_s, solve_rounds, unique_s, u.stats().rounds, two.size(), deduce_s,
              d.stats().rounds, forced.size(), match);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string solver = argc > 1 ? argv[1] : "minisat";
  std::printf("solver %s; times in seconds of processor time; rounds = lazy solve() calls\n\n", solver.c_str());
  std::printf("| puzzle | size | solve | s | rounds | unique s | rounds | solutions (max 2) | deduce s | rounds | forced | answer |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  std::ifstream in(std::string(PUZZLESAT_SHARED_DATA) + "/puzzles/nurikabe/nurikabe_puzzlink_checked.jsonl");
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    const auto record = nlohmann::json::parse(line);
    std::string url = record["url"];
    ++n;
    if (record["solution"].is_null()) {
      url.erase(url.find("v:/"), 3);  // read as standard Nurikabe (the flag is refused)
      row("corpus " + std::to_string(n) + " (v: dropped)", nurikabe::parse_url(url), solver, nullptr);
      continue;
    }
    const nurikabe::Grid answer = record["solution"].get<nurikabe::Grid>();
    row("corpus " + std::to_string(n), nurikabe::parse_url(url), solver, &answer);
  }
  for (int size : {5, 7, 10}) {
    for (unsigned long long seed = 1; seed <= 3; ++seed) {
      const auto t0 = std::clock();
      const nurikabe::Generated g = nurikabe::generate(size, size, seed, solver);
      char name[128];
      std::snprintf(name, sizeof name, "generated seed %llu (%d walls, %.2f s)", seed, g.attempts, since(t0));
      row(name, g.puzzle, solver, &g.solution);
    }
  }
}

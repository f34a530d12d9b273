// Backbone at scale: one compute_backbone call (all variables as candidates, the formula
// given so models are walked) against one plain solve of the same formula, on random
// 3-SAT with 500-2,000 variables at clause ratios 3.5-4.0 (seeded, so the formulas are
// the same on every run). Prints a Markdown table; a call stopped by the time limit
// shows as "> limit". Run:
//   cmake --build build --target bench_backbone_scale && build/bench/bench_backbone_scale [limit-seconds [variables [seeds]]]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <puzzlesat/backbone.h>
#include "sat/generators.h"
#include <puzzlesat/solver.h>

using namespace puzzlesat::sat;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const double limit = argc > 1 ? std::atof(argv[1]) : 60;
  const int only = argc > 2 ? std::atoi(argv[2]) : 0;  // one formula size only
  const int seeds = argc > 3 ? std::atoi(argv[3]) : 2;
  std::printf("| variables | ratio | seed | plain solve s | backbone s | ratio to solve | calls | forced |\n");
  std::printf("|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int n : {500, 1000, 2000}) {
    if (only && n != only) continue;
    for (double ratio : {3.5, 3.75, 4.0}) {
      for (int seed = 1; seed <= seeds; ++seed) {
        std::mt19937_64 rng(static_cast<std::uint64_t>(n * 100 + seed));
        Cnf cnf = random_ksat(rng, n, static_cast<int>(ratio * n));
        auto plain = make_solver("minisat");
        plain->add_cnf(cnf);
        plain->set_budget({.seconds = limit});
        auto start = std::chrono::steady_clock::now();
        Status status = plain->solve();
        double solve_s = seconds_since(start);
        // Near the threshold a random formula may be out of the plain solver's reach; the
        // backbone (which starts with local search) is still measured.
        if (status == Status::unsat) {
          std::printf("| %d | %.2f | %d | unsat | | | | |\n", n, ratio, seed);
          std::fflush(stdout);
          continue;
        }
        const std::string plain_s = status == Status::sat ? std::to_string(solve_s).substr(0, 5) : "> limit";
        auto s = make_solver("minisat");
        s->add_cnf(cnf);
        s->set_budget({.seconds = limit});
        std::vector<Lit> candidates;
        for (int v = 1; v <= n; ++v) candidates.push_back(Lit(Var(v)));
        start = std::chrono::steady_clock::now();
        BackboneResult r = compute_backbone(*s, candidates, {}, &cnf);
        double backbone_s = seconds_since(start);
        const std::string times =
            status == Status::sat ? std::to_string(backbone_s / solve_s).substr(0, 4) : std::string("");
        if (r.status != Status::sat) {
          std::printf("| %d | %.2f | %d | %s | > %.0f | | %d | |\n", n, ratio, seed, plain_s.c_str(), limit,
                      r.solver_calls);
        } else {
          std::printf("| %d | %.2f | %d | %s | %.3f | %s | %d | %zu |\n", n, ratio, seed, plain_s.c_str(), backbone_s,
                      times.c_str(), r.solver_calls, r.forced.size());
        }
        std::fflush(stdout);
      }
    }
  }
  return 0;
}

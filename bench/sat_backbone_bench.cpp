// Backbone: solver calls and time of model-based filtering (sat/backbone.h) against the
// naive method (two calls per literal: "can it be true?", "can it be false?") on formulas
// with 100 to 2,000 literals of interest. Two families: random 3-SAT below the threshold
// (mostly free literals) and planted 3-SAT above it (mostly forced literals). Prints a
// Markdown table. Run:
//   cmake --build build --target bench_sat_backbone && build/bench/bench_sat_backbone [solver]
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "sat/backbone.h"
#include "sat/generators.h"
#include "sat/solver.h"

using namespace puzzlesat::sat;

namespace {

// Random 3-SAT whose clauses all agree with a hidden assignment: satisfiable, and at a
// high clause ratio nearly every variable is forced.
Cnf planted_3sat(std::mt19937_64& rng, int n, int m) {
  std::vector<bool> hidden(static_cast<std::size_t>(n) + 1);
  for (int v = 1; v <= n; ++v) hidden[static_cast<std::size_t>(v)] = rng() % 2 == 0;
  Cnf cnf;
  cnf.reserve_vars(n);
  while (static_cast<int>(cnf.num_clauses()) < m) {
    Cnf one = random_ksat(rng, n, 1);
    auto clause = one.clause(0);
    bool agrees = false;
    for (Lit l : clause) agrees = agrees || hidden[static_cast<std::size_t>(l.var().id())] != l.negated();
    if (agrees) cnf.add_clause(clause);
  }
  return cnf;
}

struct Run {
  int calls = 0;
  int forced = 0;
  double seconds = 0;
};

template <class F>
double timed(F f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Run filtered(const std::string& spec, const Cnf& cnf, const std::vector<Lit>& candidates) {
  auto s = make_solver(spec);
  s->add_cnf(cnf);
  Run run;
  run.seconds = timed([&] {
    BackboneResult r = compute_backbone(*s, candidates);
    run.calls = r.solver_calls;
    run.forced = static_cast<int>(r.forced.size());
  });
  return run;
}

Run naive(const std::string& spec, const Cnf& cnf, const std::vector<Lit>& candidates) {
  auto s = make_solver(spec);
  s->add_cnf(cnf);
  Run run;
  run.seconds = timed([&] {
    for (Lit c : candidates) {
      bool can_true = s->solve({c}) == Status::sat;
      bool can_false = s->solve({~c}) == Status::sat;
      run.calls += 2;
      if (can_true != can_false) ++run.forced;
    }
  });
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  std::string spec = argc > 1 ? argv[1] : "minisat";
  std::mt19937_64 rng(1);
  std::printf("backend: %s\n\n", spec.c_str());
  std::printf("| family | literals | clauses | forced | filtered calls | filtered s | naive calls | naive s | call ratio |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int n : {100, 250, 500, 1000, 2000}) {
    struct Family {
      const char* name;
      Cnf cnf;
    };
    std::vector<Family> families;
    families.push_back({"random 3-SAT, m = 3n", random_ksat(rng, n, 3 * n)});
    families.push_back({"planted 3-SAT, m = 6n", planted_3sat(rng, n, 6 * n)});
    for (const Family& f : families) {
      std::vector<Lit> candidates;
      for (int v = 1; v <= n; ++v) candidates.push_back(Lit(Var(v)));
      Run a = filtered(spec, f.cnf, candidates);
      Run b = naive(spec, f.cnf, candidates);
      if (a.forced != b.forced) {
        std::fprintf(stderr, "MISMATCH: filtered found %d forced, naive %d\n", a.forced, b.forced);
        return 1;
      }
      std::printf("| %s | %d | %zu | %d | %d | %.3f | %d | %.3f | %.1fx |\n", f.name, n, f.cnf.num_clauses(), a.forced,
                  a.calls, a.seconds, b.calls, b.seconds, static_cast<double>(b.calls) / a.calls);
      std::fflush(stdout);
    }
  }
  return 0;
}

// Backbone: solver calls and time of model-based filtering (sat/backbone.h) against the
// naive method (two calls per literal: "can it be true?", "can it be false?") on formulas
// with 100 to 2,000 literals of interest, and of the chunked variant
// (sat/chunked_backbone.h). Families: random 3-SAT below the threshold (mostly free
// literals); planted 3-SAT above it (mostly forced, but proving a literal forced is a
// random-3-SAT refutation, exponentially hard as n grows, so only up to 250); planted
// 2+3-SAT (binary and ternary clauses agreeing with a hidden assignment: mostly forced,
// each by a short implication argument, the shape of puzzle deductions). Prints a
// Markdown table. Run:
//   cmake --build build --target bench_sat_backbone && build/bench/bench_sat_backbone [solver]
#include <chrono>
#include <cstdio>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <puzzlesat/backbone.h>
#include <puzzlesat/chunked_backbone.h>
#include "sat/generators.h"
#include <puzzlesat/solver.h>

using namespace puzzlesat::sat;

namespace {

// Random 3-SAT whose clauses all agree with a hidden assignment: satisfiable, and at a
// high clause ratio nearly every variable is forced.
// m2 binary and m3 ternary clauses all satisfied by one hidden assignment.
Cnf planted(std::mt19937_64& rng, int n, int m2, int m3) {
  std::vector<bool> hidden(static_cast<std::size_t>(n) + 1);
  for (int v = 1; v <= n; ++v) hidden[static_cast<std::size_t>(v)] = rng() % 2 == 0;
  Cnf cnf;
  cnf.reserve_vars(n);
  auto add_agreeing = [&](int k, int m) {
    for (int added = 0; added < m;) {
      Cnf one = random_ksat(rng, n, 1, k);
      auto clause = one.clause(0);
      bool agrees = false;
      for (Lit l : clause) agrees = agrees || hidden[static_cast<std::size_t>(l.var().id())] != l.negated();
      if (agrees) {
        cnf.add_clause(clause);
        ++added;
      }
    }
  };
  add_agreeing(2, m2);
  add_agreeing(3, m3);
  return cnf;
}

struct Run {
  int calls = 0;
  int forced = 0;
  double seconds = 0;
};

// The reference: two calls per literal ("can it be true?", "can it be false?").
BackboneResult naive_backbone(Solver& s, std::span<const Lit> candidates) {
  BackboneResult r;
  for (Lit c : candidates) {
    bool can_true = s.solve({c}) == Status::sat;
    bool can_false = s.solve({~c}) == Status::sat;
    r.solver_calls += 2;
    if (can_true != can_false) r.forced.push_back(can_true ? c : ~c);
  }
  return r;
}

using Method = BackboneResult (*)(Solver&, std::span<const Lit>);

// One method on a fresh solver holding the formula; the time excludes loading it.
Run measure(Method method, const std::string& spec, const Cnf& cnf, const std::vector<Lit>& candidates) {
  auto s = make_solver(spec);
  s->add_cnf(cnf);
  auto start = std::chrono::steady_clock::now();
  BackboneResult r = method(*s, candidates);
  Run run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.calls = r.solver_calls;
  run.forced = static_cast<int>(r.forced.size());
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  std::string spec = argc > 1 ? argv[1] : "minisat";
  std::mt19937_64 rng(1);
  std::printf("backend: %s\n\n", spec.c_str());
  std::printf(
      "| family | literals | clauses | forced | naive calls | naive s | filtered calls | filtered s | chunked calls | "
      "chunked s |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int n : {100, 250, 500, 1000, 2000}) {
    struct Family {
      const char* name;
      Cnf cnf;
    };
    std::vector<Family> families;
    families.push_back({"random 3-SAT, m = 3n", random_ksat(rng, n, 3 * n)});
    if (n <= 250) families.push_back({"planted 3-SAT, m = 6n", planted(rng, n, 0, 6 * n)});
    families.push_back({"planted 2+3-SAT, 1.5n binary + n ternary", planted(rng, n, 3 * n / 2, n)});
    for (const Family& f : families) {
      std::vector<Lit> candidates;
      for (int v = 1; v <= n; ++v) candidates.push_back(Lit(Var(v)));
      Run a = measure([](Solver& s, std::span<const Lit> c) { return compute_backbone(s, c); }, spec, f.cnf,
                      candidates);
      Run b = measure(naive_backbone, spec, f.cnf, candidates);
      Run c = measure(chunked_backbone, spec, f.cnf, candidates);
      if (a.forced != b.forced || c.forced != b.forced) {
        std::fprintf(stderr, "MISMATCH: naive found %d forced, filtered %d, chunked %d\n", b.forced, a.forced,
                     c.forced);
        return 1;
      }
      std::printf("| %s | %d | %zu | %d | %d | %.3f | %d | %.3f | %d | %.3f |\n", f.name, n, f.cnf.num_clauses(),
                  a.forced, b.calls, b.seconds, a.calls, a.seconds, c.calls, c.seconds);
      std::fflush(stdout);
    }
  }
  return 0;
}

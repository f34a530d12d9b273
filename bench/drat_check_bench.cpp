// The DRAT checker (sat/drat_checker.h) on CaDiCaL's proofs, against CaDiCaL's solving
// time for the same formula (proof writing included): pigeonhole php-(h+1)-h, batches of
// random UNSAT 3-SAT at 5 clauses per variable, and a 12-card SET table without a set
// (the problems/set encoding, whose UNSAT answer is "no set remains").
// The benchmark time is the check; counters, in CPU seconds of this process (the fair
// measure on a shared, loaded machine): check_s, solve_s (CaDiCaL, proof writing
// included), check_per_solve; and lemmas, core (lemmas the refutation needed, the ones
// checked). Proofs are binary, as CaDiCaL writes them by default. Run:
//   cmake --build build --target bench_drat_check && build/bench/bench_drat_check
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "problems/set/card.h"
#include "problems/set/encoding.h"
#include "problems/set/finder.h"
#include <puzzlesat/drat_checker.h>
#include "sat/generators.h"
#include "tests/cadical_proof.h"

using namespace puzzlesat;
using namespace puzzlesat::sat;

namespace {

struct Proved {
  Cnf formula;
  std::string proof;
  double solve_seconds = 0;
};

Proved prove(Cnf formula) {
  auto run = testing::cadical_proof(formula, true);
  if (run.status != 20) throw std::logic_error("the benchmark formula is not UNSAT");
  return {std::move(formula), std::move(run.proof), run.cpu_seconds};
}

// Checks every proof once per iteration and reports the counters of the last pass.
void check_all(benchmark::State& state, const std::vector<Proved>& batch) {
  DratVerdict total;
  double solve = 0, check = 0;
  for (const Proved& p : batch) solve += p.solve_seconds;
  for (auto _ : state) {
    total = {};
    std::clock_t start = std::clock();
    for (const Proved& p : batch) {
      DratVerdict v = check_drat(p.formula, p.proof);
      if (!v.verified) {
        state.SkipWithError(("not verified: " + v.message).c_str());
        return;
      }
      total.lemmas += v.lemmas;
      total.core_lemmas += v.core_lemmas;
    }
    check += static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  }
  state.counters["formulas"] = static_cast<double>(batch.size());
  state.counters["solve_s"] = solve;
  state.counters["lemmas"] = static_cast<double>(total.lemmas);
  state.counters["core"] = static_cast<double>(total.core_lemmas);
  check /= static_cast<double>(state.iterations());
  state.counters["check_s"] = check;
  state.counters["check_per_solve"] = check / solve;
}

void BM_Pigeonhole(benchmark::State& state) {
  int holes = static_cast<int>(state.range(0));
  static std::map<int, Proved> cache;
  if (!cache.count(holes)) cache.emplace(holes, prove(pigeonhole(holes + 1, holes)));
  check_all(state, {cache.at(holes)});
}
BENCHMARK(BM_Pigeonhole)->Arg(7)->Arg(8)->Arg(9)->Iterations(1)->Unit(benchmark::kMillisecond);

// state.range(0) random UNSAT formulas for each n in 50, 60, ..., 150 (satisfiable ones
// are drawn again).
void BM_Random3Sat(benchmark::State& state) {
  auto per_size = static_cast<int>(state.range(0));
  static std::map<int, std::vector<Proved>> cache;
  if (!cache.count(per_size)) {
    std::mt19937_64 rng(2026);
    std::vector<Proved> batch;
    for (int n = 50; n <= 150; n += 10) {
      for (int found = 0; found < per_size;) {
        Cnf cnf = random_ksat(rng, n, 5 * n);
        auto run = testing::cadical_proof(cnf, true);
        if (run.status != 20) continue;
        batch.push_back({std::move(cnf), std::move(run.proof), run.cpu_seconds});
        ++found;
      }
    }
    cache.emplace(per_size, std::move(batch));
  }
  check_all(state, cache.at(per_size));
}
BENCHMARK(BM_Random3Sat)->Arg(300)->Iterations(1)->Unit(benchmark::kMillisecond);

// A 12-card table without a set: the first 12 cards of a shuffled deck that hold none.
std::vector<set::Card> set_free_table(std::mt19937_64& rng) {
  std::vector<set::Card> deck;
  for (int i = 0; i < set::kDeckSize; ++i) deck.push_back(set::card_at(i));
  while (true) {
    std::shuffle(deck.begin(), deck.end(), rng);
    std::vector<set::Card> table(deck.begin(), deck.begin() + 12);
    if (!set::find_one_set(table)) return table;
  }
}

void BM_SetNoSet12(benchmark::State& state) {
  static std::vector<Proved> batch;
  if (batch.empty()) {
    std::mt19937_64 rng(12);
    for (int i = 0; i < 10; ++i) {
      Cnf cnf;
      set::encode_set_search(cnf, set_free_table(rng));
      batch.push_back(prove(std::move(cnf)));
    }
  }
  check_all(state, batch);
}
BENCHMARK(BM_SetNoSet12)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

// SET speed: direct and SAT finders per 12- and 21-card board (solver construction
// included), the SAT proof that a 12-card board has no set, whole games per second with
// the direct finder, the 21-card cap proof, and one set or the no-set proof for boards in
// a stream on one reused solver (StreamSetFinder, stream_*).
// Run: build/bench/bench_set [benchmark flags].
#include <benchmark/benchmark.h>

#include <array>
#include <ctime>
#include <memory>
#include <numeric>
#include <span>
#include <vector>

#include "problems/set/cap.h"
#include "problems/set/card.h"
#include "problems/set/finder.h"
#include "problems/set/game.h"
#include "problems/set/random.h"
#include "problems/set/sat_finder.h"
#include "problems/set/stream_finder.h"
#include "problems/set/encoding.h"
#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>

namespace {

using namespace puzzlesat::set;

// A pool of random boards of n distinct cards, optionally only boards without a set.
std::vector<std::vector<Card>> boards(int n, bool without_set, int count = 256) {
  Rng rng(12345 + n);
  std::array<std::uint8_t, kDeckSize> deck;
  std::iota(deck.begin(), deck.end(), std::uint8_t{0});
  std::vector<std::vector<Card>> out;
  while (static_cast<int>(out.size()) < count) {
    rng.shuffle(std::span<std::uint8_t>(deck));
    std::vector<Card> b;
    for (int i = 0; i < n; ++i) b.push_back(card_at(deck[i]));
    if (without_set && find_one_set(b)) continue;
    out.push_back(std::move(b));
  }
  return out;
}

void direct_all(benchmark::State& state) {
  auto pool = boards(static_cast<int>(state.range(0)), false);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(find_all_sets(pool[i++ % pool.size()]));
}
BENCHMARK(direct_all)->Arg(12)->Arg(21)->Unit(benchmark::kMicrosecond);

void direct_one(benchmark::State& state) {
  auto pool = boards(static_cast<int>(state.range(0)), false);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(find_one_set(pool[i++ % pool.size()]));
}
BENCHMARK(direct_one)->Arg(12)->Arg(21)->Unit(benchmark::kMicrosecond);

void sat_one(benchmark::State& state) {
  auto pool = boards(static_cast<int>(state.range(0)), false);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sat_find_one_set(pool[i++ % pool.size()]));
}
BENCHMARK(sat_one)->Arg(12)->Arg(21)->Unit(benchmark::kMicrosecond);

void sat_all(benchmark::State& state) {
  auto pool = boards(static_cast<int>(state.range(0)), false);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sat_find_all_sets(pool[i++ % pool.size()]));
}
BENCHMARK(sat_all)->Arg(12)->Arg(21)->Unit(benchmark::kMicrosecond);

// The proof that no set remains: UNSAT on 12-card boards without a set.
void sat_no_set_proof(benchmark::State& state) {
  auto pool = boards(12, true);
  std::size_t i = 0;
  double conflicts = 0, decisions = 0, props = 0;
  for (auto _ : state) {
    auto r = sat_find_one_set(pool[i++ % pool.size()]);
    if (!r.sets.empty()) state.SkipWithError("a set-free board got a set");
    conflicts += static_cast<double>(r.stats.conflicts);
    decisions += static_cast<double>(r.stats.decisions);
    props += static_cast<double>(r.stats.propagations);
  }
  state.counters["conflicts"] = benchmark::Counter(conflicts, benchmark::Counter::kAvgIterations);
  state.counters["decisions"] = benchmark::Counter(decisions, benchmark::Counter::kAvgIterations);
  state.counters["props"] = benchmark::Counter(props, benchmark::Counter::kAvgIterations);
}
BENCHMARK(sat_no_set_proof)->Unit(benchmark::kMicrosecond);

// The same proofs in a stream: one StreamSetFinder (a reused solver, each board's
// clauses under one activation literal) asked board after board; the argument is how
// many boards share a solver before it is replaced.
void stream_no_set_proof(benchmark::State& state) {
  auto pool = boards(12, true);
  StreamSetFinder finder("minisat", static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    if (finder.find_one(pool[i++ % pool.size()])) state.SkipWithError("a set-free board got a set");
  }
  const auto s = finder.stats();
  const double n = static_cast<double>(s.solves);
  state.counters["conflicts"] = static_cast<double>(s.conflicts) / n;
  state.counters["decisions"] = static_cast<double>(s.decisions) / n;
  state.counters["props"] = static_cast<double>(s.propagations) / n;
}
BENCHMARK(stream_no_set_proof)->Arg(1)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Arg(64)->Arg(256)->Unit(benchmark::kMicrosecond);

// Random 12-card boards (most hold a set, whose model the checked solver tests against
// every clause it still holds, retired boards' included), fresh solver against stream.
void sat_one_random12(benchmark::State& state) {
  auto pool = boards(12, false);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sat_find_one_set(pool[i++ % pool.size()]));
}
BENCHMARK(sat_one_random12)->Unit(benchmark::kMicrosecond);

void stream_one_random12(benchmark::State& state) {
  auto pool = boards(12, false);
  StreamSetFinder finder("minisat", static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(finder.find_one(pool[i++ % pool.size()]));
}
BENCHMARK(stream_one_random12)->Arg(1)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Arg(64)->Arg(256)->Unit(benchmark::kMicrosecond);

// Where the proof's time goes: building the formula, then also constructing the solver
// and loading the clauses (no search).
void sat_no_set_encode(benchmark::State& state) {
  auto pool = boards(12, true);
  std::size_t i = 0;
  for (auto _ : state) {
    puzzlesat::sat::Cnf cnf;
    benchmark::DoNotOptimize(encode_set_search(cnf, pool[i++ % pool.size()]));
  }
}
BENCHMARK(sat_no_set_encode)->Unit(benchmark::kMicrosecond);

// A MiniSat solver holding the search formula of one board: what a proof pays before it
// searches.
std::unique_ptr<puzzlesat::sat::Solver> loaded_solver(const auto& board) {
  puzzlesat::sat::Cnf cnf;
  encode_set_search(cnf, board);
  auto solver = puzzlesat::sat::make_solver("minisat");
  solver->add_cnf(cnf);
  return solver;
}

void sat_no_set_load(benchmark::State& state) {
  auto pool = boards(12, true);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(loaded_solver(pool[i++ % pool.size()]));
}
BENCHMARK(sat_no_set_load)->Unit(benchmark::kMicrosecond);

// The search alone (solve() on a loaded solver), timed with the thread's CPU clock since
// construction and loading cannot be paused cheaply around it.
void sat_no_set_search(benchmark::State& state) {
  auto pool = boards(12, true);
  std::size_t i = 0;
  for (auto _ : state) {
    auto solver = loaded_solver(pool[i++ % pool.size()]);
    timespec start, stop;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    if (solver->solve() != puzzlesat::sat::Status::unsat) state.SkipWithError("a set-free board got a set");
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &stop);
    state.SetIterationTime(static_cast<double>(stop.tv_sec - start.tv_sec) +
                           1e-9 * static_cast<double>(stop.tv_nsec - start.tv_nsec));
  }
}
BENCHMARK(sat_no_set_search)->UseManualTime()->Unit(benchmark::kMicrosecond);

void direct_no_set_check(benchmark::State& state) {
  auto pool = boards(12, true);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(find_one_set(pool[i++ % pool.size()]));
}
BENCHMARK(direct_no_set_check)->Unit(benchmark::kMicrosecond);

void games(benchmark::State& state) {
  Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(simulate_game(rng));
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(games)->Unit(benchmark::kMicrosecond);

void cap(benchmark::State& state) {
  for (auto _ : state) {
    auto r = find_cap(static_cast<int>(state.range(0)));
    state.counters["sat_calls"] = r.solver_calls;
    state.counters["conflicts"] = static_cast<double>(r.conflicts);
  }
}
BENCHMARK(cap)->Arg(20)->Arg(21)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();

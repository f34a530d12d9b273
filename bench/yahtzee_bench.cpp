// Times the full strategy-table computation for each rule set and prints the figures
// recorded in docs/yahtzee.md: wall time (best of N runs), threads, value of the empty card.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>

#include "problems/yahtzee/table.h"

using namespace puzzlesat::yahtzee;

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const int threads = argc > 2 ? std::atoi(argv[2]) : 0;
  fmt::print("yahtzee table: best of {} runs, {} threads ({} cores)\n", runs,
             threads > 0 ? threads : static_cast<int>(std::thread::hardware_concurrency()),
             std::thread::hardware_concurrency());
  for (RuleSet rules : {RuleSet::simple, RuleSet::official, RuleSet::official_forced}) {
    double best = 1e9, best_cpu = 1e9, value = 0;
    std::int64_t widgets = 0;
    for (int run = 0; run < runs; ++run) {
      auto start = std::chrono::steady_clock::now();
      const std::clock_t cpu_start = std::clock();
      Table table = Table::compute(rules, threads);
      std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      best = std::min(best, took.count());
      best_cpu = std::min(best_cpu, static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC);
      value = table.value(State{});
      widgets = table.reachable_widgets();
    }
    // CPU time (all threads) shows whether a slow wall time came from a busy machine.
    fmt::print("{:16} wall {:6.3f} s  cpu {:6.3f} s   expected score {:.6f}   widgets {}\n", rules_name(rules), best,
               best_cpu, value, widgets);
  }
}

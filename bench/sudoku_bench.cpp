// Solves every puzzle of a Sudoku corpus and proves it unique (a second SAT call that finds
// no other grid), then prints puzzles per second. With a solutions csv (puzzle,solution),
// also checks each solution against it. Usage:
//   taskset -c 0 build/bench/bench_sudoku [FILE] [--csv SOLUTIONS.csv] [--first N] [--solver S] [--expect-multiple]
// (default ../shared/data/puzzles/sudoku/royle-17-clue.txt). Exit 1 when any check fails.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "problems/sudoku/sudoku.h"

using namespace puzzlesat::sudoku;

int main(int argc, char** argv) {
  std::string file = std::string(PUZZLESAT_SHARED_DATA) + "/puzzles/sudoku/royle-17-clue.txt", csv, solver = "minisat";
  std::size_t first = SIZE_MAX;
  bool expect_multiple = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--csv") && i + 1 < argc)
      csv = argv[++i];
    else if (!std::strcmp(argv[i], "--first") && i + 1 < argc)
      first = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--solver") && i + 1 < argc)
      solver = argv[++i];
    else if (!std::strcmp(argv[i], "--expect-multiple"))
      expect_multiple = true;
    else
      file = argv[i];
  }
  std::map<std::string, std::string> answers;
  if (!csv.empty()) {
    std::ifstream in(csv);
    std::string line;
    while (std::getline(in, line))
      if (auto comma = line.find(','); comma != std::string::npos && line.rfind("puzzle,", 0) != 0)
        answers[line.substr(0, comma)] = line.substr(comma + 1);
  }
  std::ifstream in(file);
  if (!in) {
    std::printf("cannot read %s\n", file.c_str());
    return 1;
  }
  std::string line;
  std::size_t puzzles = 0, unique = 0, multiple = 0, none = 0, matched = 0, wrong = 0;
  double slowest = 0;
  std::string slowest_puzzle;
  const std::clock_t cpu0 = std::clock();
  const auto wall0 = std::chrono::steady_clock::now();
  while (puzzles < first && std::getline(in, line)) {
    if (line.empty()) continue;
    const auto t0 = std::chrono::steady_clock::now();
    const Solutions s = solve(parse(line, file, {}), solver, 2);  // each grid checked by is_solution
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (seconds > slowest) slowest = seconds, slowest_puzzle = line;
    ++puzzles;
    (s.grids.size() == 1 ? unique : s.grids.empty() ? none : multiple)++;
    if (!answers.empty()) {
      auto it = answers.find(line);
      (it != answers.end() && s.grids.size() == 1 && to_line(s.grids[0]) == it->second ? matched : wrong)++;
    }
  }
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  std::printf("%s\n  puzzles %zu: unique %zu, several %zu, none %zu\n", file.c_str(), puzzles, unique, multiple, none);
  if (!answers.empty()) std::printf("  solutions equal to the csv: %zu, different or missing: %zu\n", matched, wrong);
  std::printf("  cpu %.2f s, wall %.2f s: %.0f puzzles/s (cpu), slowest %.1f ms (%s)\n", cpu, wall, puzzles / cpu,
              slowest * 1000, slowest_puzzle.c_str());
  const bool ok = expect_multiple ? multiple == puzzles : unique == puzzles && wrong == 0;
  std::printf("  %s\n", ok ? "all as expected" : "NOT all as expected");
  return ok ? 0 : 1;
}

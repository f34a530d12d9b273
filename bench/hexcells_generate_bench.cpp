// Hexcells generator figures. Usage:
//   build/bench/bench_hexcells_generate [--sizes 5,7,9] [--seeds N] [--difficulties 1,2,3,4]
//       one line per (size, difficulty, seed): CPU seconds, difficulty reached, cells,
//       hints, rounds; then per size the mean and max CPU seconds, and per target the
//       distribution of the difficulty reached.
//   build/bench/bench_hexcells_generate --rate LEVEL...
//       the difficulty (problems/hexcells/generate.h, rate) of existing levels.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "problems/hexcells/format.h"
#include "problems/hexcells/generate.h"

using namespace puzzlesat::hexcells;

namespace {

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

std::vector<int> int_list(const char* s) {
  std::vector<int> v;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ',')) v.push_back(std::stoi(item));
  return v;
}

int rate_files(int argc, char** argv, int first) {
  std::map<int, int> histogram;
  for (int i = first; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    Board level = read_board(text.str(), argv[i]);
    double t0 = cpu_seconds();
    Rating r = rate(level);
    std::printf("%s\t%s\tdifficulty %d\tsteps %d\t%.3f s\n", argv[i], r.solved ? "solved" : "stuck", r.difficulty,
                r.steps, cpu_seconds() - t0);
    if (r.solved) histogram[r.difficulty]++;
    std::fflush(stdout);
  }
  std::printf("solved levels by difficulty:");
  for (auto [d, n] : histogram) std::printf(" %d:%d", d, n);
  std::printf("\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes{5, 7, 9}, difficulties{1, 2, 3, 4};
  int seeds = 5;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--rate") == 0) return rate_files(argc, argv, i + 1);
    if (std::strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) sizes = int_list(argv[++i]);
    else if (std::strcmp(argv[i], "--difficulties") == 0 && i + 1 < argc) difficulties = int_list(argv[++i]);
    else if (std::strcmp(argv[i], "--seeds") == 0 && i + 1 < argc) seeds = std::stoi(argv[++i]);
    else {
      std::fprintf(stderr, "unknown argument %s\n", argv[i]);
      return 2;
    }
  }
  std::printf("size\ttarget\tseed\tseconds\tdifficulty\tcells\thints\trounds\tattempt\n");
  std::map<int, std::vector<double>> times;
  std::map<int, std::map<int, int>> reached;  // target -> difficulty -> count
  for (int size : sizes)
    for (int target : difficulties)
      for (int seed = 1; seed <= seeds; ++seed) {
        GenerateOptions o;
        o.size = size;
        o.difficulty = target;
        o.seed = static_cast<std::uint64_t>(seed);
        double t0 = cpu_seconds();
        Generated g = generate(o);
        double t = cpu_seconds() - t0;
        times[size].push_back(t);
        reached[target][g.rating.difficulty]++;
        std::printf("%d\t%d\t%d\t%.3f\t%d\t%zu\t%d\t%d\t%d\n", size, target, seed, t, g.rating.difficulty,
                    g.level.cells().size(), g.hints, g.rounds, g.attempt);
        std::fflush(stdout);
      }
  for (auto& [size, v] : times) {
    double sum = 0;
    for (double t : v) sum += t;
    std::printf("size %d: %zu levels, mean %.3f s, max %.3f s CPU\n", size, v.size(), sum / static_cast<double>(v.size()),
                *std::max_element(v.begin(), v.end()));
  }
  for (auto& [target, hist] : reached) {
    std::printf("target %d: reached", target);
    for (auto [d, n] : hist) std::printf(" %d:%d", d, n);
    std::printf("\n");
  }
  return 0;
}

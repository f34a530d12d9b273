// Plays every corpus level and prints, per level, the verdict, rounds, solver calls per
// round and CPU seconds; then totals and the slowest ten. Usage:
//   build/bench/bench_hexcells [LEVEL_DIR|LEVEL_FILE...] [--rounds] [--cells] [--markdown] [--chunked]
//       [--hints-first] [--no-settle] [--no-reuse] [--no-shapes]
// (default ../shared/data/hexcells/levels). --cells prints the cells each round reveals, so
// that two versions' outputs can be diffed: a faster deduction must reveal exactly the
// same cells in the same rounds (the CPU columns aside). --markdown prints the per-level table as
// Markdown rows (docs/hexcells-corpus.md); --chunked uses the chunked backbone;
// --hints-first plays with PlayOptions::hints_first; --no-settle asks the solver about every cell
// (DeduceOptions::settle_by_counts off); --no-reuse forgets models between rounds
// (DeduceOptions::reuse_models off); --no-shapes encodes every hint afresh
// (DeduceOptions::cache_encodings off).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "problems/hexcells/format.h"
#include "problems/hexcells/play.h"

using namespace puzzlesat::hexcells;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
  std::vector<fs::path> inputs;
  bool per_round = false, cells = false, markdown = false;
  PlayOptions options;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--rounds") == 0)
      per_round = true;
    else if (std::strcmp(argv[i], "--cells") == 0)
      cells = true;
    else if (std::strcmp(argv[i], "--markdown") == 0)
      markdown = true;
    else if (std::strcmp(argv[i], "--chunked") == 0)
      options.deduce.chunked_backbone = true;
    else if (std::strcmp(argv[i], "--hints-first") == 0)
      options.hints_first = true;
    else if (std::strcmp(argv[i], "--no-settle") == 0)
      options.deduce.settle_by_counts = false;
    else if (std::strcmp(argv[i], "--no-reuse") == 0)
      options.deduce.reuse_models = false;
    else if (std::strcmp(argv[i], "--no-shapes") == 0)
      options.deduce.cache_encodings = false;
    else
      inputs.push_back(argv[i]);
  }
  if (inputs.empty()) inputs.push_back(fs::path(PUZZLESAT_SHARED_DATA) / "hexcells/levels");
  std::vector<fs::path> files;
  for (const fs::path& in : inputs) {
    if (!fs::exists(in)) {
      std::fprintf(stderr, "no level file or folder %s\n", in.string().c_str());
      return 2;
    }
    if (!fs::is_directory(in)) {
      files.push_back(in);
      continue;
    }
    for (const auto& e : fs::directory_iterator(in))
      if (e.path().extension() == ".hexcells") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());

  struct Row {
    std::string name;
    double seconds;
  };
  std::vector<Row> rows;
  std::clock_t cpu_start = std::clock();
  double total = 0;
  int solved = 0, stuck = 0;
  long calls = 0, solves = 0, joint = 0, by_models = 0;
  if (markdown)
    std::printf("| level | verdict | rounds | hidden | solver calls | seconds |\n|---|---|---:|---:|---:|---:|\n");
  else
    std::printf("%-70s %-7s %6s %6s %8s %9s\n", "level", "verdict", "rounds", "hidden", "calls", "seconds");
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    Board level = read_board(ss.str(), f.string());
    std::clock_t level_start = std::clock();
    PlayResult r = play(level, {}, options);
    // CPU time of this single-threaded process: on a shared, loaded machine wall time
    // measures the neighbours as much as the solver.
    r.seconds = static_cast<double>(std::clock() - level_start) / CLOCKS_PER_SEC;
    std::string name = f.stem().string();
    std::printf(markdown ? "| %s | %s | %d | %zu | %d | %.4f |\n" : "%-70s %-7s %6d %6zu %8d %9.4f\n", name.c_str(),
                to_string(r.verdict), r.rounds, level.hidden_cells().size(), r.solver_calls, r.seconds);
    if (per_round) {
      std::printf("    calls per round (R: REMAINING solved jointly):");
      for (const Round& round : r.steps)
        std::printf(" %d%s", round.stats.solver_calls, round.stats.remaining_solved ? "R" : "");
      std::printf("\n    ms per round:");
      for (const Round& round : r.steps) std::printf(" %.1f", round.seconds * 1000);
      std::printf("\n");
    }
    if (cells) {
      for (const Round& round : r.steps) {
        std::printf("    round %d blue", round.number);
        for (Pos p : round.blue) std::printf(" %s", to_string(p).c_str());
        std::printf(" black");
        for (Pos p : round.black) std::printf(" %s", to_string(p).c_str());
        std::printf("\n");
      }
    }
    rows.push_back({name, r.seconds});
    total += r.seconds;
    calls += r.solver_calls;
    for (const Round& round : r.steps) {
      solves += round.stats.components_solved;
      joint += round.stats.remaining_solved;
      by_models += round.stats.remaining_by_models;
    }
    (r.verdict == Verdict::solved ? solved : stuck)++;
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.seconds > b.seconds; });
  double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  std::printf("\n%zu levels: %d solved, %d stuck, %ld solver calls, %.3f s CPU in play() summed over levels, "
              "%.3f s CPU for the whole run (reading included)\n"
              "%ld groups solved (%ld rounds with REMAINING solved jointly, %ld where the groups' models showed it "
              "forces nothing)\nslowest ten:\n",
              files.size(), solved, stuck, calls, total, cpu, solves, joint, by_models);
  for (std::size_t i = 0; i < std::min<std::size_t>(10, rows.size()); ++i)
    std::printf("  %-70s %.4f s\n", rows[i].name.c_str(), rows[i].seconds);
}

// Overhead of `puzzlesat cnf solve` (strict reader, Solver interface, competition output)
// against the `minisat` binary on the same files, measured with hyperfine. Writes the
// formulas to a temporary directory and prints hyperfine's Markdown table for each, and
// the start-up cost of both programs (`puzzlesat --version`, `minisat --help`).
// Run: cmake --build build --target bench_sat_solve puzzlesat && build/bench/bench_sat_solve
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <puzzlesat/dimacs.h>
#include "sat/generators.h"
#include "sat/subprocess.h"

using namespace puzzlesat::sat;
namespace fs = std::filesystem;

int main() {
  fs::path dir = fs::temp_directory_path() / "puzzlesat-solve-bench";
  fs::create_directories(dir);
  std::mt19937_64 rng(3);
  struct Instance {
    std::string name;
    Cnf cnf;
  };
  std::vector<Instance> instances;
  instances.push_back({"php-9-8", pigeonhole(9, 8)});
  instances.push_back({"random3-200-852", random_ksat(rng, 200, 852)});
  instances.push_back({"random3-250-1065", random_ksat(rng, 250, 1065)});
  // Big and easy (well below the threshold): mostly reading and loading.
  instances.push_back({"random3-100000-300000", random_ksat(rng, 100000, 300000)});
  {
    fs::path md = dir / "startup.md";
    std::vector<std::string> argv = {"hyperfine", "--shell=none", "--ignore-failure", "--warmup", "3", "--runs", "20",
                                     "--export-markdown", md.string(), "--command-name", "minisat --help",
                                     "minisat --help", "--command-name", "puzzlesat --version",
                                     std::string(PUZZLESAT_BINARY) + " --version"};
    Subprocess p;
    if (p.run(argv, (dir / "hyperfine.out").string(), (dir / "hyperfine.err").string()).code != 0) {
      std::cerr << "hyperfine failed; see " << (dir / "hyperfine.err").string() << "\n";
      return 1;
    }
    std::ifstream table(md);
    std::cout << "### start-up\n\n" << table.rdbuf() << "\n";
  }
  for (const Instance& inst : instances) {
    fs::path file = dir / (inst.name + ".cnf");
    {
      std::ofstream out(file);
      write_dimacs(out, inst.cnf);
    }
    fs::path md = dir / (inst.name + ".md");
    std::vector<std::string> argv = {
        "hyperfine", "--shell=none", "--ignore-failure", "--warmup", "1", "--runs", "5", "--export-markdown",
        md.string(), "--command-name", "minisat", "minisat -verb=0 " + file.string(), "--command-name",
        "puzzlesat cnf solve", std::string(PUZZLESAT_BINARY) + " cnf solve " + file.string()};
    Subprocess p;
    auto exit = p.run(argv, (dir / "hyperfine.out").string(), (dir / "hyperfine.err").string());
    if (exit.code != 0) {
      std::cerr << "hyperfine failed on " << inst.name << "; see " << (dir / "hyperfine.err").string() << "\n";
      return 1;
    }
    std::ifstream table(md);
    std::cout << "### " << inst.name << " (" << inst.cnf.num_vars() << " variables, " << inst.cnf.num_clauses()
              << " clauses)\n\n"
              << table.rdbuf() << "\n";
  }
  return 0;
}

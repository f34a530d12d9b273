// Proofs end to end, timed: for the first round of every Hexcells corpus level, each
// forced cell gets its DRAT proof (prove_forced: CaDiCaL, the state's formula plus the
// other colour's unit) and every proof is verified by check_drat; and the SET cap-21
// proof (one formula, case split included) is written and verified. Prints per-part
// totals; exits 1 if any proof fails to verify. Usage:
//   build/bench/bench_proofs [LEVEL_DIR] [--skip-cap] [--binary] [--cell-timeout S] [--state]
// (default ../shared/data/hexcells/levels; S = 30 seconds per cell's proof, the cells past
// it are counted and named; --state proves over the state's whole formula instead of each
// cell's explanation).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "problems/hexcells/deduce.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/proofs.h"
#include "problems/set/cap.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/file_io.h>
#include <puzzlesat/proof.h>

namespace fs = std::filesystem;
using namespace puzzlesat;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

bool verify(const std::string& proof, const std::string& formula) {
  return sat::check_drat(sat::read_dimacs(read_regular_file(formula), formula), read_regular_file(proof), proof)
      .verified;
}

}  // namespace

int main(int argc, char** argv) {
  fs::path levels = fs::path(PUZZLESAT_SHARED_DATA) / "hexcells/levels";
  bool skip_cap = false;
  sat::ProofFormat format = sat::ProofFormat::text;
  double cell_timeout = 30;
  hexcells::ProofScope scope = hexcells::ProofScope::explanation;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--skip-cap") == 0)
      skip_cap = true;
    else if (std::strcmp(argv[i], "--state") == 0)
      scope = hexcells::ProofScope::state;
    else if (std::strcmp(argv[i], "--binary") == 0)
      format = sat::ProofFormat::binary;
    else if (std::strcmp(argv[i], "--cell-timeout") == 0 && i + 1 < argc)
      cell_timeout = std::atof(argv[++i]);
    else
      levels = argv[i];
  }
  fs::path work = fs::temp_directory_path() / ("puzzlesat-bench-proofs-" + std::to_string(getpid()));
  fs::create_directories(work);
  int failures = 0;

  if (!skip_cap) {
    sat::ProofOptions proof{(work / "cap21.drat").string(), format};
    auto t = Clock::now();
    set::CapResult r = set::find_cap(21, "cadical", &proof);
    sat::write_formula_file(sat::proof_formula_path(proof.path), set::cap_formula(21).cnf);
    double prove_s = since(t);
    t = Clock::now();
    bool ok = !r.cards && verify(proof.path, sat::proof_formula_path(proof.path));
    double check_s = since(t);
    failures += !ok;
    std::fflush(stdout);
    std::printf("set cap 21: proof written in %.2f s (%.1f MB), checked in %.2f s: %s\n", prove_s,
                static_cast<double>(fs::file_size(proof.path)) / 1e6, check_s, ok ? "VERIFIED" : "NOT VERIFIED");
  }

  if (fs::is_directory(levels)) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(levels))
      if (e.path().extension() == ".hexcells") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    double deduce_s = 0, prove_s = 0, check_s = 0;
    std::size_t cells = 0, verified = 0, level_count = 0, timed_out = 0;
    for (const fs::path& f : files) {
      hexcells::Board b = hexcells::read_board(read_regular_file(f.string()), f.string());
      auto t = Clock::now();
      hexcells::Deduction d = hexcells::deduce(b);
      deduce_s += since(t);
      if (!d.consistent) continue;
      ++level_count;
      fs::path dir = work / f.stem();
      t = Clock::now();
      auto proofs = hexcells::prove_forced(b, d, dir.string(), format, "cadical", "", cell_timeout, scope);
      prove_s += since(t);
      t = Clock::now();
      for (const auto& p : proofs) {
        ++cells;
        if (!p.proved) {
          ++timed_out;
          std::printf("no proof within %g s: %s cell (%d,%d)\n", cell_timeout, f.stem().c_str(), p.cell.x, p.cell.y);
          std::fflush(stdout);
          continue;
        }
        if (verify(p.proof, p.formula)) {
          ++verified;
        } else {
          ++failures;
          std::printf("NOT VERIFIED: %s\n", p.proof.c_str());
        }
      }
      check_s += since(t);
      fs::remove_all(dir);
    }
    std::printf("hexcells first round, %zu levels: %zu forced cells, %zu proofs verified, %zu without a proof "
                "within %g s; deduce %.2f s, proofs written %.2f s, checked %.2f s\n",
                level_count, cells, verified, timed_out, cell_timeout, deduce_s, prove_s, check_s);
  } else {
    std::printf("SKIPPED hexcells: no folder %s\n", levels.string().c_str());
  }
  fs::remove_all(work);
  return failures ? 1 : 0;
}

// Nonogram corpora: every puzzle solved and its uniqueness decided (a second SAT call), each
// solution checked against the clues, with CPU time per file and the slowest puzzles.
//   taskset -c 0 build/bench/bench_nonogram [--taai SET.questions.txt]... [FILE.nin|FILE.non]... [--solver S]
//                                           [--budget SECONDS per puzzle] [--method sat|search|both]
//                                           [--ids N,N,...]  (only those TAAI puzzles, each listed)
//                                           [--turns PROBES,CONFLICTS,GROWTH,SHARE]  (--method both's
//                                                          schedule, nonogram::Turns; CONFLICTS 0:
//                                                          CDCL's turns in time, SHARE x the search's)
//                                           [--handover CONFLICTS] (minisat hands a puzzle it has not
//                                                          settled to CaDiCaL, nonogram::Handover; 0 never)
//                                           [--handover-encoding automaton|starts|both] (the lines as
//                                                          CaDiCaL gets them after the handover)
//                                           [--probes N]  (the probing search alone, cut at N probes
//                                                          a puzzle: nodes, probes and their rates)
// With no files: the two TAAI sets (icga2019, icga2020) and every wolter/nin survey puzzle
// under ../shared/data/puzzles/nonogram. Exit 1 when a check fails.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "problems/nonogram/nonogram.h"
#include "problems/nonogram/search.h"
#include <puzzlesat/file_io.h>

using namespace puzzlesat::nonogram;
namespace fs = std::filesystem;

namespace {

struct Timed {
  std::string name;
  double seconds;
  std::size_t solutions;
};

double budget = 0;  // --budget SECONDS (wall) per puzzle; 0 = none
Method method = Method::sat;
Turns turns;  // --turns FIRST_PROBES,FIRST_CONFLICTS,GROWTH,CDCL_SHARE: Method::both's schedule
Handover handover;  // --handover CONFLICTS: Method::sat's change from minisat to CaDiCaL
std::set<int> ids;  // --ids: only these TAAI puzzles (empty: all), for iterating on the hard ones
std::uint64_t probe_cap = 0;  // --probes: a fixed amount of search work, to time the search itself
std::uint64_t total_nodes = 0, total_probes = 0;

// solutions: 0, 1, 2 (two or more), or kGaveUp when the puzzle ran past the budget.
constexpr std::size_t kGaveUp = 99;
Timed run(const std::string& name, const Puzzle& p, const std::string& solver) {
  const std::clock_t c0 = std::clock();
  std::size_t found = kGaveUp;
  try {
    if (probe_cap) {
      // The same puzzles and cap give the same search tree with any exact line solver, so
      // the CPU time compares line solvers on equal work.
      const SearchResult r = search(p, 2, {budget, probe_cap});  // pictures checked against the clues
      total_nodes += r.nodes;
      total_probes += r.probes;
      if (!r.gave_up) found = r.found.pictures.size();
    } else {
      found = solve(p, solver, 2, budget, method, turns, handover).pictures.size();  // every picture checked against the clues
    }
  } catch (const std::runtime_error&) {
  }
  return {name, static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC, found};
}

// The TAAI solution file's pictures ('1' filled), by puzzle number: a check that our reading
// of the clues (columns first) agrees with the tournament's.
std::vector<Picture> taai_solutions(const fs::path& questions) {
  std::string name = questions.string();
  name.replace(name.find(".questions."), 11, ".solutions.");
  std::ifstream in(name);
  std::vector<Picture> out;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (line[0] == '$') {
      out.emplace_back();
      continue;
    }
    std::string row;
    for (char c : line)
      if (c == '0' || c == '1') row += c == '1' ? '#' : '.';
    out.back().push_back(row);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  const fs::path data = fs::path(PUZZLESAT_SHARED_DATA) / "puzzles/nonogram";
  std::vector<fs::path> taai, singles;
  std::string solver = "minisat";
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--taai") && i + 1 < argc)
      taai.push_back(argv[++i]);
    else if (!std::strcmp(argv[i], "--solver") && i + 1 < argc)
      solver = argv[++i];
    else if (!std::strcmp(argv[i], "--budget") && i + 1 < argc)
      budget = std::stod(argv[++i]);
    else if (!std::strcmp(argv[i], "--turns") && i + 1 < argc) {
      char sep = 0;
      std::istringstream in(argv[++i]);
      in >> turns.first_probes >> sep >> turns.first_conflicts >> sep >> turns.growth >> sep >> turns.cdcl_share;
      if (!in) throw std::invalid_argument("--turns takes PROBES,CONFLICTS,GROWTH,SHARE");
    } else if (!std::strcmp(argv[i], "--handover") && i + 1 < argc)
      handover.conflicts = std::stoll(argv[++i]);
    else if (!std::strcmp(argv[i], "--handover-encoding") && i + 1 < argc) {
      const std::string e = argv[++i];
      if (e == "automaton") handover.encoding = puzzlesat::enc::RunsEncoding::automaton;
      else if (e == "starts") handover.encoding = puzzlesat::enc::RunsEncoding::starts;
      else if (e == "both") handover.encoding = puzzlesat::enc::RunsEncoding::both;
      else throw std::invalid_argument("--handover-encoding takes automaton, starts or both");
    }
    else if (!std::strcmp(argv[i], "--probes") && i + 1 < argc)
      probe_cap = std::stoull(argv[++i]);
    else if (!std::strcmp(argv[i], "--ids") && i + 1 < argc) {
      std::istringstream list(argv[++i]);
      for (std::string id; std::getline(list, id, ',');) ids.insert(std::stoi(id));
    } else if (!std::strcmp(argv[i], "--method") && i + 1 < argc) {
      const std::string m = argv[++i];
      method = m == "both" ? Method::both : m == "search" ? Method::search : Method::sat;
    }
    else
      singles.push_back(argv[i]);
  }
  if (taai.empty() && singles.empty()) {
    taai = {data / "taai/icga2019.questions.txt", data / "taai/icga2020.questions.txt"};
    for (const auto& e : fs::directory_iterator(data / "wolter/nin")) singles.push_back(e.path());
    std::sort(singles.begin(), singles.end());
  }
  bool ok = true;
  for (const fs::path& set : taai) {
    const auto puzzles = parse_taai(puzzlesat::read_regular_file(set.string()), set.string());
    const auto given = taai_solutions(set);
    std::size_t unique = 0, multiple = 0, none = 0, gave_up = 0, file_answers_hold = 0;
    std::vector<Timed> times;
    std::size_t ran = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      if (!ids.empty() && !ids.count(puzzles[i].id)) continue;
      ++ran;
      times.push_back(run("$" + std::to_string(puzzles[i].id), puzzles[i].puzzle, solver));
      const std::size_t n = times.back().solutions;
      if (!ids.empty())
        std::printf("  $%d: cpu %.3f s, %s\n", puzzles[i].id, times.back().seconds,
                    n == kGaveUp ? "past the budget" : n == 1 ? "unique" : n ? "several" : "no solution");
      (n == kGaveUp ? gave_up : n == 1 ? unique : n ? multiple : none)++;
      if ((i + 1) % 100 == 0) std::fprintf(stderr, "%s: %zu done\n", set.filename().c_str(), i + 1);
      if (i < given.size() && satisfies(puzzles[i].puzzle, given[i])) ++file_answers_hold;
    }
    double total = 0;
    for (const Timed& t : times) total += t.seconds;
    if (gave_up) {
      std::printf("  past the budget:");
      for (const Timed& t : times)
        if (t.solutions == kGaveUp) std::printf(" %s", t.name.c_str());
      std::printf("\n");
    }
    if (probe_cap)
      std::printf("  search: %llu nodes, %llu probes; %.0f nodes/s, %.0f probes/s of CPU\n",
                  static_cast<unsigned long long>(total_nodes), static_cast<unsigned long long>(total_probes),
                  total_nodes / std::max(total, 1e-9), total_probes / std::max(total, 1e-9));
    total_nodes = total_probes = 0;
    std::sort(times.begin(), times.end(), [](const Timed& a, const Timed& b) { return a.seconds > b.seconds; });
    std::printf("%s: %zu puzzles, cpu %.2f s (%.1f ms each); unique %zu, several %zu, none %zu, "
                "past the budget %zu; the file's answer meets the clues in %zu\n  slowest:",
                set.filename().c_str(), ran, total, 1000 * total / std::max<std::size_t>(ran, 1), unique, multiple, none,
                gave_up, file_answers_hold);
    for (std::size_t k = 0; k < 5 && k < times.size(); ++k)
      std::printf(" %s %.0f ms%s", times[k].name.c_str(), 1000 * times[k].seconds,
                  times[k].solutions == 1 ? " (unique)" : times[k].solutions == kGaveUp ? " (past the budget)" : "");
    std::printf("\n");
    ok &= none == 0 && gave_up == 0 && file_answers_hold == ran;
  }
  std::vector<Timed> times;
  for (const fs::path& file : singles) {
    const Puzzle p = parse(puzzlesat::read_regular_file(file.string()), file.string());
    times.push_back(run(file.filename().string(), p, solver));
    std::printf("%-20s %3dx%-3d cpu %8.3f s  %s\n", file.filename().c_str(), p.cols, p.rows, times.back().seconds,
                times.back().solutions == 1         ? "unique"
                : times.back().solutions == kGaveUp ? "PAST THE BUDGET"
                : times.back().solutions            ? "several solutions"
                                                    : "NO SOLUTION");
    ok &= times.back().solutions > 0 && times.back().solutions != kGaveUp;
  }
  if (!times.empty()) {
    const auto slow = std::max_element(times.begin(), times.end(), [](const Timed& a, const Timed& b) { return a.seconds < b.seconds; });
    std::printf("slowest single puzzle: %s, %.3f s\n", slow->name.c_str(), slow->seconds);
  }
  std::printf("%s\n", ok ? "all as expected" : "NOT all as expected");
  return ok ? 0 : 1;
}

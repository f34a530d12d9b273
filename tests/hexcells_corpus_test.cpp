// Every real level played to the end. The expectations come from outside this program:
// the corpus notes (an independent exact solver: 343 solved, 18 stuck, stuck only where
// the free text states extra rules or on digit sheets), another solver's traces, and
// brute-force enumeration on the small boards.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "problems/hexcells/brute_force.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/play.h"
#include "tests/data_paths.h"

namespace puzzlesat::hexcells {
namespace fs = std::filesystem;
using puzzlesat::testing::slurp;

namespace {


// level file -> outcome column of traces-ngoguey42/index.csv (no quoted fields there).
std::map<std::string, std::string> trace_outcomes(const fs::path& index) {
  std::map<std::string, std::string> out;
  std::ifstream in(index);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string file, key, outcome;
    std::getline(ss, file, ',');
    std::getline(ss, key, ',');
    std::getline(ss, outcome, ',');
    out[file] = outcome;
  }
  return out;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST_CASE("every corpus level gets its verdict", "[hexcells][data][corpus]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("hexcells/levels");
  fs::path root = puzzlesat::testing::shared_data() / "hexcells";
  auto traces = trace_outcomes(root / "traces-ngoguey42/index.csv");
  int solved = 0, stuck = 0, brute_checked = 0;
  for (const auto& entry : fs::directory_iterator(root / "levels")) {
    if (entry.path().extension() != ".hexcells") continue;
    std::string name = entry.path().filename().string();
    INFO(name);
    Board level = read_board(slurp(entry.path()), entry.path().string());
    PlayResult r = play(level);  // throws SolutionMismatch on a wrong deduction
    bool is_solved = r.verdict == Verdict::solved;
    (is_solved ? solved : stuck)++;
    CHECK(r.revealed + r.hidden_left == static_cast<int>(level.hidden_cells().size()));
    if (!is_solved) {
      // Play stops only where the complete deduction forces nothing.
      Deduction rest = deduce(visible_state(r.final_board));
      CHECK(rest.consistent);
      CHECK(rest.blue.size() + rest.black.size() == 0);
      bool states_rules = !level.text[0].empty() || !level.text[1].empty();
      CHECK((starts_with(name, "jamesdurant-synthetic__") || states_rules));
    }
    if (starts_with(name, "adamsitabkhan-generated__")) CHECK(is_solved);
    // Small boards: the first round agrees with trying every colouring.
    if (level.hidden_cells().size() <= 16) {
      Deduction d = deduce(level), expected = brute_force_deduce(level);
      CHECK(d.blue == expected.blue);
      CHECK(d.black == expected.black);
      ++brute_checked;
    }
    auto t = traces.find(name);
    if (t != traces.end() && t->second == "Solved") CHECK(is_solved);
  }
  CHECK(solved == 343);
  CHECK(stuck == 18);
  CHECK(brute_checked > 50);
}

}  // namespace puzzlesat::hexcells

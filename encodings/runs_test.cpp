// encode_runs against brute force: for every line of up to 9 cells and every list of runs
// (each one some line shows, and some that fit no line), the formula's models projected
// on the cells are exactly the lines that show those runs, in every encoding; the
// automaton's propagation is arc-consistent, the starts' is not asked to be.
#include <puzzlesat/runs.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <vector>

#include "encodings/gadget_testing.h"

using namespace puzzlesat;
using enc::testing::Mask;

namespace {

std::vector<int> runs_of(Mask line, int n) {
  std::vector<int> out;
  int run = 0;
  for (int i = 0; i <= n; ++i) {
    if (i < n && (line >> i) & 1) {
      ++run;
    } else if (run) {
      out.push_back(run);
      run = 0;
    }
  }
  return out;
}

struct Line {
  sat::Cnf cnf;
  std::vector<sat::Lit> cells;
};

Line encoded(int n, const std::vector<int>& runs, enc::RunsEncoding encoding) {
  Line l;
  for (int i = 0; i < n; ++i) l.cells.push_back(l.cnf.new_lit("x" + std::to_string(i)));
  enc::ClauseWriter out(l.cnf);
  enc::encode_runs(out, l.cells, runs, encoding);
  return l;
}

}  // namespace

TEST_CASE("encode_runs: the models are exactly the lines that show the runs, in every encoding") {
  using enum enc::RunsEncoding;
  for (int n = 0; n <= 9; ++n) {
    std::set<std::vector<int>> clues;
    for (Mask line = 0; line < (Mask{1} << n); ++line) clues.insert(runs_of(line, n));
    clues.insert({n + 1});     // longer than the line
    clues.insert({n / 2 + 1, std::max(1, n - n / 2)});  // two runs and a gap: n + 2 cells or more
    for (const auto& runs : clues)
      for (auto encoding : {automaton, starts, both}) {
        INFO("n " << n << ", " << runs.size() << " runs, encoding " << int(encoding));
        const Line l = encoded(n, runs, encoding);
        CHECK(enc::testing::projected_models(l.cnf, l.cells) ==
              enc::testing::brute_force(n, [&](Mask m) { return runs_of(m, n) == runs; }));
      }
  }
}

TEST_CASE("encode_runs: the automaton's propagation finds every cell line solving finds") {
  for (int n = 1; n <= 6; ++n) {
    std::set<std::vector<int>> clues;
    for (Mask line = 0; line < (Mask{1} << n); ++line) clues.insert(runs_of(line, n));
    for (const auto& runs : clues)
      for (auto encoding : {enc::RunsEncoding::automaton, enc::RunsEncoding::both}) {
        const Line l = encoded(n, runs, encoding);
        const auto models = enc::testing::brute_force(n, [&](Mask m) { return runs_of(m, n) == runs; });
        CHECK(enc::testing::gac_failure(l.cnf, l.cells, models) == "");
      }
  }
}

TEST_CASE("encode_runs: the starts alone propagate less than line solving") {
  // Documented, not a defect: the starts trade propagation for words to learn with.
  int not_arc_consistent = 0, clues_tried = 0;
  for (int n = 1; n <= 7; ++n) {
    std::set<std::vector<int>> clues;
    for (Mask line = 0; line < (Mask{1} << n); ++line) clues.insert(runs_of(line, n));
    for (const auto& runs : clues) {
      const Line l = encoded(n, runs, enc::RunsEncoding::starts);
      const auto models = enc::testing::brute_force(n, [&](Mask m) { return runs_of(m, n) == runs; });
      not_arc_consistent += !enc::testing::gac_failure(l.cnf, l.cells, models).empty();
      ++clues_tried;
    }
  }
  CHECK(not_arc_consistent > 0);  // 11 of the 86 clues as built
  CHECK(not_arc_consistent < clues_tried);
}

TEST_CASE("encode_runs: a run of length 0 is refused") {
  sat::Cnf cnf;
  std::vector<sat::Lit> cells = {cnf.new_lit("a"), cnf.new_lit("b")};
  enc::ClauseWriter out(cnf);
  const std::vector<int> runs = {1, 0};
  CHECK_THROWS_AS(enc::encode_runs(out, cells, runs), std::invalid_argument);
}

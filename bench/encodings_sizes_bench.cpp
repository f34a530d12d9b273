// Prints the sizes (auxiliary variables, clauses) of the encodings/ gadgets as Markdown
// tables: cardinality at the reference points of issue 3, then contiguity on Hexcells-like
// rings and lines, and the time to build the large cardinality constraints.
// Run: cmake --build build --target bench_encodings_sizes && build/bench/bench_encodings_sizes
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <puzzlesat/cardinality.h>
#include <puzzlesat/contiguity.h>

using namespace puzzlesat;

namespace {

struct Size {
  int aux;
  std::size_t clauses;
};

// Size of what `build` adds over n fresh inputs, or nothing when it refuses.
std::optional<Size> measure(int n, const std::function<void(sat::Cnf&, std::span<const sat::Lit>)>& build) {
  sat::Cnf cnf;
  std::vector<sat::Lit> x;
  for (int i = 0; i < n; ++i) x.push_back(cnf.new_lit());
  try {
    build(cnf, x);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
  return Size{cnf.num_vars() - n, cnf.num_clauses()};
}

std::string cell(const std::optional<Size>& s) {
  return s ? std::to_string(s->aux) + " / " + std::to_string(s->clauses) : "— (over 10^7)";
}

// Slots 1..m with the listed 1-based positions as gaps; inputs are made for the others.
std::optional<Size> contiguity(bool connected, int m, std::vector<int> gaps, int k, enc::Topology t, enc::GapRule r) {
  int n = m - static_cast<int>(gaps.size());
  return measure(n, [&](sat::Cnf& cnf, std::span<const sat::Lit> x) {
    std::vector<enc::Slot> slots;
    for (int i = 1, next = 0; i <= m; ++i) {
      if (std::find(gaps.begin(), gaps.end(), i) != gaps.end()) slots.push_back(std::nullopt);
      else slots.push_back(x[next++]);
    }
    (connected ? enc::connected : enc::not_connected)(cnf, slots, k, t, r);
  });
}

}  // namespace

int main() {
  using enc::CardEncoding;
  const std::pair<int, int> points[] = {{6, 2}, {19, 5}, {100, 10}, {1000, 50}};
  const int reference[] = {18, 149, 1302, 29613};
  const CardEncoding encodings[] = {CardEncoding::pairwise, CardEncoding::seqcounter, CardEncoding::totalizer,
                                    CardEncoding::cardnet, CardEncoding::automatic};
  for (bool exact : {false, true}) {
    std::printf("\n%s: auxiliary variables / clauses\n\n| (n, k) |", exact ? "exactly-k" : "at-most-k");
    for (auto e : encodings) std::printf(" %s |", std::string(enc::to_string(e)).c_str());
    std::printf("%s\n|---|---|---|---|---|---|%s\n", exact ? "" : " reference |", exact ? "" : "---|");
    for (int p = 0; p < 4; ++p) {
      auto [n, k] = points[p];
      std::printf("| (%d, %d) |", n, k);
      for (auto e : encodings)
        std::printf(" %s |", cell(measure(n, [&](sat::Cnf& cnf, std::span<const sat::Lit> x) {
                                (exact ? enc::exactly : enc::at_most)(cnf, x, k, e);
                              })).c_str());
      if (!exact) std::printf(" %d |", reference[p]);
      std::printf("\n");
    }
  }

  std::printf("\nRings of 6 (gaps break runs): auxiliary variables / clauses, connected ; not_connected\n\n");
  std::printf("| gaps | k=2 | k=3 | k=4 | k=5 |\n|---|---|---|---|---|\n");
  const std::vector<std::vector<int>> ring_gaps = {{}, {2}, {2, 3}, {2, 4}, {2, 5}};
  for (const auto& g : ring_gaps) {
    std::string name = g.empty() ? "none" : "";
    for (int v : g) name += (name.empty() ? "" : ",") + std::to_string(v);
    std::printf("| %s |", name.c_str());
    for (int k = 2; k <= 5; ++k)
      std::printf(" %s ; %s |", cell(contiguity(true, 6, g, k, enc::Topology::ring, enc::GapRule::breaks)).c_str(),
                  cell(contiguity(false, 6, g, k, enc::Topology::ring, enc::GapRule::breaks)).c_str());
    std::printf("\n");
  }

  std::printf("\nLines without gaps (as after skipping): auxiliary variables / clauses, connected ; not_connected\n\n");
  std::printf("| slots | k=2 | k=3 | k=n/2 | k=n-2 |\n|---|---|---|---|---|\n");
  for (int n : {5, 8, 13, 20, 33}) {
    std::printf("| %d |", n);
    for (int k : {2, 3, n / 2, n - 2})
      std::printf(" %s ; %s |", cell(contiguity(true, n, {}, k, enc::Topology::line, enc::GapRule::skipped)).c_str(),
                  cell(contiguity(false, n, {}, k, enc::Topology::line, enc::GapRule::skipped)).c_str());
    std::printf("\n");
  }

  std::printf("\nTime to build (auto), median of 5:\n\n");
  for (auto [n, k] : {std::pair{100, 10}, {450, 100}, {1000, 50}}) {
    std::vector<double> ms;
    for (int rep = 0; rep < 5; ++rep) {
      auto start = std::chrono::steady_clock::now();
      measure(n, [&](sat::Cnf& cnf, std::span<const sat::Lit> x) { enc::exactly(cnf, x, k); });
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("- exactly(%d, %d): %.1f ms\n", n, k, ms[2]);
  }
}

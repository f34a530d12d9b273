#include <puzzlesat/contiguity.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <random>
#include <vector>

#include "encodings/gadget_testing.h"

using namespace puzzlesat;
using enc::GapRule;
using enc::Slot;
using enc::Topology;
using enc::testing::Mask;

namespace {

// Brute-force definition, independent of the encoder: the true slots are one run when
// some stretch of k consecutive slot positions (wrapping on a ring) holds no gap and
// exactly the true slots. Skipped gaps are first removed from the list.
bool is_run(const std::vector<bool>& gap_in, std::vector<bool> truth_in, Topology topology, GapRule rule, int k) {
  std::vector<bool> gap, truth;
  for (std::size_t i = 0, lit = 0; i < gap_in.size(); ++i) {
    if (gap_in[i] && rule == GapRule::skipped) continue;
    gap.push_back(gap_in[i]);
    truth.push_back(!gap_in[i] && truth_in[lit]);
    if (!gap_in[i]) ++lit;
  }
  const int m = static_cast<int>(gap.size());
  if (k == 0) return true;
  const int starts = topology == Topology::ring ? m : m - k + 1;
  for (int s = 0; s < starts; ++s) {
    std::vector<bool> in(m, false);
    bool ok = k <= m;
    for (int t = 0; t < k && ok; ++t) {
      int p = (s + t) % m;
      ok = !gap[p] && !in[p];
      in[p] = true;
    }
    if (ok && in == std::vector<bool>(truth.begin(), truth.end())) return true;
  }
  return false;
}

// Every gap pattern over m slots.
std::vector<std::vector<bool>> gap_patterns(int m) {
  std::vector<std::vector<bool>> patterns;
  for (Mask g = 0; g < (Mask{1} << m); ++g) {
    std::vector<bool> p(m);
    for (int i = 0; i < m; ++i) p[i] = (g >> i) & 1;
    patterns.push_back(p);
  }
  return patterns;
}

// Every gap pattern of `first_m`..`last_m` slots, every k, against the brute force.
void check_contiguity(bool want_connected, Topology topology, GapRule rule, int first_m = 0, int last_m = 8) {
  for (int m = first_m; m <= last_m; ++m)
    for (const auto& gaps : gap_patterns(m)) {
      const int n = static_cast<int>(std::count(gaps.begin(), gaps.end(), false));
      for (int k = -1; k <= n + 1; ++k) {
        sat::Cnf cnf;
        std::vector<Slot> slots;
        std::vector<sat::Lit> x;
        for (bool g : gaps) {
          if (g) {
            slots.push_back(std::nullopt);
          } else {
            x.push_back(cnf.new_lit());
            slots.push_back(x.back());
          }
        }
        (want_connected ? enc::connected : enc::not_connected)(cnf, slots, k, topology, rule);
        auto expected = enc::testing::brute_force(n, [&](Mask mask) {
          if (std::popcount(mask) != k) return false;
          std::vector<bool> truth(n);
          for (int i = 0; i < n; ++i) truth[i] = (mask >> i) & 1;
          return is_run(gaps, truth, topology, rule, k) == want_connected;
        });
        std::string pattern;
        for (bool g : gaps) pattern += g ? '_' : 'x';
        INFO((want_connected ? "connected " : "not_connected ") << pattern << " k=" << k
             << (topology == Topology::ring ? " ring" : " line")
             << (rule == GapRule::breaks ? " breaks" : " skipped"));
        REQUIRE(enc::testing::projected_models(cnf, x) == expected);
        if (n <= 8 && (m <= 8 || m - n <= 1))
          REQUIRE(enc::testing::gac_failure(cnf, x, expected) == "");
      }
    }
}

}  // namespace

TEST_CASE("connected on lines, gaps breaking", "[encodings][contiguity]") {
  check_contiguity(true, Topology::line, GapRule::breaks);
}
TEST_CASE("connected on lines, gaps skipped", "[encodings][contiguity]") {
  check_contiguity(true, Topology::line, GapRule::skipped);
}
TEST_CASE("connected on rings, gaps breaking", "[encodings][contiguity]") {
  check_contiguity(true, Topology::ring, GapRule::breaks);
}
TEST_CASE("connected on rings, gaps skipped", "[encodings][contiguity]") {
  check_contiguity(true, Topology::ring, GapRule::skipped);
}
TEST_CASE("not_connected on lines, gaps breaking", "[encodings][contiguity]") {
  check_contiguity(false, Topology::line, GapRule::breaks);
}
TEST_CASE("not_connected on lines, gaps skipped", "[encodings][contiguity]") {
  check_contiguity(false, Topology::line, GapRule::skipped);
}
TEST_CASE("not_connected on rings, gaps breaking", "[encodings][contiguity]") {
  check_contiguity(false, Topology::ring, GapRule::breaks);
}
TEST_CASE("not_connected on rings, gaps skipped", "[encodings][contiguity]") {
  check_contiguity(false, Topology::ring, GapRule::skipped);
}
// Nine and ten slots: nearly four times the cases of all the smaller ones together, through
// the same code (left out of the sanitizer build, where a fresh solver per case costs more
// than its search).
TEST_CASE("connected and not_connected on nine and ten slots, every topology and gap rule", "[encodings][contiguity][sweep]") {
  for (const bool want_connected : {true, false})
    for (const Topology topology : {Topology::line, Topology::ring})
      for (const GapRule rule : {GapRule::breaks, GapRule::skipped})
        check_contiguity(want_connected, topology, rule, 9, 10);
}

TEST_CASE("contiguity over repeated, complementary and constant literals", "[encodings][contiguity]") {
  // Slots drawn from three variables, their complements, the constants and gaps; the
  // brute force evaluates each slot's literal and applies the same definition.
  std::mt19937 rng(2024);
  for (int round = 0; round < 400; ++round) {
    sat::Cnf cnf;
    std::vector<sat::Lit> base;
    for (int i = 0; i < 3; ++i) base.push_back(cnf.new_lit());
    const int m = 1 + static_cast<int>(rng() % 7);
    std::vector<int> pick;  // 0..2 var, 3..5 complement, 6 true, 7 false, 8 gap
    std::vector<Slot> slots;
    std::vector<bool> gaps;
    for (int i = 0; i < m; ++i) {
      int p = static_cast<int>(rng() % 9);
      gaps.push_back(p == 8);
      if (p == 8) {
        slots.push_back(std::nullopt);
        continue;
      }
      pick.push_back(p);
      slots.push_back(p < 3 ? base[p] : p < 6 ? ~base[p - 3] : p == 6 ? cnf.true_lit() : cnf.false_lit());
    }
    const bool want_connected = round % 2 == 0;
    const auto topology = round / 2 % 2 ? Topology::ring : Topology::line;
    const auto rule = round / 4 % 2 ? GapRule::skipped : GapRule::breaks;
    const int k = static_cast<int>(rng() % (pick.size() + 2));
    (want_connected ? enc::connected : enc::not_connected)(cnf, slots, k, topology, rule);
    auto expected = enc::testing::brute_force(3, [&](Mask mask) {
      std::vector<bool> truth;
      for (int p : pick) truth.push_back(p < 3 ? (mask >> p) & 1 : p < 6 ? !((mask >> (p - 3)) & 1) : p == 6);
      if (std::count(truth.begin(), truth.end(), true) != k) return false;
      return is_run(gaps, truth, topology, rule, k) == want_connected;
    });
    INFO("round " << round << " k=" << k);
    REQUIRE(enc::testing::projected_models(cnf, base) == expected);
  }
}

// Issue #15 item 2: `encode connected --n 100000 --k 50000` went past 8 GB.
TEST_CASE("contiguity gadgets too large to build are refused before they are built", "[encodings][contiguity]") {
  for (auto topology : {Topology::line, Topology::ring}) {
    sat::Cnf cnf;
    std::vector<Slot> slots;
    for (int i = 0; i < 100000; ++i) slots.push_back(cnf.new_lit());
    CHECK_THROWS_AS(enc::connected(cnf, slots, 50000, topology, GapRule::breaks), std::invalid_argument);
    CHECK_THROWS_AS(enc::not_connected(cnf, slots, 50000, topology, GapRule::breaks), std::invalid_argument);
    CHECK(cnf.num_clauses() == 0);
    // Large but reasonable still builds.
    std::vector<Slot> some(slots.begin(), slots.begin() + 300);
    CHECK_NOTHROW(enc::connected(cnf, some, 40, topology, GapRule::breaks));
    CHECK_NOTHROW(enc::not_connected(cnf, some, 40, topology, GapRule::breaks));
  }
}

#include <puzzlesat/cardinality.h>

#include <catch2/catch.hpp>

#include <bit>
#include <random>
#include <vector>

#include "encodings/counters.h"
#include "encodings/gadget_testing.h"

using namespace puzzlesat;
using enc::CardEncoding;
using enc::testing::Mask;

namespace {

enum class Kind { at_most, at_least, exactly };

void add(sat::Cnf& cnf, Kind kind, std::span<const sat::Lit> lits, int k, CardEncoding e) {
  switch (kind) {
    case Kind::at_most: return enc::at_most(cnf, lits, k, e);
    case Kind::at_least: return enc::at_least(cnf, lits, k, e);
    case Kind::exactly: return enc::exactly(cnf, lits, k, e);
  }
}

bool holds(Kind kind, int count, int k) {
  switch (kind) {
    case Kind::at_most: return count <= k;
    case Kind::at_least: return count >= k;
    case Kind::exactly: return count == k;
  }
  return false;
}

const char* name(Kind kind) {
  return kind == Kind::at_most ? "at_most" : kind == Kind::at_least ? "at_least" : "exactly";
}

// Checks one encoding on fresh inputs for n up to max_n, every k and every bound: the
// projected models are the brute-force ones and, for n <= gac_n, propagation is GAC.
void check_encoding(CardEncoding e, int max_n, int gac_n) {
  for (int n = 0; n <= max_n; ++n)
    for (int k = -1; k <= n + 1; ++k)
      for (Kind kind : {Kind::at_most, Kind::at_least, Kind::exactly}) {
        // Pairwise beyond at-most-1 is allowed but only checked where it stays small.
        if (e == CardEncoding::pairwise && n > 8) continue;
        sat::Cnf cnf;
        std::vector<sat::Lit> x;
        for (int i = 0; i < n; ++i) x.push_back(cnf.new_lit());
        add(cnf, kind, x, k, e);
        INFO(enc::to_string(e) << " " << name(kind) << " n=" << n << " k=" << k);
        auto expected = enc::testing::brute_force(n, [&](Mask m) { return holds(kind, std::popcount(m), k); });
        REQUIRE(enc::testing::projected_models(cnf, x) == expected);
        if (n <= gac_n) REQUIRE(enc::testing::gac_failure(cnf, x, expected) == "");
      }
}

}  // namespace

TEST_CASE("pairwise: models and propagation match brute force", "[encodings][cardinality]") {
  check_encoding(CardEncoding::pairwise, 8, 8);
}
TEST_CASE("seqcounter: models and propagation match brute force", "[encodings][cardinality]") {
  check_encoding(CardEncoding::seqcounter, 10, 8);
}
TEST_CASE("totalizer: models and propagation match brute force", "[encodings][cardinality]") {
  check_encoding(CardEncoding::totalizer, 10, 8);
}
TEST_CASE("cardnet: models and propagation match brute force", "[encodings][cardinality]") {
  check_encoding(CardEncoding::cardnet, 10, 8);
}
TEST_CASE("auto: models and propagation match brute force", "[encodings][cardinality]") {
  check_encoding(CardEncoding::automatic, 10, 8);
}

TEST_CASE("cardnet with forced merge constructions matches brute force", "[encodings][cardinality]") {
  // On these small inputs the cost model always merges directly; force each construction so
  // that the odd-even merges are checked too.
  using enc::detail::MergeChoice;
  for (auto choice : {MergeChoice::always_recursive, MergeChoice::always_direct})
    for (int n = 2; n <= 9; ++n)
      for (int k = 1; k < n; ++k)
        for (auto bound : {enc::detail::Bound::at_most, enc::detail::Bound::at_least, enc::detail::Bound::exactly}) {
          sat::Cnf cnf;
          std::vector<sat::Lit> x;
          for (int i = 0; i < n; ++i) x.push_back(cnf.new_lit());
          enc::ClauseWriter out(cnf);
          enc::detail::encode_cardnet(out, x, k, bound, choice);
          const Kind kind = static_cast<Kind>(bound);
          INFO(name(kind) << " n=" << n << " k=" << k << (choice == MergeChoice::always_recursive ? " recursive" : " direct"));
          auto expected = enc::testing::brute_force(n, [&](Mask m) { return holds(kind, std::popcount(m), k); });
          REQUIRE(enc::testing::projected_models(cnf, x) == expected);
          REQUIRE(enc::testing::gac_failure(cnf, x, expected) == "");
        }
}

TEST_CASE("propagation stays arc-consistent at realistic sizes (sampled)", "[encodings][cardinality]") {
  // Where the cost model mixes odd-even and direct merges: random partial assignments of
  // the inputs, judged by counting. With t inputs true and f false a completion exists iff
  // the bound can still be met, and the open inputs are forced exactly when it is tight.
  std::mt19937 rng(7);
  for (auto e : {CardEncoding::automatic, CardEncoding::seqcounter, CardEncoding::totalizer, CardEncoding::cardnet})
    for (auto [n, k] : {std::pair{40, 7}, {64, 20}, {100, 10}})
      for (Kind kind : {Kind::at_most, Kind::at_least, Kind::exactly}) {
        sat::Cnf cnf;
        std::vector<sat::Lit> x;
        for (int i = 0; i < n; ++i) x.push_back(cnf.new_lit());
        add(cnf, kind, x, k, e);
        for (int sample = 0; sample < 40; ++sample) {
          // Fix about k inputs, so that samples land near the tight cases.
          std::vector<sat::Lit> assume;
          int t = 0, f = 0;
          std::vector<int> state(n, 0);
          const int fixes = static_cast<int>(rng() % (2 * k + 2));
          for (int i = 0; i < fixes; ++i) {
            int j = static_cast<int>(rng() % n);
            if (state[j] != 0) continue;
            state[j] = rng() % 2 ? 1 : -1;
            (state[j] > 0 ? t : f) += 1;
            assume.push_back(state[j] > 0 ? x[j] : ~x[j]);
          }
          const int open = n - t - f;
          const bool up = kind != Kind::at_least, down = kind != Kind::at_most;
          const bool feasible = (!up || t <= k) && (!down || t + open >= k);
          INFO(enc::to_string(e) << " " << name(kind) << " n=" << n << " k=" << k << " t=" << t << " f=" << f);
          auto values = enc::testing::propagate(cnf, assume, x);
          REQUIRE(values.has_value() == feasible);
          if (!feasible) continue;
          const int forced = up && t == k ? -1 : down && t + open == k ? 1 : 0;
          for (int i = 0; i < n; ++i) REQUIRE((*values)[i] == (state[i] != 0 ? state[i] : forced));
        }
      }
}

TEST_CASE("cardinality over repeated, complementary and constant literals", "[encodings][cardinality]") {
  // Lists drawn from four variables, their complements and the constants.
  std::mt19937 rng(12345);
  for (int round = 0; round < 150; ++round) {
    sat::Cnf cnf;
    std::vector<sat::Lit> base;
    for (int i = 0; i < 4; ++i) base.push_back(cnf.new_lit());
    const int len = 1 + static_cast<int>(rng() % 7);
    std::vector<sat::Lit> lits;
    std::vector<int> pick;  // 0..3 var, 4..7 complement, 8 true, 9 false
    for (int i = 0; i < len; ++i) {
      int p = static_cast<int>(rng() % 10);
      pick.push_back(p);
      lits.push_back(p < 4 ? base[p] : p < 8 ? ~base[p - 4] : p == 8 ? cnf.true_lit() : cnf.false_lit());
    }
    auto count = [&](Mask m) {
      int c = 0;
      for (int p : pick) c += p < 4 ? (m >> p) & 1 : p < 8 ? !((m >> (p - 4)) & 1) : p == 8;
      return c;
    };
    const Kind kind = static_cast<Kind>(round % 3);
    const int k = static_cast<int>(rng() % (len + 3)) - 1;
    const auto e = static_cast<CardEncoding>(round / 3 % 5);
    add(cnf, kind, lits, k, e);
    INFO(enc::to_string(e) << " " << name(kind) << " k=" << k << " round=" << round);
    auto expected = enc::testing::brute_force(4, [&](Mask m) { return holds(kind, count(m), k); });
    REQUIRE(enc::testing::projected_models(cnf, base) == expected);
  }
}

TEST_CASE("cardinality gadgets bind only under their guard", "[encodings][cardinality]") {
  for (auto e : {CardEncoding::seqcounter, CardEncoding::totalizer, CardEncoding::cardnet}) {
    sat::Cnf cnf;
    std::vector<sat::Lit> x;
    for (int i = 0; i < 6; ++i) x.push_back(cnf.new_lit());
    sat::Lit g = cnf.new_lit();
    {
      sat::Cnf::GuardScope scope(cnf, g);
      enc::exactly(cnf, x, 2, e);
      enc::at_most(cnf, x, -1, e);  // infeasible, but only while g holds
    }
    std::vector<sat::Lit> with_g = x;
    with_g.push_back(g);
    // g true is impossible; g false leaves the inputs free.
    auto models = enc::testing::projected_models(cnf, with_g);
    CHECK(models.size() == 64);
    for (Mask m : models) CHECK((m >> 6) == 0);
  }
}

TEST_CASE("encoding names parse", "[encodings][cardinality]") {
  for (auto e : {CardEncoding::automatic, CardEncoding::pairwise, CardEncoding::seqcounter, CardEncoding::totalizer,
                 CardEncoding::cardnet})
    CHECK(enc::parse_card_encoding(enc::to_string(e)) == e);
  CHECK(enc::parse_card_encoding("auto") == CardEncoding::automatic);
  CHECK_FALSE(enc::parse_card_encoding("ladder").has_value());
}

TEST_CASE("requests beyond ten million clauses are refused, not built", "[encodings][cardinality]") {
  sat::Cnf cnf;
  std::vector<sat::Lit> x;
  for (int i = 0; i < 200; ++i) x.push_back(cnf.new_lit());
  CHECK_THROWS_AS(enc::at_most(cnf, x, 50, CardEncoding::pairwise), std::invalid_argument);
  CHECK_NOTHROW(enc::at_most(cnf, x, 50));
  std::vector<sat::Lit> many;
  for (int i = 0; i < 100000; ++i) many.push_back(cnf.new_lit());
  const auto clauses = cnf.num_clauses();
  CHECK_THROWS_AS(enc::exactly(cnf, many, 50000), std::invalid_argument);
  CHECK_THROWS_AS(enc::at_most(cnf, many, 40000, CardEncoding::seqcounter), std::invalid_argument);
  CHECK(cnf.num_clauses() == clauses);
}

TEST_CASE("auto meets the reference sizes of the public libraries", "[encodings][cardinality]") {
  // Smallest arc-consistent at-most-k clause counts measured from PySAT (seqcounter) and
  // PBLib (cardinality networks) at these points; auto must not exceed them.
  struct Point { int n, k; std::size_t reference; };
  for (Point p : {Point{6, 2, 18}, Point{19, 5, 149}, Point{100, 10, 1302}, Point{1000, 50, 29613}}) {
    sat::Cnf cnf;
    std::vector<sat::Lit> x;
    for (int i = 0; i < p.n; ++i) x.push_back(cnf.new_lit());
    enc::at_most(cnf, x, p.k);
    INFO("n=" << p.n << " k=" << p.k);
    CHECK(cnf.num_clauses() <= p.reference);
  }
}

TEST_CASE("seqcounter keeps only the k(n-k) registers that matter", "[encodings][cardinality]") {
  for (int n = 2; n <= 30; n += 7)
    for (int k = 1; k < n; k += 3) {
      sat::Cnf cnf;
      std::vector<sat::Lit> x;
      for (int i = 0; i < n; ++i) x.push_back(cnf.new_lit());
      enc::at_most(cnf, x, k, CardEncoding::seqcounter);
      CHECK(cnf.num_vars() - n == k * (n - k));
    }
}

// Found by the hostile-input sweep: `encode exactly --n 100000 --k 1` overflowed the stack
// (the sorting network's plan recursed once per input).
TEST_CASE("cardinality networks over 100,000 inputs build without deep recursion", "[encodings][cardinality]") {
  for (auto e : {enc::CardEncoding::cardnet, enc::CardEncoding::automatic}) {
    sat::Cnf cnf;
    std::vector<sat::Lit> x;
    for (int i = 0; i < 100000; ++i) x.push_back(cnf.new_lit());
    enc::exactly(cnf, x, 1, e);
    CHECK(cnf.num_clauses() > 100000);
  }
}

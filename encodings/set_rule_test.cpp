#include <puzzlesat/set_rule.h>

#include <catch2/catch.hpp>

#include <bit>
#include <vector>

#include "encodings/gadget_testing.h"

using namespace puzzlesat;
using enc::testing::Mask;

TEST_CASE("set_rule forbids exactly two true and propagates fully", "[encodings][set]") {
  sat::Cnf cnf;
  std::vector<sat::Lit> x{cnf.new_lit(), cnf.new_lit(), cnf.new_lit()};
  enc::set_rule(cnf, x[0], x[1], x[2]);
  auto expected = enc::testing::brute_force(3, [](Mask m) { return std::popcount(m) != 2; });
  CHECK(enc::testing::projected_models(cnf, x) == expected);
  CHECK(enc::testing::gac_failure(cnf, x, expected) == "");
  CHECK(cnf.num_vars() == 3);
}

TEST_CASE("set_rule over repeated and complementary literals", "[encodings][set]") {
  // Every choice of the three arguments among a, ~a, b, ~b.
  for (int code = 0; code < 64; ++code) {
    sat::Cnf cnf;
    std::vector<sat::Lit> base{cnf.new_lit(), cnf.new_lit()};
    sat::Lit arg[3];
    for (int i = 0; i < 3; ++i) {
      int c = (code >> (2 * i)) & 3;
      arg[i] = base[c / 2] ^ (c % 2 == 1);
    }
    enc::set_rule(cnf, arg[0], arg[1], arg[2]);
    auto expected = enc::testing::brute_force(2, [&](Mask m) {
      int count = 0;
      for (int i = 0; i < 3; ++i) {
        int c = (code >> (2 * i)) & 3;
        count += static_cast<int>(((m >> (c / 2)) & 1) != static_cast<Mask>(c % 2));
      }
      return count != 2;
    });
    INFO("code " << code);
    CHECK(enc::testing::projected_models(cnf, base) == expected);
  }
}

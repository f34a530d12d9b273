#include "problems/set/cap_classes.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <set>

#include "problems/set/card.h"

using namespace puzzlesat::set;

namespace {

bool is_cap(const Points3& pts) {
  for (std::size_t i = 0; i < pts.size(); ++i)
    for (std::size_t j = i + 1; j < pts.size(); ++j)
      for (std::size_t k = j + 1; k < pts.size(); ++k)
        if (is_set(card_at(pts[i]), card_at(pts[j]), card_at(pts[k]))) return false;
  return true;
}

std::uint32_t mask_of(const Points3& pts) {
  std::uint32_t m = 0;
  for (int p : pts) m |= 1U << p;
  return m;
}

std::uint32_t image(const AffineMap3& g, std::uint32_t mask) {
  std::uint32_t out = 0;
  for (int p = 0; p < 27; ++p)
    if (mask >> p & 1U) out |= 1U << g[p];
  return out;
}

// Every cap of AG(3,3) by size, found by plain backtracking over all 27 points.
void all_caps(std::uint32_t cap, int next, std::vector<std::int64_t>& count) {
  ++count[std::popcount(cap)];
  for (int p = next; p < 27; ++p) {
    bool ok = true;
    for (std::uint32_t r = cap; r && ok; r &= r - 1) ok = !(cap >> third_index(std::countr_zero(r), p) & 1U);
    if (ok) all_caps(cap | 1U << p, p + 1, count);
  }
}

}  // namespace

TEST_CASE("AGL(3,3) has 303,264 maps and they preserve lines", "[set][cap]") {
  auto maps = all_affine_maps3();
  CHECK(maps.size() == 303264);
  for (std::size_t i = 0; i < maps.size(); i += 997) {
    for (int a = 0; a < 27; ++a)
      for (int b = a + 1; b < 27; ++b)
        REQUIRE(maps[i][third_index(a, b)] == third_index(maps[i][a], maps[i][b]));
  }
}

TEST_CASE("cap classes are caps, inequivalent, and by orbit-stabiliser account for every cap",
          "[set][cap]") {
  auto maps = all_affine_maps3();
  std::vector<std::int64_t> count(28, 0);
  all_caps(0, 0, count);
  CHECK(count[9] > 0);
  CHECK(count[10] == 0);  // 9 is the largest cap in AG(3,3)
  CHECK(cap_classes(10).empty());
  for (int m = 5; m <= 9; ++m) {
    INFO("m = " << m);
    auto reps = cap_classes(m);
    REQUIRE_FALSE(reps.empty());
    std::set<std::uint32_t> orbits_union;
    std::int64_t covered = 0;
    for (const auto& rep : reps) {
      CHECK(static_cast<int>(rep.size()) == m);
      CHECK(is_cap(rep));
      std::uint32_t mask = mask_of(rep);
      std::int64_t stabiliser = 0;
      std::set<std::uint32_t> orbit;
      for (const auto& g : maps) {
        std::uint32_t im = image(g, mask);
        orbit.insert(im);
        stabiliser += im == mask;
      }
      CHECK(static_cast<std::int64_t>(orbit.size()) * stabiliser == 303264);
      // Inequivalent: no orbit meets an earlier one.
      for (std::uint32_t im : orbit) CHECK(orbits_union.insert(im).second);
      covered += static_cast<std::int64_t>(orbit.size());
    }
    // The classes together hold every m-cap there is.
    CHECK(covered == count[m]);
  }
}

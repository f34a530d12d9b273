#include <puzzlesat/smallest_set.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>

#include <catch2/catch.hpp>

using namespace puzzlesat;

namespace {

// A monotone property over items 0..n-1 (n <= 16): a set holds when it contains one of the
// family's sets. Its tests return the family member found (a core) or the set itself.
struct Family {
  int n = 0;
  std::vector<std::uint32_t> sets;

  static std::uint32_t mask(std::span<const int> s) {
    std::uint32_t m = 0;
    for (int i : s) m |= 1U << i;
    return m;
  }
  static std::vector<int> items(std::uint32_t m, int n) {
    std::vector<int> out;
    for (int i = 0; i < n; ++i)
      if (m >> i & 1U) out.push_back(i);
    return out;
  }
  bool holds(std::uint32_t m) const {
    return std::any_of(sets.begin(), sets.end(), [&](std::uint32_t f) { return (f & ~m) == 0; });
  }
  SetTest test(std::span<const int> s, std::mt19937& rng) const {
    const std::uint32_t m = mask(s);
    SetTest r;
    r.holds = holds(m);
    if (r.holds) {
      for (std::uint32_t f : sets)
        if ((f & ~m) == 0) {
          r.set = items(f, n);
          break;
        }
      return r;
    }
    // A random superset that still does not hold, as a counterexample's obeyed clues are.
    std::uint32_t grown = m;
    for (int i = 0; i < n; ++i)
      if (std::bernoulli_distribution(0.5)(rng) && !holds(grown | 1U << i)) grown |= 1U << i;
    r.set = items(grown, n);
    return r;
  }
  int fewest() const {  // brute force: the smallest set that holds
    int best = n + 1;
    for (std::uint32_t m = 0; m < (1U << n); ++m)
      if (holds(m)) best = std::min(best, std::popcount(m));
    return best;
  }
};

Family random_family(std::mt19937& rng) {
  Family f;
  f.n = std::uniform_int_distribution<int>(1, 12)(rng);
  const int count = std::uniform_int_distribution<int>(1, 6)(rng);
  for (int k = 0; k < count; ++k) {
    std::uint32_t m = 0;
    for (int i = 0; i < f.n; ++i)
      if (std::bernoulli_distribution(0.4)(rng)) m |= 1U << i;
    f.sets.push_back(m);
  }
  return f;
}

// The largest member contained in the whole set, then shrunk by deletion: a start that
// holds and is subset-minimal but, often, not smallest.
std::vector<int> minimal_start(const Family& f) {
  std::uint32_t m = *std::max_element(f.sets.begin(), f.sets.end(), [](std::uint32_t a, std::uint32_t b) {
    return std::popcount(a) < std::popcount(b);
  });
  for (int i = 0; i < f.n; ++i)
    if ((m >> i & 1U) && f.holds(m & ~(1U << i))) m &= ~(1U << i);
  return Family::items(m, f.n);
}

}  // namespace

TEST_CASE("smallest_set: the fewest items that hold, against brute force", "[smallest_set]") {
  std::mt19937 rng(7);
  int improved = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Family f = random_family(rng);
    const std::vector<int> start = minimal_start(f);
    const SmallestSet s = smallest_set(f.n, start, [&](std::span<const int> x) { return f.test(x, rng); });
    REQUIRE(s.smallest);
    CHECK(f.holds(Family::mask(s.set)));
    CHECK(static_cast<int>(s.set.size()) == f.fewest());
    CHECK(s.lower_bound == f.fewest());
    CHECK(std::is_sorted(s.set.begin(), s.set.end()));
    improved += s.set.size() < start.size();
  }
  CHECK(improved > 20);  // the starts are often not smallest: the search does the work
}

TEST_CASE("smallest_set: out of budget, the best set found still holds and is subset-minimal", "[smallest_set]") {
  std::mt19937 rng(11);
  int stopped = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Family f = random_family(rng);
    const std::vector<int> start = minimal_start(f);
    const SmallestSet s = smallest_set(f.n, start, [&](std::span<const int> x) { return f.test(x, rng); },
                                       SmallestSetOptions{.max_tests = 2});
    const std::uint32_t m = Family::mask(s.set);
    REQUIRE(f.holds(m));
    CHECK(s.set.size() <= start.size());
    CHECK(s.lower_bound <= f.fewest());
    if (s.smallest) CHECK(static_cast<int>(s.set.size()) == f.fewest());
    for (int i : s.set) CHECK_FALSE(f.holds(m & ~(1U << i)));
    stopped += !s.smallest;
  }
  CHECK(stopped > 10);
}

TEST_CASE("minimal_set: no item of the answer can be dropped, and the answer holds", "[smallest_set]") {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const Family f = random_family(rng);
    std::vector<int> all(static_cast<std::size_t>(f.n));
    for (int i = 0; i < f.n; ++i) all[static_cast<std::size_t>(i)] = i;
    if (!f.holds(Family::mask(all))) continue;
    const std::vector<int> m = minimal_set(all, [&](std::span<const int> x) { return f.test(x, rng); });
    const std::uint32_t mask = Family::mask(m);
    REQUIRE(f.holds(mask));
    for (int i : m) CHECK_FALSE(f.holds(mask & ~(1U << i)));
  }
}

TEST_CASE("smallest_set: an item outside the range is an error", "[smallest_set]") {
  auto test = [](std::span<const int>) { return SetTest{true, {}}; };
  CHECK_THROWS_AS(smallest_set(3, {0, 3}, test), std::invalid_argument);
  const SmallestSet empty = smallest_set(3, {}, test);
  CHECK(empty.smallest);
  CHECK(empty.set.empty());
  CHECK(empty.tests == 0);
}

// Rng: the seeded generator behind shuffles, random boards and games. Its own small
// algorithm (xoshiro256** seeded by splitmix64, unbiased bounded draws) rather than
// <random>'s distributions, whose output differs between standard libraries, so a seed
// names the same game everywhere.
#pragma once

#include <cstdint>
#include <span>

namespace puzzlesat::set {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next();
  // Uniform in [0, bound), bound > 0.
  std::uint32_t below(std::uint32_t bound);
  // Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Fisher-Yates.
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = below(static_cast<std::uint32_t>(i));
      T tmp = items[i - 1];
      items[i - 1] = items[j];
      items[j] = tmp;
    }
  }

 private:
  std::uint64_t s_[4];
};

}  // namespace puzzlesat::set

// splitmix64, the one seed mixer every generator here uses: seeds derived from seeds (a
// scene's from a run's, a random stream's from a scene's) must give unrelated generators
// even when the inputs differ in one bit, and small generators (cv::RNG among them) start
// close to their seed. mix64 is splitmix64's output function; splitmix64 steps a state by
// the golden gamma and mixes it.
//
//   std::uint64_t state = seed;
//   std::uint64_t a = puzzlesat::splitmix64(state), b = puzzlesat::splitmix64(state);
//   std::uint64_t scene = puzzlesat::mix64(run_seed * puzzlesat::kGoldenGamma + k);
#pragma once

#include <cstdint>

namespace puzzlesat {

inline constexpr std::uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ULL;

// Every input bit reaches every output bit (a bijection on 64-bit values).
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The next value of the splitmix64 sequence whose state is `state`.
constexpr std::uint64_t splitmix64(std::uint64_t& state) { return mix64(state += kGoldenGamma); }

}  // namespace puzzlesat

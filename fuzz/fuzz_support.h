// What every harness in fuzz/ shares: the libFuzzer entry point's signature, a check
// that aborts (so the fuzzer records a finding) in every build type, and the rule that
// an InputError is the documented answer to bad input, not a finding.
//
//   extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
//     if (size > kMaxInput) return -1;         // test the code, not the limits
//     const std::string_view text = as_text(data, size);
//     return expect_input_error([&] { ... parse, write, parse, FUZZ_CHECK(same) ... });
//   }
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <puzzlesat/input_error.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace puzzlesat::fuzz {

// Unlike assert(), active under NDEBUG too.
#define FUZZ_CHECK(cond)                                                               \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                    \
    }                                                                                  \
  } while (0)

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Runs f; an InputError is a normal outcome. Any other exception escapes to libFuzzer,
// which reports it as a crash (uncaught exception -> std::terminate).
template <class F>
int expect_input_error(F f) {
  try {
    f();
  } catch (const InputError&) {
  }
  return 0;
}

// Solutions a solver listed (at most `limit`, `complete` when that was all) against every
// solution brute force found: distinct, each a real one, and all of them exactly when there
// are at most `limit` (else `limit` of them and not complete).
template <class T>
void check_listed(const std::vector<T>& listed, bool complete, std::size_t limit, const std::set<T>& all) {
  const std::set<T> found(listed.begin(), listed.end());
  FUZZ_CHECK(found.size() == listed.size() && std::includes(all.begin(), all.end(), found.begin(), found.end()));
  FUZZ_CHECK(all.size() <= limit ? complete && found == all : !complete && found.size() == limit);
}

// A rows x cols grid of '.' with '#' where bit r*cols+c of `bits` is set: brute force
// over the black/white (filled/empty) grids of a small puzzle.
inline std::vector<std::string> grid_of_bits(unsigned bits, int rows, int cols) {
  std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
  for (int i = 0; i < rows * cols; ++i)
    if (bits >> i & 1u) g[static_cast<std::size_t>(i / cols)][static_cast<std::size_t>(i % cols)] = '#';
  return g;
}

}  // namespace puzzlesat::fuzz

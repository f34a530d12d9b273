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

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

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

}  // namespace puzzlesat::fuzz

#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "cli/keep_freed_memory.h"

#ifdef PUZZLESAT_SANITIZER_TESTS
#include "tests/sanitizer/mat_pool.h"

// ASan zeroes the shadow of an unmapped block by mapping fresh pages over it beyond 64 KB,
// which are faulted in again when the next block lands there: every MiniSat solver's 4 MB
// clause arena costs some 128 page faults more, and the encoding tests build thousands of
// solvers (docs/fuzzing.md). memset keeps those pages. Nothing ASan checks changes.
extern "C" const char* __asan_default_options() { return "clear_shadow_mmap_threshold=1073741824"; }
#endif

int main(int argc, char* argv[]) {
  puzzlesat::cli::keep_freed_memory();  // as the program does: the tests read photos too
#ifdef PUZZLESAT_SANITIZER_TESTS
  puzzlesat::test::install_sanitizer_mat_pool();
#endif
  return Catch::Session().run(argc, argv);
}

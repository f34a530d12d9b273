// What every test process sets up before Catch2 runs its tests (catch_main.cpp has main()).
#include "cli/keep_freed_memory.h"

#ifdef PUZZLESAT_SANITIZER_TESTS
#include "tests/sanitizer/mat_pool.h"

// ASan zeroes the shadow of an unmapped block beyond 64 KB by mapping fresh pages over it,
// and every MiniSat solver's 4 MB clause arena is such a block; the encoding tests build
// thousands of solvers. Zeroing with memset halved one such test's page faults (4.2 to 2.1
// million, 76 s to 32 s; docs/fuzzing.md). Nothing ASan checks changes.
extern "C" const char* __asan_default_options() { return "clear_shadow_mmap_threshold=1073741824"; }
#endif

namespace puzzlesat::testing {

void prepare_test_process() {
  puzzlesat::cli::keep_freed_memory();  // as the program does: the tests read photos too
#ifdef PUZZLESAT_SANITIZER_TESTS
  puzzlesat::test::install_sanitizer_mat_pool();
#endif
}

}  // namespace puzzlesat::testing

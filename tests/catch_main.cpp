// main() of every test executable, with Catch2's own implementation (Catch2 2.x is one
// header; CATCH_CONFIG_RUNNER makes this the file that compiles its body).
//
// It is compiled unoptimised and, in the sanitizer build, uninstrumented (TestMain.cmake): it
// is the test runner, not code under test, and was the longest single compile of the tests
// (this file alone, one idle core: g++ -O2 21 s, -O0 11 s; clang -O0 with ASan, UBSan and
// coverage 16 s, without them 6 s).
// What a test process sets up first is in test_main.cpp, compiled as the tests are.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

namespace puzzlesat::testing {
void prepare_test_process();  // test_main.cpp
}

int main(int argc, char* argv[]) {
  puzzlesat::testing::prepare_test_process();
  return Catch::Session().run(argc, argv);
}

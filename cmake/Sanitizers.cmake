# Two build options for hostile-input testing, used by .ci/run and `make fuzz` in a
# separate clang build directory (build-asan); the ordinary g++ build uses neither.
#
# PUZZLESAT_SANITIZE: AddressSanitizer + UndefinedBehaviorSanitizer on every target,
#   float-cast-overflow included, and the first report aborts (so ctest fails on it).
# PUZZLESAT_FUZZ: the libFuzzer harnesses of fuzz/ as fuzzers (clang only); every
#   library is compiled with coverage instrumentation so the fuzzer sees inside it.
#   Without it the harnesses are still built, with a plain main() that replays files.
option(PUZZLESAT_SANITIZE "Build everything with ASan + UBSan" OFF)
option(PUZZLESAT_FUZZ "Build the fuzz/ harnesses as libFuzzer fuzzers (clang)" OFF)

if(PUZZLESAT_SANITIZE)
  set(puzzlesat_sanitizers -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all)
  add_compile_options(${puzzlesat_sanitizers} -fno-omit-frame-pointer)
  add_link_options(${puzzlesat_sanitizers})
endif()

if(PUZZLESAT_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "PUZZLESAT_FUZZ needs clang (configure with -DCMAKE_CXX_COMPILER=clang++)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

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
  # Line tables are all a sanitizer report needs to name file and line; full debug info
  # only makes this second build of the whole tree slower (CI's time budget).
  add_compile_options(${puzzlesat_sanitizers} -fno-omit-frame-pointer -gline-tables-only)
  add_link_options(${puzzlesat_sanitizers})
endif()

# puzzlesat_sanitize_unoptimised(TARGET...): in the sanitizer build only, compile these
# targets' own sources at -O0. For the command line, the server and the test main, whose
# time goes into instantiating CLI11, nlohmann-json and Catch (about two fifths of the
# instrumented build's CPU at -O2), not into work the tests wait for: -O0 halves their
# compile time (dice_vision_commands.cpp 54 s -> 27 s).
function(puzzlesat_sanitize_unoptimised)
  if(PUZZLESAT_SANITIZE)
    foreach(target IN LISTS ARGN)
      target_compile_options(${target} PRIVATE -O0)
    endforeach()
  endif()
endfunction()

if(PUZZLESAT_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "PUZZLESAT_FUZZ needs clang (configure with -DCMAKE_CXX_COMPILER=clang++)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

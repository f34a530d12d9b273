# Two build options for hostile-input testing, used by .ci/run and `make fuzz` in a
# separate clang build directory (build-asan); the ordinary g++ build uses neither.
#
# PUZZLESAT_SANITIZE: AddressSanitizer + UndefinedBehaviorSanitizer on every target,
#   float-cast-overflow included, and the first report aborts (so ctest fails on it).
# PUZZLESAT_FUZZ: the libFuzzer harnesses of fuzz/ as fuzzers (clang only); the libraries
#   they link are compiled with coverage instrumentation so the fuzzer sees inside them.
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
endif()

# puzzlesat_fuzz_coverage(TARGET...): with PUZZLESAT_FUZZ, compile these targets and every
# puzzlesat library they link, transitively, with libFuzzer's coverage instrumentation
# (-fsanitize=fuzzer-no-link), so a harness sees inside what it calls. Only there: the
# instrumentation calls out at every comparison and branch, and the vision readers, the
# server, the commands and the tests, which no harness reaches, ran their tests slower and
# compiled slower for nothing (fuzz/CMakeLists.txt calls it with the harnesses).
function(puzzlesat_fuzz_coverage)
  if(NOT PUZZLESAT_FUZZ)
    return()
  endif()
  set(queue ${ARGN})
  set(seen "")
  while(queue)
    list(POP_FRONT queue target)
    get_target_property(real ${target} ALIASED_TARGET)
    if(real)
      set(target ${real})
    endif()
    if(target IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${target})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(deps ${target} INTERFACE_LINK_LIBRARIES)
    else()
      target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
      get_target_property(deps ${target} LINK_LIBRARIES)
    endif()
    foreach(dep IN LISTS deps)
      if(dep MATCHES "^puzzlesat" AND TARGET ${dep})
        list(APPEND queue ${dep})
      endif()
    endforeach()
  endwhile()
endfunction()

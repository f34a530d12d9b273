include(GNUInstallDirs)

# puzzlesat_library(NAME [INSTALLED] SOURCES... DEPS ...): one library target per folder,
# aliased as puzzlesat::NAME.
#
# A library reaches its own headers as "<folder>/x.h" (e.g. "sat/deadline.h") through
# build/layers/NAME/, a directory holding only a link to the folder, never through the
# repository root, so it sees its own headers, those of the libraries it links, and the
# public API in include/puzzlesat/ — nothing else.
# - INSTALLED libraries (common, sat, encodings, cli) form the installed package: their
#   folder headers are PRIVATE, their interface is include/puzzlesat/ only, and they are
#   exported as puzzlesat::NAME.
# - The others (the in-tree puzzles and frontends) publish their folder to the libraries and
#   commands that link them, as a plugin outside the tree would with its own headers.
function(puzzlesat_library name)
  cmake_parse_arguments(ARG "INSTALLED" "" "SOURCES;DEPS" ${ARGN})
  add_library(puzzlesat_${name} STATIC ${ARG_SOURCES})
  add_library(puzzlesat::${name} ALIAS puzzlesat_${name})
  puzzlesat_folder_includes(puzzlesat_${name} layer)
  if(ARG_INSTALLED)
    target_include_directories(puzzlesat_${name} PRIVATE ${layer})
    target_include_directories(puzzlesat_${name} PUBLIC
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    set_target_properties(puzzlesat_${name} PROPERTIES EXPORT_NAME ${name})
    install(TARGETS puzzlesat_${name} EXPORT puzzlesatTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  else()
    target_include_directories(puzzlesat_${name} PUBLIC ${layer})
  endif()
  target_link_libraries(puzzlesat_${name} PUBLIC ${ARG_DEPS})
  # The CLI links every library; it learns them from this list.
  set_property(GLOBAL APPEND PROPERTY PUZZLESAT_LIBRARIES puzzlesat::${name})
endfunction()

# puzzlesat_folder_includes(TARGET OUT_VAR): makes build/layers/TARGET/<folder> a link to the
# current source folder and returns build/layers/TARGET (see puzzlesat_library).
function(puzzlesat_folder_includes target out_var)
  file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  set(root ${PROJECT_BINARY_DIR}/layers/${target})
  get_filename_component(parent ${root}/${folder} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  if(NOT EXISTS ${root}/${folder})
    file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR} ${root}/${folder} SYMBOLIC)
  endif()
  set(${out_var} ${root} PARENT_SCOPE)
endfunction()

# puzzlesat_tests(NAME [UNOPTIMISED_UNDER_SANITIZERS] SOURCES... DEPS ...): a Catch2
# executable whose test cases are registered with ctest one by one, labelled with NAME (so
# `ctest -L sat_tests` runs one executable's tests). A test prints "SKIPPED: why" to be reported as skipped.
# Test cases tagged [sweep] (the same code over thousands of random cases or dozens of
# rendered scenes, which a smaller test also reaches) and [browser] (chromium driving the
# server's pages: what they add to the server's own tests is the pages' scripts, which no
# sanitizer sees) are left out of the sanitizer build, to keep CI within its time; the
# ordinary build runs them all.
# UNOPTIMISED_UNDER_SANITIZERS: compiled at -O0 in the sanitizer build, for tests whose
# compile time goes into third-party templates (puzzlesat_sanitize_unoptimised).
# The sources are compiled ten to a unit (UNITY_BUILD): each file's own cost is small beside
# the headers and debug information every unit repeats (the g++ build's tests took 715 s of
# compile jobs one file at a time, 316 s this way). So the test files of one executable share
# a scope: a helper in an anonymous namespace needs a name of its own or a shared *_testing.h
# header, and a file opens the namespace it tests instead of `using namespace` at file scope.
# Tests may reach any header of the tree (they test internals). Nothing when BUILD_TESTING is off.
function(puzzlesat_tests name)
  if(NOT BUILD_TESTING)
    return()
  endif()
  cmake_parse_arguments(ARG "UNOPTIMISED_UNDER_SANITIZERS" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} puzzlesat_test_main)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  # Catch2 and nlohmann-json compiled once for all tests (tests/precompiled.h); a header
  # precompiled with optimisation does not load at -O0 (clang checks).
  if(ARG_UNOPTIMISED_UNDER_SANITIZERS AND PUZZLESAT_SANITIZE)
    puzzlesat_sanitize_unoptimised(${name})
  else()
    target_precompile_headers(${name} REUSE_FROM puzzlesat_test_pch)
  endif()
  set_target_properties(${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 10)
  # -w NoTests: a ctest entry whose name does not reach Catch intact (a ';' splits CMake
  # lists, a leading '-' reads as an option) fails instead of passing with no test run.
  set(spec "")
  if(PUZZLESAT_SANITIZE)
    set(spec "~[sweep]~[browser]")
  endif()
  catch_discover_tests(${name}
    TEST_SPEC ${spec}
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    EXTRA_ARGS -w NoTests
    PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED:" LABELS ${name})
  set_property(GLOBAL APPEND PROPERTY PUZZLESAT_TEST_TARGETS ${name})
endfunction()

# puzzlesat_library(NAME SOURCES... DEPS ...): one library target per folder,
# aliased as puzzlesat::NAME, with the repository root as its include root so that
# headers are included as "sat/cnf.h", "problems/set/card.h", ...
function(puzzlesat_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(puzzlesat_${name} STATIC ${ARG_SOURCES})
  add_library(puzzlesat::${name} ALIAS puzzlesat_${name})
  target_include_directories(puzzlesat_${name} PUBLIC ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/include)
  target_link_libraries(puzzlesat_${name} PUBLIC ${ARG_DEPS})
  # The CLI links every library; it learns them from this list.
  set_property(GLOBAL APPEND PROPERTY PUZZLESAT_LIBRARIES puzzlesat::${name})
endfunction()

# puzzlesat_tests(NAME SOURCES... DEPS ...): a Catch2 executable whose test cases are
# registered with ctest one by one. A test prints "SKIPPED: why" to be reported as skipped.
function(puzzlesat_tests name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} puzzlesat_test_main)
  catch_discover_tests(${name}
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED:")
endfunction()

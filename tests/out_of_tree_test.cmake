# The out-of-tree proof (ctest out_of_tree_plugin): install this build to a fresh prefix,
# build the in-tree puzzles listed in tests/out_of_tree/CMakeLists.txt against it alone (their
# own sources, not copies), run their commands and compare the output; then check the
# pkg-config file and the installed program with its vision module. Run as
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -P out_of_tree_test.cmake
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "out_of_tree_test.cmake needs -D${var}=...")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

set(launcher "")
find_program(CCACHE ccache)
if(CCACHE)
  set(launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${CCACHE})
endif()
# Only the prefix and the puzzles' own folders: nothing else of the source or build tree is
# visible to the plugins. No build type, as docs/plugins.md's command: what is proved is that
# the plugin compiles, links and runs against the package, and unoptimised it compiles in two
# thirds of the CPU time (64 s against 92 s for Release, ccache off).
run("configure the plugin" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/out_of_tree -B ${WORK_DIR}/build
    -G Ninja -DCMAKE_PREFIX_PATH=${prefix} -DPUZZLESAT_SOURCE_DIR=${SOURCE_DIR} ${launcher})
# One compile at a time: ctest runs this beside the other tests (tests/CMakeLists.txt).
run("build the plugin" ${CMAKE_COMMAND} --build ${WORK_DIR}/build --parallel 1)

set(exe ${WORK_DIR}/build/puzzles)
# Every puzzle built there answers --help (tests/out_of_tree/CMakeLists.txt: one line each).
file(STRINGS ${WORK_DIR}/build/puzzles.txt puzzles)
foreach(name IN LISTS puzzles)
  run("${name} --help" ${exe} ${name} --help)
endforeach()

# Minesweeper: deduce, solve by file and by URL, cnf names, a bad board.
set(board ${SOURCE_DIR}/tests/out_of_tree/example.board)
run("minesweeper deduce" ${exe} minesweeper deduce ${board})
file(READ ${SOURCE_DIR}/tests/out_of_tree/example.expected expected)
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "minesweeper deduce printed\n${out}\nexpected\n${expected}")
endif()
run("minesweeper solve --solver cadical --json" ${exe} minesweeper solve --solver cadical --json ${board})
if(NOT out STREQUAL "{\"solution\":[\"....\",\".##.\",\"....\",\"....\"],\"status\":\"sat\"}\n")
  message(FATAL_ERROR "minesweeper solve --json printed ${out}")
endif()
run("minesweeper unique URL" ${exe} minesweeper unique --json https://puzz.link/p?mines/5/5/g2m13l13g0j)
if(NOT out MATCHES "\"unique\":true")
  message(FATAL_ERROR "minesweeper unique --json URL printed ${out}")
endif()
run("minesweeper cnf" ${exe} minesweeper cnf ${board})
if(NOT out MATCHES "c var 1 mine\\(0,0\\)")
  message(FATAL_ERROR "minesweeper cnf names no variables:\n${out}")
endif()
# Bad input: one line naming file, line and column; exit code 2.
file(WRITE ${WORK_DIR}/bad.board "1.x\n")
execute_process(COMMAND ${exe} minesweeper solve ${WORK_DIR}/bad.board RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "^puzzlesat: error: .*bad.board:1:3: unexpected 'x'")
  message(FATAL_ERROR "bad board: exit ${rc}, stderr ${err}")
endif()

# pkg-config sees the same package: a program built with its flags alone links and runs.
find_program(PKG_CONFIG pkg-config)
find_program(CXX NAMES c++ g++)
if(PKG_CONFIG AND CXX)
  set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
  run("pkg-config" ${PKG_CONFIG} --cflags --libs puzzlesat)
  separate_arguments(flags UNIX_COMMAND "${out}")
  file(WRITE ${WORK_DIR}/pc.cpp [=[
#include <puzzlesat/model.h>
#include <iostream>
int main() {
  puzzlesat::Model m;
  puzzlesat::RectGrid g(1, 3);
  auto x = m.bools(g, "x");
  m.require(puzzlesat::count_true(x.all()) == 2);
  m.require(~x[puzzlesat::Cell{0, 1}]);
  std::cout << m.unique_solution(x.all()).unique() << "\n";
}
]=])
  run("compile with pkg-config flags" ${CXX} -o ${WORK_DIR}/pc ${WORK_DIR}/pc.cpp ${flags})
  run("the pkg-config program" ${WORK_DIR}/pc)
  if(NOT out STREQUAL "1\n")
    message(FATAL_ERROR "the pkg-config program printed ${out}")
  endif()
endif()
# The installed program finds its vision module relative to itself (bin/ and
# lib/puzzlesat/, docs/architecture.md) and loads it only for the commands that need it.
set(installed ${prefix}/bin/puzzlesat)
run("installed puzzlesat set --help" ${installed} set --help)
if(NOT out MATCHES "photo" OR NOT out MATCHES "solve")
  message(FATAL_ERROR "installed puzzlesat set --help lists no vision command:\n${out}")
endif()
run("installed puzzlesat set photo" ${installed} set photo ${SOURCE_DIR}/demo/set-table.jpg)
if(NOT out MATCHES "12 cards")
  message(FATAL_ERROR "installed puzzlesat set photo printed\n${out}")
endif()
file(WRITE ${WORK_DIR}/trivial.cnf "p cnf 2 1\n1 -2 0\n")
execute_process(COMMAND ${installed} cnf solve ${WORK_DIR}/trivial.cnf RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 10 OR NOT out MATCHES "s SATISFIABLE")
  message(FATAL_ERROR "installed puzzlesat cnf solve: exit ${rc}, printed ${out}")
endif()
message(STATUS "out-of-tree plugin built against ${prefix} and run")

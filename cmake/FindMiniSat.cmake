# FindMiniSat: MiniSat 2.2 as Debian's `minisat` package ships it (library and headers, no
# CMake config). Defines the imported target MiniSat::minisat. Installed with puzzlesat's
# package config so that find_package(puzzlesat) finds it the same way.
find_path(MINISAT_INCLUDE_DIR minisat/core/Solver.h)
find_library(MINISAT_LIBRARY NAMES minisat)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(MiniSat REQUIRED_VARS MINISAT_LIBRARY MINISAT_INCLUDE_DIR)
if(MiniSat_FOUND AND NOT TARGET MiniSat::minisat)
  add_library(MiniSat::minisat UNKNOWN IMPORTED)
  set_target_properties(MiniSat::minisat PROPERTIES
    IMPORTED_LOCATION "${MINISAT_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${MINISAT_INCLUDE_DIR}")
endif()

# FindCaDiCaL: CaDiCaL as Debian's libcadical-dev ships it (a static library and
# cadical.hpp, no CMake config). Defines the imported target CaDiCaL::cadical. Installed
# with puzzlesat's package config so that find_package(puzzlesat) finds it the same way.
find_path(CADICAL_INCLUDE_DIR cadical.hpp)
find_library(CADICAL_LIBRARY NAMES libcadical.a cadical)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CaDiCaL REQUIRED_VARS CADICAL_LIBRARY CADICAL_INCLUDE_DIR)
if(CaDiCaL_FOUND AND NOT TARGET CaDiCaL::cadical)
  add_library(CaDiCaL::cadical UNKNOWN IMPORTED)
  set_target_properties(CaDiCaL::cadical PROPERTIES
    IMPORTED_LOCATION "${CADICAL_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${CADICAL_INCLUDE_DIR}")
endif()

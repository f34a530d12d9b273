# Imported targets for Debian packages that ship no CMake config of their own.

# MiniSat 2.2: Debian's `minisat` package ships the library and headers.
find_path(MINISAT_INCLUDE_DIR minisat/core/Solver.h REQUIRED)
find_library(MINISAT_LIBRARY NAMES minisat REQUIRED)
add_library(thirdparty_minisat INTERFACE)
target_include_directories(thirdparty_minisat SYSTEM INTERFACE ${MINISAT_INCLUDE_DIR})
target_link_libraries(thirdparty_minisat INTERFACE ${MINISAT_LIBRARY})
add_library(MiniSat::minisat ALIAS thirdparty_minisat)

# CaDiCaL: libcadical-dev ships a static library and one header.
find_path(CADICAL_INCLUDE_DIR cadical.hpp REQUIRED)
find_library(CADICAL_LIBRARY NAMES libcadical.a cadical REQUIRED)
add_library(thirdparty_cadical INTERFACE)
target_include_directories(thirdparty_cadical SYSTEM INTERFACE ${CADICAL_INCLUDE_DIR})
target_link_libraries(thirdparty_cadical INTERFACE ${CADICAL_LIBRARY})
add_library(CaDiCaL::cadical ALIAS thirdparty_cadical)

# OpenCV's config sets plain include dirs; wrap it so its headers are SYSTEM too.
# The program links only core and imgproc: imgcodecs drags in GDAL and some hundred more
# libraries, ~60 ms at every start, so frontends/image reads JPEG and PNG itself.
# Tests and benchmarks may use imgcodecs (OpenCV::imgcodecs), e.g. as a reference.
add_library(thirdparty_opencv INTERFACE)
target_include_directories(thirdparty_opencv SYSTEM INTERFACE ${OpenCV_INCLUDE_DIRS})
target_link_libraries(thirdparty_opencv INTERFACE opencv_core opencv_imgproc)
add_library(OpenCV::opencv ALIAS thirdparty_opencv)
add_library(thirdparty_opencv_imgcodecs INTERFACE)
target_link_libraries(thirdparty_opencv_imgcodecs INTERFACE thirdparty_opencv opencv_imgcodecs)
add_library(OpenCV::imgcodecs ALIAS thirdparty_opencv_imgcodecs)

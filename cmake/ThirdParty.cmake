# Imported targets for Debian packages that ship no CMake config of their own.

# MiniSat and CaDiCaL: cmake/FindMiniSat.cmake and cmake/FindCaDiCaL.cmake (installed with
# the package config, so a plugin finds them the same way).
find_package(MiniSat REQUIRED)
find_package(CaDiCaL REQUIRED)

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
# The dice reader's learned model runs through dnn (it adds protobuf, no GUI or codecs).
add_library(thirdparty_opencv_dnn INTERFACE)
target_link_libraries(thirdparty_opencv_dnn INTERFACE thirdparty_opencv opencv_dnn)
add_library(OpenCV::dnn ALIAS thirdparty_opencv_dnn)

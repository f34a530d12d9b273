# What `cmake --install` puts under the prefix (docs/plugins.md):
#   include/puzzlesat/*.h                       the public API
#   lib/libpuzzlesat_{common,sat,encodings,cli,main}.a
#   lib/cmake/puzzlesat/                        puzzlesatConfig.cmake, targets, Find modules
#   lib/pkgconfig/puzzlesat.pc
#   share/puzzlesat/dice_reader.onnx            the dice reader's learned model (learned_reader.h)
#   bin/puzzlesat, lib/puzzlesat/*.so           the program and its modules (vision, serve,
#                                               frontends; cli/CMakeLists.txt, cli/vision.h)
# puzzlesat::puzzlesat is the whole library side; puzzlesat::main adds a main() that runs
# the registered command groups.
include(CMakePackageConfigHelpers)

add_library(puzzlesat_all INTERFACE)
target_link_libraries(puzzlesat_all INTERFACE puzzlesat::common puzzlesat::sat puzzlesat::encodings puzzlesat::model puzzlesat::cli)
set_target_properties(puzzlesat_all PROPERTIES EXPORT_NAME puzzlesat)
add_library(puzzlesat::puzzlesat ALIAS puzzlesat_all)
install(TARGETS puzzlesat_all EXPORT puzzlesatTargets)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/puzzlesat DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/puzzlesat)
install(EXPORT puzzlesatTargets NAMESPACE puzzlesat:: DESTINATION ${config_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/puzzlesatConfig.cmake.in
  ${PROJECT_BINARY_DIR}/puzzlesatConfig.cmake INSTALL_DESTINATION ${config_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/puzzlesatConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/puzzlesatConfig.cmake ${PROJECT_BINARY_DIR}/puzzlesatConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/FindMiniSat.cmake ${PROJECT_SOURCE_DIR}/cmake/FindCaDiCaL.cmake
        DESTINATION ${config_dir})

# pkg-config: the prefix is found from the .pc file's own place, so a relocated install works.
configure_file(${PROJECT_SOURCE_DIR}/cmake/puzzlesat.pc.in ${PROJECT_BINARY_DIR}/puzzlesat.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/puzzlesat.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${PROJECT_SOURCE_DIR}/models/dice_reader.onnx ${PROJECT_SOURCE_DIR}/models/dice_reader.onnx.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/puzzlesat)

# Included by the top-level CMakeLists.txt before the folders whose tests use these targets.
# The Catch2 main shared by every test executable, and where tests find data.
add_library(puzzlesat_test_main STATIC ${CMAKE_CURRENT_LIST_DIR}/test_main.cpp ${CMAKE_CURRENT_LIST_DIR}/catch_main.cpp
                                       ${CMAKE_CURRENT_LIST_DIR}/run_cli.cpp)
# Catch2's body: the runner, not code under test (catch_main.cpp says why).
set(catch_main_options -O0)
if(PUZZLESAT_SANITIZE)
  list(APPEND catch_main_options -fno-sanitize=all)
endif()
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/catch_main.cpp PROPERTIES COMPILE_OPTIONS "${catch_main_options}")
target_link_libraries(puzzlesat_test_main PUBLIC Catch2::Catch2)
target_include_directories(puzzlesat_test_main PUBLIC ${PROJECT_SOURCE_DIR})
target_compile_definitions(puzzlesat_test_main PUBLIC
  PUZZLESAT_SHARED_DATA="${PUZZLESAT_SHARED_DATA}"
  PUZZLESAT_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  PUZZLESAT_BINARY="$<TARGET_FILE:puzzlesat>")
# The precompiled header every test executable reuses (precompiled.h says why). Its flags
# must be the test executables' own, so it links what they all link.
add_library(puzzlesat_test_pch OBJECT ${CMAKE_CURRENT_LIST_DIR}/precompiled.cpp)
target_link_libraries(puzzlesat_test_pch PRIVATE puzzlesat_test_main nlohmann_json::nlohmann_json)
target_precompile_headers(puzzlesat_test_pch PRIVATE ${CMAKE_CURRENT_LIST_DIR}/precompiled.h)

# Under ASan every test recycles its image buffers (sanitizer/mat_pool.cpp says why) and
# keeps shadow pages (test_main.cpp).
if(PUZZLESAT_SANITIZE)
  target_sources(puzzlesat_test_main PRIVATE ${CMAKE_CURRENT_LIST_DIR}/sanitizer/mat_pool.cpp)
  target_compile_definitions(puzzlesat_test_main PRIVATE PUZZLESAT_SANITIZER_TESTS)
  target_link_libraries(puzzlesat_test_main PUBLIC OpenCV::opencv)
endif()


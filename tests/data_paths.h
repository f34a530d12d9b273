// Where tests find the labelled data beside the checkout, and how they skip without it.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <iostream>
#include <string>

namespace puzzlesat::testing {

inline std::filesystem::path shared_data() { return PUZZLESAT_SHARED_DATA; }
inline std::filesystem::path repo_root() { return PUZZLESAT_SOURCE_DIR; }
// A file of demo/, the inputs the repository ships.
inline std::string demo_file(const std::string& name) { return (repo_root() / "demo" / name).string(); }

// The whole content of a file ("" when it cannot be read; tests then fail on the content).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace puzzlesat::testing

// Ends the current test case as skipped (ctest reports it so) when `dir` under
// ../shared/data is missing, as it is in a user's fresh clone.
#define PUZZLESAT_REQUIRE_SHARED_DATA(dir)                                               \
  do {                                                                                    \
    if (!std::filesystem::exists(::puzzlesat::testing::shared_data() / (dir))) {          \
      std::cout << "SKIPPED: " << (::puzzlesat::testing::shared_data() / (dir)).string()  \
                << " is absent\n";                                                        \
      return;                                                                             \
    }                                                                                     \
  } while (0)

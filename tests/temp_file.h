// TempFile: a temporary file holding given bytes, removed at the end of the scope, for
// tests that hand files to the CLI.
#pragma once

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace puzzlesat::testing {

class TempFile {
 public:
  explicit TempFile(const std::string& bytes) {
    std::string templ = (std::filesystem::temp_directory_path() / "puzzlesat-test-XXXXXX").string();
    int fd = mkstemp(templ.data());
    REQUIRE(fd >= 0);
    close(fd);
    path_ = templ;
    std::ofstream(path_, std::ios::binary) << bytes;
  }
  ~TempFile() { std::filesystem::remove(path_); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace puzzlesat::testing

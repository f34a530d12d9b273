// TempFile: a temporary file holding given bytes, and TempDir: a temporary folder, both
// removed at the end of the scope, for tests that hand files (or fake solvers) to the code.
#pragma once

#include <catch2/catch.hpp>

#include <sys/stat.h>
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

class TempDir {
 public:
  TempDir() {
    std::string templ = (std::filesystem::temp_directory_path() / "puzzlesat-test-XXXXXX").string();
    REQUIRE(mkdtemp(templ.data()));
    path_ = templ;
  }
  ~TempDir() {
    std::error_code ec;
    // A test may have taken its own permissions away to provoke an error.
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // A file of the folder holding `bytes`; returns its path.
  std::string write(const std::string& name, const std::string& bytes) const {
    std::string p = file(name);
    std::ofstream(p, std::ios::binary) << bytes;
    return p;
  }
  // An executable shell script (a fake solver, say) with this body; returns its path.
  std::string script(const std::string& name, const std::string& body) const {
    std::string p = write(name, "#!/bin/sh\n" + body);
    chmod(p.c_str(), 0700);
    return p;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace puzzlesat::testing

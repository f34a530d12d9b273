#include <puzzlesat/file_io.h>

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include <puzzlesat/input_error.h>

#include "tests/temp_file.h"

using namespace puzzlesat;
using puzzlesat::testing::TempDir;
namespace fs = std::filesystem;

namespace {

std::string refusal(const fs::path& path, std::uint64_t max_bytes = UINT64_MAX) {
  try {
    read_regular_file(path.string(), max_bytes);
  } catch (const InputError& e) {
    CHECK(e.where().file == path.string());
    return e.message();
  }
  return "";
}

}  // namespace

// Issue #15 item 7: `set photo FIFO` waited forever for a writer.
TEST_CASE("read_regular_file refuses FIFOs, devices and directories without blocking", "[common][file_io]") {
  TempDir dir;
  REQUIRE(mkfifo((dir.path() / "fifo").c_str(), 0600) == 0);
  const auto start = std::chrono::steady_clock::now();
  CHECK(refusal(dir.path() / "fifo") == "not a regular file (a FIFO, device or socket)");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  CHECK(refusal("/dev/zero") == "not a regular file (a FIFO, device or socket)");
  CHECK(refusal(dir.path()) == "is a directory, not a file");
  CHECK(refusal(dir.path() / "missing") == "no such file");
  std::ofstream(dir.path() / "file") << "x";
  CHECK(refusal(dir.path() / "file" / "below") == "a folder on the path is a file");
  std::ofstream(dir.path() / "text") << "hello\n";
  CHECK(read_regular_file((dir.path() / "text").string()) == "hello\n");
  CHECK(refusal(dir.path() / "text", 3).find("over the") != std::string::npos);
}

TEST_CASE("write_file_atomically replaces the file whole and names the file on failure", "[common][file_io]") {
  TempDir dir;
  const fs::path file = dir.path() / "sub" / "save.json";
  write_file_atomically(file.string(), "first");
  write_file_atomically(file.string(), "second");
  CHECK(read_regular_file(file.string()) == "second");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(file.parent_path())) ++entries;
  CHECK(entries == 1);  // no temporary file left

  std::ofstream(dir.path() / "plain") << "x";
  CHECK_THROWS_AS(write_file_atomically((dir.path() / "plain" / "save.json").string(), "x"), InputError);
  CHECK_THROWS_AS(write_file_atomically(dir.path().string(), "x"), InputError);
  if (geteuid() != 0) {  // root writes anywhere
    fs::create_directory(dir.path() / "locked");
    fs::permissions(dir.path() / "locked", fs::perms::owner_read | fs::perms::owner_exec);
    CHECK_THROWS_AS(write_file_atomically((dir.path() / "locked" / "save.json").string(), "x"), InputError);
    fs::permissions(dir.path() / "locked", fs::perms::owner_all);
  }
}

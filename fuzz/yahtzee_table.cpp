// Yahtzee strategy table files (problems/yahtzee/table_file.h): any file either loads as
// the table of the rules asked for or is an InputError. A real table is 4-8 MB behind a
// checksum, far beyond what a fuzzer reaches, so the harness also checks, once, that a
// saved table loads back bit for bit.
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "fuzz/fuzz_support.h"
#include "problems/yahtzee/table_file.h"

using namespace puzzlesat;
using namespace puzzlesat::yahtzee;

namespace {

constexpr std::size_t kMaxInput = 4096;

std::string scratch_path(const char* what) {
  const char* dir = std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : P_tmpdir;
  return std::string(dir) + "/puzzlesat-fuzz-" + what + "-" + std::to_string(getpid()) + ".bin";
}

void check_save_load_once() {
  static bool done = false;
  if (done) return;
  done = true;
  const std::string path = scratch_path("saved");
  Table table(RuleSet::official);
  for (std::size_t i = 0; i < table.data().size(); ++i) table.data()[i] = static_cast<double>(i % 977) / 7.0;
  save_table(table, path);
  const Table loaded = load_table(path, RuleSet::official);
  FUZZ_CHECK(std::memcmp(loaded.data().data(), table.data().data(), table.data().size() * sizeof(double)) == 0);
  std::filesystem::remove(path);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  check_save_load_once();
  static const struct Scratch {
    std::string path = scratch_path("input");
    ~Scratch() { std::filesystem::remove(path); }
  } scratch;
  const std::string& path = scratch.path;
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  for (const RuleSet rules : {RuleSet::simple, RuleSet::official, RuleSet::official_forced}) {
    fuzz::expect_input_error([&] {
      const Table table = load_table(path, rules);
      FUZZ_CHECK(table.rules() == rules);
    });
  }
  return 0;
}

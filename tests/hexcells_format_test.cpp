// The Hexcells formats on every real level file: each reads, and its canonical text
// reads back to the same board; the corpus facts the readers rely on hold.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "problems/hexcells/format.h"
#include "tests/data_paths.h"

namespace puzzlesat::hexcells {
namespace fs = std::filesystem;
using puzzlesat::testing::slurp;


TEST_CASE("every corpus level round-trips through the canonical level and state texts", "[hexcells][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("hexcells/levels");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(puzzlesat::testing::shared_data() / "hexcells/levels")) {
    if (entry.path().extension() != ".hexcells") continue;
    ++files;
    INFO(entry.path().filename().string());
    Board b = read_board(slurp(entry.path()), entry.path().string());
    CHECK(b.colours_known());
    std::string canonical = write_level(b);
    Board again = read_board(canonical);
    CHECK(again == b);
    CHECK(write_level(again) == canonical);
    CHECK(read_board(write_state(b)) == b);
    Board visible = visible_state(b);
    CHECK(read_board(write_state(visible)) == visible);
    CHECK(b.title.find("&#") == std::string::npos);
  }
  CHECK(files > 300);
}

}  // namespace puzzlesat::hexcells

// The SET card lists in ../shared/data parse with the board reader (real labels, written
// by other people, are the best test of the card text format).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "problems/set/board.h"
#include "tests/data_paths.h"

TEST_CASE("every labelled SET table's card list parses as a board", "[set][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("set/tables");
  int files = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(puzzlesat::testing::shared_data() / "set/tables")) {
    std::string name = entry.path().filename().string();
    if (!name.ends_with(".cards.txt")) continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    INFO(name);
    auto cards = puzzlesat::set::parse_board(text.str(), name);
    CHECK(cards.size() <= 81);
    ++files;
  }
  CHECK(files > 0);
}

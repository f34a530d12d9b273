#include "problems/set/board.h"

#include <catch2/catch.hpp>

#include <puzzlesat/input_error.h>
#include "problems/set/card_text.h"

using namespace puzzlesat;
using namespace puzzlesat::set;

TEST_CASE("a board file allows comments, blank lines, words and codes", "[set]") {
  auto cards = parse_board(
      "# a table\n"
      "\n"
      "two red striped diamonds   # first\n"
      "  1pso\r\n"
      "3 GREEN solid squiggle\n",
      "t.txt");
  REQUIRE(cards.size() == 3);
  CHECK(to_string(cards[0]) == "two red striped diamonds");
  CHECK(to_string(cards[1]) == "one purple solid oval");
  CHECK(to_string(cards[2]) == "three green solid squiggles");
  CHECK(parse_board("", "empty.txt").empty());
}

namespace {
InputError board_error(std::string_view text) {
  try {
    parse_board(text, "b.txt");
  } catch (const InputError& e) {
    return e;
  }
  FAIL("board parsed without error");
  return InputError("");
}
}  // namespace

TEST_CASE("board errors name the file, line and word", "[set]") {
  auto e = board_error("# x\n1pso\ntwo red stripy diamonds\n");
  CHECK(e.where().file == "b.txt");
  CHECK(e.where().line == 3);
  CHECK(e.where().column == 9);
  CHECK(std::string(e.what()).find("b.txt:3:9:") == 0);
  CHECK(e.message().find("'stripy'") != std::string::npos);

  e = board_error("1pso\n2rtd\none purple solid ovals\n");
  CHECK(e.where().line == 3);
  CHECK(e.message().find("twice") != std::string::npos);
  CHECK(e.message().find("line 1") != std::string::npos);

  e = board_error("1pso 2rtd\n");
  CHECK(e.where().line == 1);
  CHECK(e.message().find("'2rtd'") != std::string::npos);
}

TEST_CASE("cards from arguments: quoted, unquoted and codes", "[set]") {
  auto cards = parse_card_arguments({"two", "red", "striped", "diamonds", "1pso",
                                     "three green open ovals"});
  REQUIRE(cards.size() == 3);
  CHECK(to_code(cards[2]) == "3goo");
  CHECK_THROWS_AS(parse_card_arguments({"1pso", "1PSO"}), InputError);
  CHECK_THROWS_AS(parse_card_arguments({"two", "red"}), InputError);
}

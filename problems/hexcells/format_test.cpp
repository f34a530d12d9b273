#include "problems/hexcells/format.h"

#include <catch2/catch.hpp>

#include <puzzlesat/input_error.h>
#include "problems/hexcells/test_levels.h"

using namespace puzzlesat::hexcells;
using puzzlesat::InputError;
using puzzlesat::hexcells::testing::level_text;

namespace {

const std::map<Pos, std::string> kSmall = {
    {{5, 5}, "Oc"}, {{5, 3}, "x."}, {{6, 4}, "x+"}, {{6, 6}, "o."}, {{4, 6}, "O."},
    {{5, 9}, "X+"}, {{5, 7}, "oc"}, {{5, 0}, "|+"}, {{3, 1}, "\\c"}, {{9, 0}, "/+"}};

// The error a reader throws on text, as "line:column".
std::string error_at(const std::string& text) {
  try {
    read_board(text, "f");
  } catch (const InputError& e) {
    return std::to_string(e.where().line) + ":" + std::to_string(e.where().column);
  }
  return "no error";
}

std::string replace_line(const std::string& text, int line, const std::string& with) {
  std::string out;
  int n = 1;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    std::string l = text.substr(start, end - start);
    out += (n == line ? with : l) + "\n";
    ++n;
    start = end + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("a level reads, writes canonically and reads back to the same board", "[hexcells][format]") {
  std::string text = level_text(kSmall);
  Board b = read_board(text);
  CHECK(write_level(b) == text);  // level_text writes the canonical form
  CHECK(read_board(write_level(b)) == b);
  CHECK(b.at({5, 5}).mark == Mark::together);
  CHECK(b.at({5, 7}).revealed == false);
  CHECK(b.at({9, 0}).kind == Kind::line_down_left);
}

TEST_CASE("real-file quirks are forgiven", "[hexcells][format]") {
  std::string text = level_text(kSmall);
  Board b = read_board(text);
  SECTION("indentation, CRLF, missing final newline and an extra all-dot row") {
    std::string messy;
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      messy += "    " + text.substr(start, end - start) + " \t\r\n";
      start = end + 1;
    }
    messy += std::string(66, '.');  // 34th row, no newline
    CHECK(read_board(messy) == b);
  }
  SECTION("HTML entities in the text lines are decoded, and survive a round trip") {
    std::string t = replace_line(text, 2, "3&#39;s &quot;Company&quot; &amp; &#x41;&#8364;");
    Board e = read_board(t);
    CHECK(e.title == "3's \"Company\" & A\xE2\x82\xAC");
    CHECK(read_board(write_level(e)) == e);
    Board tricky = b;
    tricky.title = "a &amp; b";  // literal text that looks like an entity
    CHECK(read_board(write_level(tricky)).title == "a &amp; b");
  }
  SECTION("cells on both lattice parities") {
    auto tiles = kSmall;
    tiles[{20, 20}] = "o+";
    tiles[{20, 21}] = "x.";
    CHECK(read_board(level_text(tiles)).at({20, 20}).number == 0);  // (20,21) is not a neighbour
  }
}

TEST_CASE("malformed levels are errors naming line and column", "[hexcells][format]") {
  std::string text = level_text(kSmall);
  CHECK(error_at("Hexcells level v2\n") == "1:1");
  CHECK(error_at("") == "1:1");
  // Row 1 of the grid is line 6; the bad character is in group 3 (columns 5-6).
  std::string bad_char = replace_line(text, 6, "....q." + std::string(60, '.'));
  CHECK(error_at(bad_char) == "6:5");
  std::string bad_mark = replace_line(text, 6, "....o?" + std::string(60, '.'));
  CHECK(error_at(bad_mark) == "6:6");
  std::string short_row = replace_line(text, 7, std::string(64, '.'));
  CHECK(error_at(short_row) == "7:65");
  std::string long_row = replace_line(text, 7, "  " + std::string(68, '.'));
  CHECK(error_at(long_row) == "7:69");
  CHECK(error_at(text.substr(0, text.size() - 67)) == "38:1");  // 32 rows only
  CHECK(error_at(text + "remaining 3\n") == "39:1");            // trailer only in states
  CHECK(error_at(replace_line(text, 6, "..?." + std::string(62, '.'))) == "6:3");
  CHECK(error_at(replace_line(text, 6, "..xc" + std::string(62, '.'))) == "6:4");
  // A -n- whose counted cells (here none) are contiguous in the file's own solution.
  CHECK(error_at(replace_line(text, 6, "..|n" + std::string(62, '.'))) == "6:4");
}

TEST_CASE("a state keeps unknown colours and explicit numbers", "[hexcells][format]") {
  Board level = read_board(level_text(kSmall));
  Board state = visible_state(level);
  CHECK_FALSE(state.colours_known());
  CHECK(state.at({5, 3}).color == Color::unknown);
  CHECK(state.remaining == 2);  // hidden x at (5,3) and (6,4)
  std::string text = write_state(state);
  CHECK(text.rfind("Hexcells state v1\n", 0) == 0);
  CHECK(text.find("remaining 2\n") != std::string::npos);
  CHECK(text.find("number 5 5 2\n") != std::string::npos);
  Board back = read_board(text);
  CHECK(back == state);
  CHECK(write_state(back) == text);
  // A state written with its solution reads back to the same board too.
  CHECK(read_board(write_state(level)) == level);
}

TEST_CASE("bad states are errors naming line and column", "[hexcells][format]") {
  Board state = visible_state(read_board(level_text(kSmall)));
  std::string text = write_state(state);
  // The trailer starts at line 39: remaining, then numbers in reading order.
  auto drop = [&](const std::string& line) {
    std::string t = text;
    t.erase(t.find(line), line.size());
    return t;
  };
  CHECK(error_at(drop("remaining 2\n")) != "no error");
  CHECK(error_at(drop("number 5 5 2\n")) != "no error");
  CHECK(error_at(text + "number 5 5 2\n") != "no error");          // twice
  CHECK(error_at(text + "number 1 1 2\n") != "no error");          // no hint there
  CHECK(error_at(text + "numbr 5 5 2\n") == std::to_string(39 + 6) + ":1");
  std::string big = text;
  big.replace(big.find("number 5 5 2"), 12, "number 5 5 7");  // a ring has at most 6
  CHECK(error_at(big) == "43:12");
  std::string too_many = text;
  too_many.replace(too_many.find("remaining 2"), 11, "remaining 9");
  CHECK(error_at(too_many) == "39:1");
}

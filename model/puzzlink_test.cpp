#include <puzzlesat/input_error.h>
#include <puzzlesat/puzzlink.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <random>
#include <sstream>

#include "tests/data_paths.h"

using namespace puzzlesat;
using namespace puzzlesat::puzzlink;

namespace {

int error_column(const std::string& url) {
  try {
    parse_url(url);
  } catch (const InputError& e) {
    return e.where().column;
  }
  return -1;
}

int decode_error_column(const std::string& url, std::size_t cells) {
  const Url u = parse_url(url);
  std::size_t pos = 0;
  try {
    decode_number16(u.body, pos, cells, u.body_column);
  } catch (const InputError& e) {
    return e.where().column;
  }
  return -1;
}

}  // namespace

TEST_CASE("puzz.link URLs split into genre, flags, size and body", "[puzzlink]") {
  const Url a = parse_url("https://puzz.link/p?mines/5/4/g2m13");
  CHECK(a.genre == "mines");
  CHECK(a.flags.empty());
  CHECK(a.cols == 5);
  CHECK(a.rows == 4);
  CHECK(a.body == "g2m13");
  CHECK(std::string("https://puzz.link/p?mines/5/4/g2m13").substr(a.body_column) == "g2m13");
  CHECK(to_string(a) == "https://puzz.link/p?mines/5/4/g2m13");

  const Url b = parse_url("http://pzv.jp/p.html?sudoku/d/9/9/1g2#anchor");
  CHECK(b.genre == "sudoku");
  CHECK(b.flags == std::vector<std::string>{"d"});
  CHECK(b.body == "1g2");
  CHECK(to_string(b) == "https://puzz.link/p?sudoku/d/9/9/1g2");

  const Url c = parse_url("p?nurikabe/6/6");  // no body: every cell empty
  CHECK(c.cols == 6);
  CHECK(c.rows == 6);
  CHECK(c.body.empty());
  CHECK(looks_like_url("https://puzz.link/p?x/1/1"));
  CHECK(looks_like_url("p?x/1/1"));
  CHECK_FALSE(looks_like_url("board.txt"));
}

TEST_CASE("bad puzz.link URLs name the column of the fault", "[puzzlink]") {
  CHECK(error_column("https://puzz.link/mines/5/5") == 1);  // no '?'
  CHECK(error_column("https://puzz.link/p?/5/5/g") == 21);  // no genre
  CHECK(error_column("https://puzz.link/p?mines") == 26);   // no size
  CHECK(error_column("https://puzz.link/p?mines/0/5/g") == 27);
  CHECK(error_column("https://puzz.link/p?mines/5/99999999999/g") == 29);
  CHECK(error_column("https://puzz.link/p?mines/5/1001/g") == 29);
  // number16 faults: a character it does not use, and a two-digit number cut short.
  CHECK(decode_error_column("p?mines/3/3/12Z", 9) == 15);
  CHECK(decode_error_column("p?mines/3/3/12-1", 9) == 17);
  CHECK(decode_error_column("p?mines/3/3/1-x1", 9) == 15);
}

TEST_CASE("number16 reads what pzprjs writes, and writes it back", "[puzzlink]") {
  std::size_t pos = 0;
  CHECK(decode_number16("1g2h", pos, 6) == std::vector<int>{1, -1, 2, -1, -1, -1});
  CHECK(pos == 4);
  pos = 0;
  // -xx two hex digits, +xxx three, =xxx 4096 more, %xxx 8192 more, '.' a question mark.
  CHECK(decode_number16("-1f+100=001%00a.", pos, 6) == std::vector<int>{31, 256, 4097, 8202, -2, -1});
  pos = 0;
  // Reading stops once every cell has a value; the rest belongs to what follows.
  CHECK(decode_number16("123/rest", pos, 3) == std::vector<int>{1, 2, 3});
  CHECK(pos == 3);

  // Round trip over random boards, mostly empty as real puzzles are, including long runs
  // of empty cells (a letter covers at most twenty) and every number width.
  std::mt19937 rng(7);
  for (int round = 0; round < 500; ++round) {
    const std::size_t n = 1 + rng() % 120;
    std::vector<int> values(n, -1);
    for (int& v : values) {
      const unsigned kind = rng() % 10;
      if (kind < 6) continue;
      if (kind == 6) v = -2;
      else if (kind == 7) v = static_cast<int>(rng() % 16);
      else if (kind == 8) v = static_cast<int>(rng() % 4096);
      else v = static_cast<int>(rng() % 12288);
    }
    const std::string text = encode_number16(values);
    pos = 0;
    INFO(text);
    CHECK(decode_number16(text, pos, n) == values);
    CHECK(pos == text.size());
  }
  CHECK_THROWS_AS(encode_number16(std::vector<int>{12288}), std::invalid_argument);
  CHECK_THROWS_AS(encode_number16(std::vector<int>{-3}), std::invalid_argument);
}

TEST_CASE("number16 decodes the clues of pzprjs's own answer boards", "[puzzlink][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("puzzles/pzprjs/answers.jsonl");
  std::ifstream in(testing::shared_data() / "puzzles/pzprjs/answers.jsonl");
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    const auto record = nlohmann::json::parse(line);
    const std::string genre = record["genre"];
    if (!record["primary"].get<bool>() || (genre != "mines" && genre != "nurikabe" && genre != "sudoku")) continue;
    const Url url = parse_url(record["url"].get<std::string>());
    REQUIRE(url.genre == genre);
    std::size_t pos = 0;
    const std::size_t cells = static_cast<std::size_t>(url.cols) * static_cast<std::size_t>(url.rows);
    const std::vector<int> clues = decode_number16(url.body, pos, cells, url.body_column);
    // pzprv3/<genre>/<rows>[/<cols>]/ then the board one row a line: a number is a clue
    // (nurikabe mixes its answer marks into the same lines, but they are not numbers).
    std::istringstream board(record["solution_pzprv3"].get<std::string>());
    std::vector<std::string> parts;
    for (std::string p; std::getline(board, p, '/');) parts.push_back(p);
    const std::size_t first_row = genre == "sudoku" ? 3 : 4;
    REQUIRE(parts.size() >= first_row + static_cast<std::size_t>(url.rows));
    std::vector<int> expected;
    for (int r = 0; r < url.rows; ++r) {
      std::istringstream tokens(parts[first_row + static_cast<std::size_t>(r)]);
      for (std::string t; tokens >> t;) expected.push_back(std::isdigit(static_cast<unsigned char>(t[0])) ? std::stoi(t) : -1);
    }
    INFO(record["url"]);
    CHECK(clues == expected);
    CHECK(encode_number16(clues) == url.body);  // pzprjs writes what we write
    ++checked;
  }
  CHECK(checked == 3);
}

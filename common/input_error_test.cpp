#include <puzzlesat/input_error.h>

#include <catch2/catch.hpp>

using puzzlesat::InputError;

TEST_CASE("InputError names file, line and column when known", "[common]") {
  InputError full("bad token 'x'", {"board.txt", 3, 7});
  CHECK(std::string(full.what()) == "board.txt:3:7: bad token 'x'");
  CHECK(full.message() == "bad token 'x'");
  CHECK(full.where().line == 3);

  CHECK(std::string(InputError("no cards", {"a.jpg"}).what()) == "a.jpg: no cards");
  CHECK(std::string(InputError("dice out of range").what()) == "dice out of range");
  CHECK(std::string(InputError("x", {"f", 2, 0}).what()) == "f:2: x");
}

TEST_CASE("quote_token keeps error messages short and printable", "[common]") {
  using puzzlesat::quote_token;
  CHECK(quote_token("x1") == "'x1'");
  CHECK(quote_token("") == "''");
  CHECK(quote_token(std::string("a\0\x01\xff", 4)) == "'a\?\?\?'");
  CHECK(quote_token(std::string(30, '7')) == "'" + std::string(24, '7') + "...'");
}

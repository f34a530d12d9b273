#include <puzzlesat/utf8.h>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using puzzlesat::valid_utf8;

TEST_CASE("valid_utf8 keeps UTF-8 and replaces each invalid byte with U+FFFD", "[common][utf8]") {
  const std::string fffd = "\xEF\xBF\xBD";
  CHECK(valid_utf8("plain") == "plain");
  CHECK(valid_utf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x8E\xB2") == "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x8E\xB2");
  CHECK(valid_utf8("caf\xE9") == "caf" + fffd);
  CHECK(valid_utf8("\xFF\xFE") == fffd + fffd);
  CHECK(valid_utf8("\xC0\xAF") == fffd + fffd);              // overlong '/'
  CHECK(valid_utf8("\xED\xA0\x80") == fffd + fffd + fffd);   // a surrogate
  CHECK(valid_utf8("\xF4\x90\x80\x80") == fffd + fffd + fffd + fffd);  // above U+10FFFF
  CHECK(valid_utf8("\xE2\x82") == fffd + fffd);              // cut short
  CHECK(valid_utf8(std::string("a\0b", 3)) == std::string("a\0b", 3));
  // Every byte string comes out as something JSON can write (nlohmann throws otherwise).
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; b += 7) {
      std::string s = {char(a), char(b), char(0xE2), char(a)};
      CHECK_NOTHROW(nlohmann::json(valid_utf8(s)).dump());
    }
  }
}

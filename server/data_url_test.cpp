#include <catch2/catch.hpp>

#include <random>

#include "server/data_url.h"

using namespace puzzlesat::server;

TEST_CASE("base64 matches the RFC 4648 test vectors", "[server]") {
  const std::pair<const char*, const char*> vectors[] = {{"", ""},         {"f", "Zg=="},         {"fo", "Zm8="},
                                                         {"foo", "Zm9v"},  {"foob", "Zm9vYg=="},  {"fooba", "Zm9vYmE="},
                                                         {"foobar", "Zm9vYmFy"}};
  for (auto [plain, coded] : vectors) {
    CHECK(base64(plain) == coded);
    CHECK(base64_decode(coded) == std::optional<std::string>(plain));
  }
  CHECK(data_url("text/plain", "foo") == "data:text/plain;base64,Zm9v");
}

TEST_CASE("base64 round-trips random bytes and refuses what is not base64", "[server]") {
  std::mt19937 rng(7);
  for (int n = 0; n < 200; ++n) {
    std::string bytes(std::size_t(rng() % 50), '\0');
    for (char& c : bytes) c = char(rng());
    CHECK(base64_decode(base64(bytes)) == bytes);
  }
  CHECK_FALSE(base64_decode("Zm9v!"));
  CHECK_FALSE(base64_decode("Zg==Zg"));
  CHECK_FALSE(base64_decode("Z"));
}

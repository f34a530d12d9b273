#include <puzzlesat/drat_proof.h>

#include <catch2/catch.hpp>

#include <string>

#include <puzzlesat/input_error.h>

using namespace puzzlesat::sat;

TEST_CASE("parse_drat reads text steps, deletions and comments with their lines", "[sat][drat]") {
  DratProof p = parse_drat("c a comment\n1 -2 0\nd 3\n 4 0\n  c indented comment\n0\n", "p.drat");
  CHECK_FALSE(p.binary);
  REQUIRE(p.steps.size() == 3);
  CHECK_FALSE(p.steps[0].deletion);
  CHECK(p.steps[0].line == 2);
  CHECK(std::vector<int>(p.clause(p.steps[0]).begin(), p.clause(p.steps[0]).end()) == std::vector<int>{1, -2});
  CHECK(p.steps[1].deletion);
  CHECK(p.steps[1].line == 3);
  CHECK(std::vector<int>(p.clause(p.steps[1]).begin(), p.clause(p.steps[1]).end()) == std::vector<int>{3, 4});
  CHECK(p.steps[2].size == 0);
  CHECK(p.steps[2].line == 6);
  CHECK(parse_drat("", "p").steps.empty());
}

TEST_CASE("parse_drat reads the binary encoding", "[sat][drat]") {
  // a 1 -2 0, d 100 0, a 0: 1 -> 2, -2 -> 5, 100 -> 200 = 0xc8 0x01.
  std::string bytes = std::string("a\x02\x05", 3) + '\0' + "d\xc8\x01" + '\0' + "a" + '\0';
  CHECK(is_binary_drat(bytes));
  DratProof p = parse_drat(bytes);
  CHECK(p.binary);
  REQUIRE(p.steps.size() == 3);
  CHECK(std::vector<int>(p.clause(p.steps[0]).begin(), p.clause(p.steps[0]).end()) == std::vector<int>{1, -2});
  CHECK(p.steps[1].deletion);
  CHECK(std::vector<int>(p.clause(p.steps[1]).begin(), p.clause(p.steps[1]).end()) == std::vector<int>{100});
  CHECK(p.steps[2].size == 0);
  CHECK(p.steps[2].line == 3);
  // A deletion first with a small literal is still binary (0x02 is no text character).
  CHECK(is_binary_drat(std::string("d\x02", 2) + '\0'));
  CHECK_FALSE(is_binary_drat("d 1 2 0\n"));
  CHECK_FALSE(is_binary_drat("-1 2 0\n"));
}

TEST_CASE("parse_drat rejects malformed proofs naming line and token", "[sat][drat]") {
  struct Case {
    std::string text, error;
  };
  const std::vector<Case> cases = {
      {"1 2 0\n1 x 0\n", "p.drat:2:3: 'x' is not an integer"},
      {"1 -0\n", "p.drat:1:3: '-0' is not a literal"},
      {"1 2 0\n3 99999999999 0\n", "p.drat:2:3: integer '99999999999' is out of range"},
      {"1 2 0\n3 4\n", "p.drat:2:4: missing final 0 after the last step"},
      {"1 d 2 0\n", "p.drat:1:3: 'd' inside a clause"},
      {"d 0\n", "p.drat:1:1: 'd 0' deletes no clause"},
      {"1 c 0\n", "p.drat:1:3: 'c' is not an integer"},
      {std::string("a\x02", 2), "p.drat: binary proof step 1 at byte 0: the proof ends inside a step"},
      {std::string("a\x02", 2) + '\0' + "x", "p.drat: binary proof step 2 at byte 3: unknown marker byte 0x78"},
      {std::string("a\x01", 2) + '\0', "p.drat: binary proof step 1 at byte 1: literal code 1 is not"},
      {std::string("a\xff\xff\xff\xff\xff\x01", 7) + '\0', "p.drat: binary proof step 1 at byte 6: a literal longer"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    try {
      parse_drat(c.text, "p.drat");
      FAIL("no error");
    } catch (const puzzlesat::InputError& e) {
      CHECK_THAT(e.what(), Catch::StartsWith(c.error));
    }
  }
}

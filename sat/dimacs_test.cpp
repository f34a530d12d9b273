#include <puzzlesat/dimacs.h>

#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include <puzzlesat/input_error.h>
#include "sat/generators.h"
#include "tests/dimacs_text.h"

using namespace puzzlesat::sat;
using puzzlesat::testing::dimacs_text;
using puzzlesat::InputError;

namespace {

std::vector<std::vector<int>> clauses_of(const Cnf& cnf) {
  std::vector<std::vector<int>> out;
  for (auto clause : cnf.clauses()) {
    std::vector<int> c;
    for (Lit l : clause) c.push_back(l.to_dimacs());
    out.push_back(c);
  }
  return out;
}

// The error the reader raises for `text`, checked to carry the file name and position.
InputError rejection(const std::string& text) {
  try {
    read_dimacs(text, "bad.cnf");
  } catch (const InputError& e) {
    return e;
  }
  FAIL("accepted: " << text);
  throw std::logic_error("unreachable");
}

void check_rejected(const std::string& text, int line, int column, const std::string& message_part) {
  INFO("input: " << text);
  InputError e = rejection(text);
  CHECK(e.where().file == "bad.cnf");
  CHECK(e.where().line == line);
  CHECK(e.where().column == column);
  CHECK_THAT(e.message(), Catch::Contains(message_part));
  CHECK_THAT(std::string(e.what()),
             Catch::StartsWith("bad.cnf:" + std::to_string(line) + ":" + std::to_string(column) + ": "));
}

}  // namespace

TEST_CASE("DIMACS writer: header, names, comments, clauses", "[sat][dimacs]") {
  Cnf cnf;
  Lit a = cnf.new_lit("card[3]"), b = cnf.new_lit(), c = cnf.new_lit("cell(4,7)");
  cnf.add_comment("at least one");
  cnf.add_clause({a, ~b, c});
  cnf.add_clause({~c});
  cnf.add_comment("trailing\nnote");
  CHECK(dimacs_text(cnf) ==
        "p cnf 3 2\n"
        "c var 1 card[3]\n"
        "c var 3 cell(4,7)\n"
        "c at least one\n"
        "1 -2 3 0\n"
        "-3 0\n"
        "c trailing note\n");
}

TEST_CASE("DIMACS round trip keeps clauses, names and comments", "[sat][dimacs]") {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 50; ++round) {
    Cnf cnf = random_ksat(rng, 1 + round, 3 * round, 1 + round % 4);
    for (int v = 1; v <= cnf.num_vars(); v += 3) cnf.set_name(Var(v), "x[" + std::to_string(v) + "] y");
    cnf.add_comment("round " + std::to_string(round));
    cnf.add_clause({});  // the empty clause is legal DIMACS ("0")
    std::string text = dimacs_text(cnf);
    Cnf back = read_dimacs(text, "rt.cnf");
    CHECK(back.num_vars() == cnf.num_vars());
    CHECK(clauses_of(back) == clauses_of(cnf));
    CHECK(back.name(Var(1)) == "x[1] y");
    CHECK(back.comments() == cnf.comments());
    CHECK(dimacs_text(back) == text);
  }
}

TEST_CASE("DIMACS reader accepts comments anywhere, spanning clauses and CRLF", "[sat][dimacs]") {
  Cnf cnf = read_dimacs(
      "c leading comment\r\n"
      "p  cnf 4\t3\r\n"
      "1 -2\r\n"
      "c inside a clause\r\n"
      "  3 0 -4\n"
      "\n"
      "0 4 0",
      "ok.cnf");
  CHECK(cnf.num_vars() == 4);
  CHECK(clauses_of(cnf) == std::vector<std::vector<int>>{{1, -2, 3}, {-4}, {4}});
  CHECK(cnf.comments().size() == 2);
  CHECK(cnf.comments()[0].second == "leading comment");
  CHECK(cnf.comments()[1].second == "inside a clause");

  Cnf empty = read_dimacs("p cnf 0 0\n", "empty.cnf");
  CHECK(empty.num_vars() == 0);
  CHECK(empty.num_clauses() == 0);
}

TEST_CASE("DIMACS reader rejects each malformed case with its position", "[sat][dimacs]") {
  // Missing header: before the first clause, or none at all.
  check_rejected("c no header\n1 2 0\n", 2, 1, "missing 'p cnf' header");
  check_rejected("", 1, 1, "missing 'p cnf' header");
  // Duplicate header, also after clauses.
  check_rejected("p cnf 2 1\np cnf 2 1\n1 0\n", 2, 1, "duplicate 'p cnf' header");
  check_rejected("p cnf 2 2\n1 0\n p cnf 2 1\n", 3, 2, "duplicate 'p cnf' header (the first is on line 1)");
  // Malformed headers.
  check_rejected("p dnf 2 1\n", 1, 3, "expected 'p cnf");
  check_rejected("p cnf 2\n", 1, 7, "missing counts");
  check_rejected("p cnf 2 1 9\n1 0\n", 1, 11, "unexpected '9'");
  check_rejected("p cnf x 1\n", 1, 7, "'x' is not an integer");
  check_rejected("p cnf -3 1\n", 1, 7, "negative variable count");
  check_rejected("p cnf 999999999 1\n", 1, 7, "exceeds the supported maximum");
  // A literal above the declared count.
  check_rejected("p cnf 3 1\n1 -4 0\n", 2, 3, "literal -4 exceeds the declared variable count 3");
  // Missing final 0 (reported just after the last literal).
  check_rejected("p cnf 3 2\n1 2 0\n3 -1\n", 3, 5, "missing final 0");
  // Clause count mismatch, both ways.
  check_rejected("p cnf 3 1\n1 0\n2 3 0\n", 3, 1, "more clauses than the 1 declared");
  check_rejected("p cnf 3 3\n1 0\n2 0\n", 1, 1, "declares 3 clauses but the file has 2");
  // Non-integer tokens.
  check_rejected("p cnf 3 1\n1 x2 0\n", 2, 3, "'x2' is not an integer");
  check_rejected("p cnf 3 1\n1 +2 0\n", 2, 3, "'+2' is not an integer");
  check_rejected("p cnf 3 1\n1 2.0 0\n", 2, 3, "'2.0' is not an integer");
  check_rejected("p cnf 3 1\n%\n0\n", 2, 1, "'%' is not an integer");
  // Overflow, in a literal and in the header.
  check_rejected("p cnf 3 1\n1 99999999999999999999 0\n", 2, 3, "out of range");
  check_rejected("p cnf 3 1\n1 -2147483648 0\n", 2, 3, "out of range");
  check_rejected("p cnf 3 4294967296\n", 1, 9, "out of range");
  // -0 is not a clause end.
  check_rejected("p cnf 3 1\n1 2 -0\n", 2, 5, "'-0' is not a literal");
  // CRLF does not shift columns.
  check_rejected("p cnf 3 1\r\n1 y 0\r\n", 2, 3, "'y' is not an integer");
}

// Issue #15 item 2: `p cnf 67108864 0` (18 bytes) took 5.5 GB.
TEST_CASE("DIMACS headers and clauses beyond the memory budget are refused", "[sat][dimacs]") {
  CHECK_THROWS_WITH(read_dimacs("p cnf 67108864 0\n", "huge.cnf"), Catch::Contains("over the memory budget of 2048 MB"));
  CHECK_THROWS_WITH(read_dimacs("p cnf 20000000 0\n", "big.cnf"), Catch::Contains("--max-memory"));
  CHECK_THROWS_WITH(read_dimacs("p cnf 10 30000000\n1 0\n", "many.cnf"), Catch::Contains("30000000 clauses"));
  // A larger budget admits what the default refuses; a smaller one refuses what fits.
  CHECK(read_dimacs("p cnf 20000000 0\n", "big.cnf", std::uint64_t{8} << 30).num_vars() == 20000000);
  CHECK(read_dimacs("p cnf 1000 0\n", "small.cnf", 1 << 20).num_vars() == 1000);
  CHECK_THROWS_AS(read_dimacs("p cnf 10000 0\n", "small.cnf", 1 << 20), puzzlesat::InputError);
  // The literals count as they are read: the header's counts fit, the clauses do not.
  std::string text = "p cnf 3 1\n";
  for (int i = 0; i < 100000; ++i) text += "1 ";
  text += "0\n";
  CHECK_THROWS_WITH(read_dimacs(text, "long.cnf", text.size() + 1000 + 4000), Catch::Contains("literals"));
  CHECK(read_dimacs(text, "long.cnf").num_clauses() == 1);
}

TEST_CASE("Byte sizes: 512M, 2G, plain bytes, anything else is 0", "[sat][dimacs]") {
  CHECK(parse_byte_size("2G") == std::uint64_t{2} << 30);
  CHECK(parse_byte_size("512M") == std::uint64_t{512} << 20);
  CHECK(parse_byte_size("100K") == 102400);
  CHECK(parse_byte_size("12345") == 12345);
  for (const char* bad : {"", "-1G", "1.5G", "G", "2X", "99999999999999999999", "20000000000T", "nan"}) {
    INFO(bad);
    CHECK(parse_byte_size(bad) == 0);
  }
}

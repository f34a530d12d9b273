#include "problems/set/card_text.h"

#include <catch2/catch.hpp>

#include <set>

using namespace puzzlesat;
using namespace puzzlesat::set;

TEST_CASE("canonical card text uses the plural shape above one", "[set]") {
  CHECK(to_string(Card{1, 0, 1, 0}) == "two red striped diamonds");
  CHECK(to_string(Card{0, 2, 2, 2}) == "one purple open oval");
  CHECK(to_string(Card{2, 1, 0, 1}) == "three green solid squiggles");
  CHECK(to_code(Card{1, 0, 1, 0}) == "2rtd");
  CHECK(to_code(Card{0, 2, 0, 2}) == "1pso");
}

TEST_CASE("every card's text and code parse back to the card, and all 81 differ", "[set]") {
  std::set<std::string> texts, codes;
  for (int i = 0; i < kDeckSize; ++i) {
    Card c = card_at(i);
    CHECK(parse_card(to_string(c)) == c);
    CHECK(parse_card(to_code(c)) == c);
    texts.insert(to_string(c));
    codes.insert(to_code(c));
  }
  CHECK(texts.size() == 81);
  CHECK(codes.size() == 81);
}

TEST_CASE("card text is case-insensitive, number as word or digit, shape singular or plural",
          "[set]") {
  Card two_red_striped_diamonds{1, 0, 1, 0};
  CHECK(parse_card("two red striped diamonds") == two_red_striped_diamonds);
  CHECK(parse_card("2 red striped diamond") == two_red_striped_diamonds);
  CHECK(parse_card("  TWO Red STRIPED Diamonds\r") == two_red_striped_diamonds);
  CHECK(parse_card("2RTD") == two_red_striped_diamonds);
  CHECK(parse_card("one purple open oval") == Card{0, 2, 2, 2});
  CHECK(parse_card("3 green solid squiggles") == Card{2, 1, 0, 1});
}

TEST_CASE("a stream holds several cards in words and codes mixed", "[set]") {
  auto cards = parse_cards("2rtd, one purple open oval 3gss");
  REQUIRE(cards.size() == 3);
  CHECK(cards[0] == Card{1, 0, 1, 0});
  CHECK(cards[1] == Card{0, 2, 2, 2});
  CHECK(cards[2] == Card{2, 1, 0, 1});
  CHECK(parse_cards("   ").empty());
}

namespace {
// The error's message and where it points, for a parse that must fail.
InputError error_of(std::string_view text) {
  try {
    parse_card(text, {"board.txt", 7, 1});
  } catch (const InputError& e) {
    return e;
  }
  FAIL("'" << text << "' parsed without error");
  return InputError("");
}
}  // namespace

TEST_CASE("a malformed card names the bad word and points at it", "[set]") {
  auto e = error_of("two blue striped diamonds");
  CHECK(e.message().find("color 'blue'") != std::string::npos);
  CHECK(e.where().file == "board.txt");
  CHECK(e.where().line == 7);
  CHECK(e.where().column == 5);

  e = error_of("four red striped diamonds");
  CHECK(e.message().find("number 'four'") != std::string::npos);
  CHECK(e.where().column == 1);

  e = error_of("two red striped circles");
  CHECK(e.message().find("shape 'circles'") != std::string::npos);
  CHECK(e.where().column == 17);

  e = error_of("two red solid diamondss");
  CHECK(e.message().find("'diamondss'") != std::string::npos);

  e = error_of("two red dotted oval");
  CHECK(e.message().find("shading 'dotted'") != std::string::npos);

  e = error_of("two red striped");
  CHECK(e.message().find("incomplete") != std::string::npos);
  CHECK(e.message().find("shape") != std::string::npos);

  e = error_of("2rxd");
  CHECK(e.message().find("'2rxd'") != std::string::npos);
  CHECK(e.message().find("shading") != std::string::npos);

  e = error_of("4rsd");
  CHECK(e.message().find("'4rsd'") != std::string::npos);

  e = error_of("2rtd 1pso");
  CHECK(e.message().find("'1pso'") != std::string::npos);
  CHECK(e.where().column == 6);

  e = error_of("");
  CHECK(e.message().find("expected a card") != std::string::npos);
}

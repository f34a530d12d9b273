// The text forms of a card: canonical words ("two red striped diamonds"), the 4-character
// compact code ("2rtd"), and parsing either, case-insensitively, with errors that name the
// bad word and its column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <puzzlesat/input_error.h>
#include "problems/set/card.h"

namespace puzzlesat::set {

// The attribute's name ("number", "color", "shading", "shape") and value words
// ("two", "red", "striped", "diamond": shape in the singular).
std::string_view attribute_name(int attribute);
std::string_view value_word(int attribute, int value);

// Canonical text: "two red striped diamonds", "one purple open oval" (plural shape when
// the number is above one).
std::string to_string(Card c);

// Compact code, 4 characters by position: number 1|2|3, color r|g|p, shading s|t|o
// (solid, sTriped, open), shape d|s|o (diamond, squiggle, oval). "2rtd" is two red
// striped diamonds, "1pso" one purple solid oval.
std::string to_code(Card c);

// Every card in text, read as a stream: each card is four words `number color shading
// shape` (number as a word or a digit, shape singular or plural) or one compact code;
// words are separated by whitespace or commas. `where` locates text's first character
// (line and column); an InputError names the bad word and points at its column.
std::vector<Card> parse_cards(std::string_view text, const SourceLocation& where = {});

// Exactly one card (throws when text holds none or more than one).
Card parse_card(std::string_view text, const SourceLocation& where = {});

}  // namespace puzzlesat::set

// Board files and card lists: the cards on the table as a user writes them, one card per
// line (words or compact code), `#` comments and blank lines allowed. A malformed card or
// a card listed twice is an InputError naming the file, line and word.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "problems/set/card.h"

namespace puzzlesat::set {

// The cards of a board file's text, in file order. `file` names it in errors ("-" for
// standard input).
std::vector<Card> parse_board(std::string_view text, const std::string& file);

// The cards given as command-line arguments, read as one stream of words, so
// `2rtd 1pso`, `"two red striped diamonds" "one purple open oval"` and the same words
// unquoted all work. Errors name "arguments" and the column in the joined text.
std::vector<Card> parse_card_arguments(const std::vector<std::string>& args);

// Throws an InputError naming the first card that appears twice.
void check_distinct(const std::vector<Card>& cards, const std::string& where);

}  // namespace puzzlesat::set

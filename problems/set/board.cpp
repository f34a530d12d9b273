#include "problems/set/board.h"

#include <array>

#include <fmt/format.h>

#include <puzzlesat/input_error.h>
#include "problems/set/card_text.h"

namespace puzzlesat::set {

std::vector<Card> parse_board(std::string_view text, const std::string& file) {
  std::vector<Card> cards;
  std::array<int, kDeckSize> first_line{};  // 0 = not seen yet
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    std::vector<Card> on_line = parse_cards(line, {file, line_no, 1});
    if (on_line.size() > 1) {
      // parse_card points at the word that starts the second card.
      parse_card(line, {file, line_no, 1});
    }
    if (on_line.size() == 1) {
      Card c = on_line[0];
      if (first_line[index(c)] != 0) {
        throw InputError(fmt::format("card '{}' is listed twice (first on line {})", to_string(c),
                                     first_line[index(c)]),
                         {file, line_no, 1});
      }
      first_line[index(c)] = line_no;
      cards.push_back(c);
    }
    pos = end + 1;
  }
  return cards;
}

std::vector<Card> parse_card_arguments(const std::vector<std::string>& args) {
  std::string joined;
  for (const std::string& a : args) {
    if (!joined.empty()) joined += ' ';
    joined += a;
  }
  std::vector<Card> cards = parse_cards(joined, {"arguments", 1, 1});
  check_distinct(cards, "arguments");
  return cards;
}

void check_distinct(const std::vector<Card>& cards, const std::string& where) {
  std::array<bool, kDeckSize> seen{};
  for (Card c : cards) {
    if (seen[index(c)]) {
      throw InputError(fmt::format("card '{}' is listed twice", to_string(c)), {where});
    }
    seen[index(c)] = true;
  }
}

}  // namespace puzzlesat::set

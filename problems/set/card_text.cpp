#include "problems/set/card_text.h"

#include <array>
#include <cctype>

#include <fmt/format.h>

namespace puzzlesat::set {

namespace {

constexpr std::array<std::string_view, kAttributes> kAttributeNames = {"number", "color",
                                                                      "shading", "shape"};
constexpr std::array<std::array<std::string_view, kValues>, kAttributes> kWords = {{
    {"one", "two", "three"},
    {"red", "green", "purple"},
    {"solid", "striped", "open"},
    {"diamond", "squiggle", "oval"},
}};
// Code letters by position; see to_code().
constexpr std::array<std::string_view, kAttributes> kCodeLetters = {"123", "rgp", "sto", "dso"};

struct Word {
  std::string lower;
  std::string_view original;
  int column;  // 1-based, relative to where.column
};

std::vector<Word> split_words(std::string_view text) {
  std::vector<Word> words;
  std::size_t i = 0;
  auto separator = [](char c) { return std::isspace(static_cast<unsigned char>(c)) || c == ','; };
  while (i < text.size()) {
    if (separator(text[i])) {
      ++i;
      continue;
    }
    std::size_t begin = i;
    while (i < text.size() && !separator(text[i])) ++i;
    Word w{std::string(text.substr(begin, i - begin)), text.substr(begin, i - begin),
           static_cast<int>(begin) + 1};
    for (char& c : w.lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    words.push_back(std::move(w));
  }
  return words;
}

SourceLocation at(const SourceLocation& where, const Word& w) {
  SourceLocation loc = where;
  if (loc.line > 0) loc.column = (where.column > 0 ? where.column : 1) + w.column - 1;
  return loc;
}

std::string expected_list(int attribute) {
  const auto& w = kWords[attribute];
  std::string list = fmt::format("{}, {} or {}", w[0], w[1], w[2]);
  if (attribute == kNumber) list += " (or 1, 2, 3)";
  return list;
}

// The value of `word` for `attribute`, or -1.
int value_of(int attribute, const std::string& word) {
  for (int v = 0; v < kValues; ++v) {
    std::string_view canonical = kWords[attribute][v];
    if (word == canonical) return v;
    if (attribute == kShape && word.size() == canonical.size() + 1 && word.back() == 's' &&
        word.compare(0, canonical.size(), canonical) == 0) {
      return v;
    }
    if (attribute == kNumber && word.size() == 1 && word[0] == '1' + v) return v;
  }
  return -1;
}

bool looks_like_code(const std::string& w) {
  return w.size() == 4 && w[0] >= '0' && w[0] <= '9';
}

Card parse_code(const Word& w, const SourceLocation& where) {
  std::array<std::uint8_t, kAttributes> v{};
  for (int t = 0; t < kAttributes; ++t) {
    auto pos = kCodeLetters[t].find(w.lower[t]);
    if (pos == std::string_view::npos) {
      throw InputError(
          fmt::format("bad card code '{}': character {} is the {} and must be one of {} ({})",
                      w.original, t + 1, kAttributeNames[t],
                      fmt::join(kCodeLetters[t].begin(), kCodeLetters[t].end(), ", "),
                      expected_list(t)),
          at(where, w));
    }
    v[t] = static_cast<std::uint8_t>(pos);
  }
  return Card{v[0], v[1], v[2], v[3]};
}

}  // namespace

std::string_view attribute_name(int attribute) { return kAttributeNames.at(attribute); }
std::string_view value_word(int attribute, int value) { return kWords.at(attribute).at(value); }

std::string to_string(Card c) {
  return fmt::format("{} {} {} {}{}", kWords[kNumber][c.number], kWords[kColor][c.color],
                     kWords[kShading][c.shading], kWords[kShape][c.shape],
                     c.number > 0 ? "s" : "");
}

std::string to_code(Card c) {
  return {kCodeLetters[kNumber][c.number], kCodeLetters[kColor][c.color],
          kCodeLetters[kShading][c.shading], kCodeLetters[kShape][c.shape]};
}

std::vector<Card> parse_cards(std::string_view text, const SourceLocation& where) {
  std::vector<Word> words = split_words(text);
  std::vector<Card> cards;
  std::size_t i = 0;
  while (i < words.size()) {
    if (looks_like_code(words[i].lower)) {
      cards.push_back(parse_code(words[i], where));
      ++i;
      continue;
    }
    std::array<std::uint8_t, kAttributes> v{};
    for (int t = 0; t < kAttributes; ++t, ++i) {
      if (i == words.size()) {
        throw InputError(fmt::format("card '{}' is incomplete: expected a {} ({}) after it",
                                     text.substr(static_cast<std::size_t>(words[i - t].column - 1)),
                                     kAttributeNames[t], expected_list(t)),
                         at(where, words[i - t]));
      }
      int value = value_of(t, words[i].lower);
      if (value < 0) {
        throw InputError(fmt::format("unknown {} '{}' (expected {})", kAttributeNames[t],
                                     words[i].original, expected_list(t)),
                         at(where, words[i]));
      }
      v[t] = static_cast<std::uint8_t>(value);
    }
    cards.push_back(Card{v[0], v[1], v[2], v[3]});
  }
  return cards;
}

Card parse_card(std::string_view text, const SourceLocation& where) {
  std::vector<Card> cards = parse_cards(text, where);
  if (cards.empty()) throw InputError("expected a card, got nothing", where);
  if (cards.size() > 1) {
    // Point at the word where the second card starts.
    std::vector<Word> words = split_words(text);
    std::size_t second = looks_like_code(words[0].lower) ? 1 : 4;
    throw InputError(fmt::format("one card expected, but '{}' starts another card",
                                 words[second].original),
                     at(where, words[second]));
  }
  return cards[0];
}

}  // namespace puzzlesat::set

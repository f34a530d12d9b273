// SET card text (problems/set/card_text.h): parse_cards on any text; the cards read,
// written as compact codes or as canonical words, read back the same.
#include "fuzz/fuzz_support.h"
#include "problems/set/card_text.h"

using namespace puzzlesat;
using namespace puzzlesat::set;

namespace {
constexpr std::size_t kMaxInput = 4096;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  return fuzz::expect_input_error([&] {
    const std::vector<Card> cards = parse_cards(fuzz::as_text(data, size), {"fuzz.txt", 1, 1});
    std::string codes, words;
    for (const Card c : cards) {
      codes += to_code(c) + " ";
      words += to_string(c) + ", ";
      FUZZ_CHECK(parse_card(to_code(c)) == c);
      FUZZ_CHECK(parse_card(to_string(c)) == c);
    }
    FUZZ_CHECK(parse_cards(codes) == cards);
    FUZZ_CHECK(parse_cards(words) == cards);
  });
}

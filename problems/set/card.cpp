#include "problems/set/card.h"

namespace puzzlesat::set {

namespace {

constexpr std::array<std::array<std::uint8_t, kDeckSize>, kDeckSize> make_third_table() {
  std::array<std::array<std::uint8_t, kDeckSize>, kDeckSize> t{};
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = 0; b < kDeckSize; ++b) {
      t[a][b] = static_cast<std::uint8_t>(index(third_card(card_at(a), card_at(b))));
    }
  }
  return t;
}

}  // namespace

constinit const std::array<std::array<std::uint8_t, kDeckSize>, kDeckSize> kThirdIndex =
    make_third_table();

}  // namespace puzzlesat::set

// Card: one SET card (number, color, shading, shape, each 0..2) and the rules that make
// three cards a set. A card is also an index 0..80 (base-3 digits number, color, shading,
// shape), which is how finders and the game address the 81-card deck.
#pragma once

#include <array>
#include <cstdint>

namespace puzzlesat::set {

enum Attribute : int { kNumber = 0, kColor = 1, kShading = 2, kShape = 3 };
constexpr int kAttributes = 4;
constexpr int kValues = 3;
constexpr int kDeckSize = 81;

struct Card {
  std::uint8_t number = 0;   // one, two, three
  std::uint8_t color = 0;    // red, green, purple
  std::uint8_t shading = 0;  // solid, striped, open
  std::uint8_t shape = 0;    // diamond, squiggle, oval

  constexpr std::uint8_t get(int attribute) const {
    return attribute == kNumber ? number
           : attribute == kColor ? color
           : attribute == kShading ? shading
                                   : shape;
  }
  constexpr auto operator<=>(const Card&) const = default;
};

constexpr int index(Card c) { return c.number * 27 + c.color * 9 + c.shading * 3 + c.shape; }
constexpr Card card_at(int index) {
  return Card{static_cast<std::uint8_t>(index / 27), static_cast<std::uint8_t>(index / 9 % 3),
              static_cast<std::uint8_t>(index / 3 % 3), static_cast<std::uint8_t>(index % 3)};
}

// On each attribute the three values are all equal or all different, i.e. sum to 0 mod 3.
constexpr bool is_set(Card a, Card b, Card c) {
  for (int t = 0; t < kAttributes; ++t) {
    if ((a.get(t) + b.get(t) + c.get(t)) % 3 != 0) return false;
  }
  return true;
}

// The unique card that makes a set with a and b (a itself when a == b).
constexpr Card third_card(Card a, Card b) {
  auto third = [](int x, int y) { return static_cast<std::uint8_t>((6 - x - y) % 3); };
  return Card{third(a.number, b.number), third(a.color, b.color), third(a.shading, b.shading),
              third(a.shape, b.shape)};
}

// Index form of third_card, read from a table built at compile time: this is the
// finders' inner loop, so it stays an inline array read.
extern const std::array<std::array<std::uint8_t, kDeckSize>, kDeckSize> kThirdIndex;
inline int third_index(int a, int b) { return kThirdIndex[a][b]; }

}  // namespace puzzlesat::set

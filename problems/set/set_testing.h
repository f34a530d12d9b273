// Test-only helpers shared by the SET tests.
#pragma once

#include <span>
#include <vector>

#include "problems/set/card.h"
#include "problems/set/random.h"

namespace puzzlesat::set::testing {

// `n` distinct cards drawn at random from the deck.
inline std::vector<Card> random_board(Rng& rng, int n) {
  std::vector<Card> deck;
  for (int i = 0; i < kDeckSize; ++i) deck.push_back(card_at(i));
  rng.shuffle(std::span<Card>(deck));
  deck.resize(n);
  return deck;
}

}  // namespace puzzlesat::set::testing

// The direct set finder: every set among n cards in O(n²), by looking up the card that
// completes each pair. It is the reference the SAT finder is checked against, and the
// fast finder the game simulator uses.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "problems/set/card.h"

namespace puzzlesat::set {

// Positions of three cards on the board, ascending.
using Triple = std::array<int, 3>;

// Every set, each triple ascending, the list sorted. Cards must be distinct.
std::vector<Triple> find_all_sets(std::span<const Card> cards);

// The first set of find_all_sets() (smallest positions), without listing the rest.
std::optional<Triple> find_one_set(std::span<const Card> cards);

// The same on card indices 0..80, for callers that keep boards as indices (the game).
std::optional<Triple> find_one_set(std::span<const std::uint8_t> indices);
int count_sets(std::span<const std::uint8_t> indices);

}  // namespace puzzlesat::set

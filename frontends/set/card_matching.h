// Pairs the cards read from a photo with its labelled cards. Labels list a table's cards
// without positions, so the pairing is the assignment that minimises the number of
// disagreeing attributes (Hungarian method); a card read perfectly always finds its label.
#pragma once

#include <array>
#include <vector>

namespace puzzlesat::set_vision {

using Attributes = std::array<int, 4>;  // number, colour, shading, shape; each 0..2

// For each labelled card, the index of its detected card, or -1 when there are more
// labels than detections.
std::vector<int> match_cards(const std::vector<Attributes>& labelled, const std::vector<Attributes>& detected);

}  // namespace puzzlesat::set_vision

// Pairs the cards read from a photo with its labelled cards. Labels list a table's cards
// without positions, so the pairing is the assignment that minimises the number of
// disagreeing attributes (Hungarian method); a card read perfectly always finds its label.
#pragma once

#include <vector>

#include "problems/set/card.h"

namespace puzzlesat::set_vision {

// For each labelled card, the index of its detected card, or -1 when there are more
// labels than detections.
std::vector<int> match_cards(const std::vector<set::Card>& labelled, const std::vector<set::Card>& detected);

}  // namespace puzzlesat::set_vision

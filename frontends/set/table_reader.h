// The whole photo-to-cards pipeline: find the card quadrilaterals, warp each upright and
// read its attributes. Positions are reported in the original photo's pixels.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/set/card_quads.h"
#include "frontends/set/card_reader.h"

namespace puzzlesat::set_vision {

struct TableCard {
  Quad corners;  // in original photo pixels
  CardReading reading;
};

struct TableReading {
  std::vector<TableCard> cards;
  double seconds = 0;  // processing CPU time (all threads), decoding excluded
};

// Cards on one photo are of one size, give or take the perspective: drops every card
// smaller than card_min_size_share of the largest card read surely (confidence at least
// low_confidence; of the largest card when none is), a tile of a checked cloth beside a
// close-up's card. A doubtful frame round several cards at once sets no size, and a
// sure card beside which three or more sure cards would be that small is dropped itself.
void drop_undersized(std::vector<TableCard>& cards);

// Each card is printed once in a deck: of two overlapping frames that read the same
// card, drops the less sure (of equals, the larger).
void drop_doubles(std::vector<TableCard>& cards);

// `image` is BGR; `scale` maps its pixels to the original photo's (see Photo::scale).
TableReading read_table(const cv::Mat& image, double scale = 1);

}  // namespace puzzlesat::set_vision

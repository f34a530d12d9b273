// Draws SET cards the way they are printed (diamonds, squiggles and ovals; solid,
// striped or open; red, green or purple) so that tests and the demo have images with
// known labels that the project makes itself.
#pragma once

#include <opencv2/core.hpp>

#include "problems/set/card.h"

namespace puzzlesat::set_vision {

struct RenderedCard {
  cv::Mat image;  // BGR, landscape: long side horizontal, symbols side by side
  cv::Mat mask;   // 8-bit, 255 on the card (its corners are rounded)
};

// A card `length` pixels long (the short side is length / 1.556, as printed).
RenderedCard render_card(set::Card card, int length = 330);

}  // namespace puzzlesat::set_vision

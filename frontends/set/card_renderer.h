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

// The printed layout: the card's long side over its short side; a symbol's width as a
// fraction of the card's length; the distance between neighbouring symbols' centres in
// symbol widths. Scenes that draw something up to a symbol's edge lay it out from these.
inline constexpr double kPrintedAspect = 1.556, kSymbolWidth = 0.215, kSymbolPitch = 1.35;

// The paper and the printed inks (red, green, purple: set::Card::color), BGR, as they
// look in daylight; tests that re-ink a rendered card start from these.
inline const cv::Scalar kPaper(246, 248, 250);
inline const cv::Scalar kInk[3] = {{45, 30, 215}, {70, 150, 10}, {135, 35, 105}};

// A card `length` pixels long (the short side is length / kPrintedAspect).
RenderedCard render_card(set::Card card, int length = 330);

}  // namespace puzzlesat::set_vision

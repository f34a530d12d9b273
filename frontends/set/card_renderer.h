// Draws SET cards the way they are printed (diamonds, squiggles and ovals; solid,
// striped or open; red, green or purple) so that tests and the demo have images with
// known labels that the project makes itself.
#pragma once

#include <opencv2/core.hpp>

#include <array>

#include "problems/set/card.h"

namespace puzzlesat::set_vision {

struct RenderedCard {
  cv::Mat image;  // BGR, landscape: long side horizontal, symbols side by side
  cv::Mat mask;   // 8-bit, 255 on the card (its corners are rounded)
};

// The printed layout: the card's long side over its short side; a symbol's width as a
// fraction of the card's length and its height as a fraction of the card's width; the
// distance between neighbouring symbols' centres in symbol widths. Scenes that draw
// something up to a symbol's edge lay it out from these.
inline constexpr double kPrintedAspect = 1.556, kSymbolWidth = 0.215, kSymbolHeight = 0.70, kSymbolPitch = 1.35;

// The paper and the printed inks (red, green, purple: set::Card::color), BGR, as they
// look in daylight; tests that re-ink a rendered card start from these.
inline const cv::Scalar kPaper(246, 248, 250);
inline const cv::Scalar kInk[3] = {{45, 30, 215}, {70, 150, 10}, {135, 35, 105}};

// How a deck is printed. The defaults are the standard print every earlier scene was
// drawn with (and stay byte-identical); other print runs and decks differ in each of
// these, and the reader must not depend on any one of them.
struct CardStyle {
  double stripe_pitch = 1;     // distance between stripes, x the standard (1/65 of the card's length)
  double stripe_width = 1;     // stripe thickness, x the standard (1/330 of the length)
  double stripe_strength = 1;  // stripe ink opacity, 0..1: fine pale stripes read as a tint
  double line_weight = 1;      // outline thickness, x the standard (1/110 of the length)
  double ink_lightness = 0;    // -1..1: inks mixed towards black (< 0) or towards the paper (> 0)
  double ink_hue = 0;          // degrees added to every ink's hue: another deck's red, green, purple
  // One ink's own shade on top of ink_lightness (red, green, purple: set::Card::color),
  // -1..1 the same way: a deck or a light where one ink alone is nearly black and keeps
  // little of its colour (a dim photo's purple).
  std::array<double, 3> ink_shade{0, 0, 0};
  double ink_saturation = 1;   // 0..1: the inks' chroma kept; 0 prints in grey (a photocopy, a pen)
  double edge_darkness = 1;    // the cut edge's darkness, x the standard grey rim: 0 is as white as the face
  // The standard print shows its cut edge only round the rounded corners (the rim is an
  // erosion of the card's mask, and erosion takes the image's border for card); kept so
  // that earlier scenes stay the same. True draws it along the straight sides as well.
  bool rim_all_round = false;
  // The card stock's colour, BGR, in place of kPaper (ink and rim darken it alike):
  // cream or grey stock, which a white desk in the same light outshines.
  cv::Scalar paper = kPaper;

  // The three inks after ink_lightness, ink_hue, ink_shade and ink_saturation (kInk
  // itself by default).
  std::array<cv::Scalar, 3> inks() const;
};

// A card `length` pixels long (the short side is length / kPrintedAspect).
RenderedCard render_card(set::Card card, int length = 330, const CardStyle& style = {});

}  // namespace puzzlesat::set_vision

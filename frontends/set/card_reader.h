// Reads the four SET attributes off one canonical card image (see card_warp.h): number
// of symbols, colour normalised against the card's own white, shading and shape, each
// with a confidence so that doubtful cards are flagged instead of silently guessed.
#pragma once

#include <opencv2/core.hpp>

#include <array>

#include "problems/set/card.h"

namespace puzzlesat::set_vision {

struct AttributeReading {
  int value = 0;          // 0..2
  double confidence = 0;  // 0 (a guess) .. 1 (clear-cut)
};

// The measurements behind the decision, for diagnostics and the evaluation report.
struct CardFeatures {
  int symbols = 0;          // contours above the size floor
  double paper = 0;         // share of the card outside the symbols that is blank paper
  double paper_saturation = 0;  // of that paper's raw colour: white paper is near grey
  double hue = 0;           // degrees, of the ink's colour over the zone round the symbols
                            // (card_reader.cpp, zone_colour), else of `ink`
  double colour_chroma = 0; // chroma over darkness of that same colour: red's is above purple's
  cv::Scalar ink;           // the white-normalised colour of the lines' cores, BGR, paper = (1, 1, 1)
  double ink_chroma = 0;    // its chroma over its darkness: 0 for grey marks
  double fill = 0;          // interior ink / outline ink: 1 solid, 0 open
  double inside = 0;        // the interior's darkness over the paper's: the ink's own when solid
  double texture = 0;       // stripe oscillation across the interior / outline ink
  double tint = 0;          // the interior's colour moved from the paper's towards the ink's: 0 open, 1 solid
  double solidity = 0;      // symbol area / convex hull area
  double rect_fill = 0;     // symbol area / bounding rotated rectangle area
  double concavity = 0;     // the deepest bay of a symbol's outline over its width: a squiggle's two bays
                            // are a third of it; blur, noise and a slant leave diamonds and ovals convex
  int round_holes = 0;      // round paper-light holes of a pip's size in the symbols (a die's face)
};

// Attributes are indexed and valued as in the SET model (set::Attribute, set::Card).
struct CardReading {
  std::array<AttributeReading, set::kAttributes> attributes;
  CardFeatures features;

  double confidence() const;  // the weakest attribute's
  set::Card card() const;
};

// Below this a card is reported as doubtful (the reader setting low_confidence).
double low_confidence();

// `card` is a kCardWidth x kCardHeight BGR image from warp_card().
// `glare`: the symbol finder saw a highlight bite into this card's symbols (SymbolBlob::
// bitten); a symbol whose convex hull outside its ink keeps the ink's colour is then
// measured as its hull, and its shape flagged.
CardReading read_card(const cv::Mat& card, bool glare = false);

}  // namespace puzzlesat::set_vision

// The decisions of the card reader: from a card's measured features (card_reader.h's
// CardFeatures) to each attribute's value and a confidence, the distance from the
// nearest decision boundary. The boundaries were set on rendered cards and checked on
// the real labelled photos (docs/set-vision.md); they live apart from the measuring so
// that they can be read, and tuned, in one place.
#pragma once

#include <opencv2/core.hpp>

#include <algorithm>
#include <cmath>

#include "frontends/set/card_reader.h"

namespace puzzlesat::set_vision {

inline double clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

// Confidence of a value on one side of a threshold: 0 on it, 1 at `scale` away.
inline double margin(double x, double threshold, double scale) { return clamp01(std::abs(x - threshold) / scale); }

// Hue in degrees (0..360) of a BGR colour; 0 for a grey.
double hue_of(cv::Scalar bgr);

// The angle between two hues, in degrees (0..180), the short way round the circle.
inline double hue_gap(double a, double b) {
  const double d = std::abs(a - b);
  return std::min(d, 360 - d);
}

// Whether a white-normalised colour is ink of hue `ink_hue` washed towards white (a
// highlight over it): its hue within symbol_max_hue_step of the ink's and a chroma of at
// least symbol_bite_chroma, which paper has not.
bool washed_ink(cv::Scalar pale, double ink_hue);

// Whether a white-normalised ink colour with `colourfulness` (chroma per darkness) too
// low to be ink by itself is still purple nearly black: dim light takes purple, the
// darkest ink, there first, and the weak chroma it keeps lies in purple's hue, which no
// lamp or sky casts. What a grey mark keeps, once divided by the paper's white, lies
// along the light's own cast (orange to blue). reader_dark_ink_* settings.
bool dark_purple(cv::Scalar bgr, double colourfulness);

// The spreads in which red and purple ink differ: hue in degrees, chroma per darkness.
// read_color weighs the two cues in these units, and so does the table's settling of
// doubtful cards (table_reader.cpp).
inline constexpr double kInkHueSpread = 8, kInkChromaSpread = 0.08;

// Red, green or purple from the ink's hue and its chroma per darkness (colourfulness).
AttributeReading read_color(double hue, double chroma);

// Solid, striped or open from the interior's fill, its stripe texture and its tint
// towards the ink (CardFeatures).
AttributeReading read_shading(double fill, double texture, double tint);

// Diamond, squiggle or oval from the symbols' mean solidity and rectangularity. A squiggle
// has two deep bays; outlines without one (`concavity`, CardFeatures, at most
// shape_convex_bay) are a diamond or an oval, whatever blur or noise did to the other two
// measures. concavity < 0: not measured.
AttributeReading read_shape(double solidity, double rect_fill, double concavity = -1);

}  // namespace puzzlesat::set_vision

#include "frontends/set/attribute_decisions.h"
#include "frontends/set/reader_settings.h"

namespace puzzlesat::set_vision {

double hue_of(cv::Scalar bgr) {
  double b = bgr[0], g = bgr[1], r = bgr[2];
  double hi = std::max({r, g, b}), lo = std::min({r, g, b}), d = hi - lo;
  if (d < 1e-6) return 0;
  double h;
  if (hi == r) h = 60 * (g - b) / d;
  else if (hi == g) h = 120 + 60 * (b - r) / d;
  else h = 240 + 60 * (r - g) / d;
  return h < 0 ? h + 360 : h;
}

bool washed_ink(cv::Scalar pale, double ink_hue) {
  const ReaderSettings& s = reader_settings();
  const double chroma = std::max({pale[0], pale[1], pale[2]}) - std::min({pale[0], pale[1], pale[2]});
  return chroma >= s.symbol_bite_chroma && hue_gap(hue_of(pale), ink_hue) <= s.symbol_max_hue_step;
}

bool dark_purple(cv::Scalar bgr, double colourfulness) {
  const ReaderSettings& s = reader_settings();
  double hue = hue_of(bgr);
  return colourfulness >= s.reader_dark_ink_colourless && hue >= s.reader_dark_ink_hue_from &&
         hue <= s.reader_dark_ink_hue_to;
}

AttributeReading read_color(double hue, double chroma) {
  // Hue boundaries between the three inks, in degrees, going around the circle.
  const ReaderSettings& s = reader_settings();
  const double kRedGreen = s.colour_red_green_hue, kGreenPurple = s.colour_green_purple_hue,
               kPurpleRed = s.colour_purple_red_hue;
  AttributeReading a;
  if (hue >= kRedGreen && hue < kGreenPurple) {
    a.value = 1;
    a.confidence = std::min(margin(hue, kRedGreen, 25), margin(hue, kGreenPurple, 25));
    return a;
  }
  if (hue >= kGreenPurple && hue < kGreenPurple + 50) {  // far from red: hue decides
    a.value = 2;
    a.confidence = margin(hue, kGreenPurple, 25);
    return a;
  }
  // Red or purple. Hue alone puts thin, blurred purple lines on the red side of the
  // boundary. Chroma per unit of darkness does not change as paper dilutes a line,
  // and red ink is far more saturated than purple: on the real photos red lines keep
  // >= 0.44 of their darkness as chroma, purple ones near the hue boundary <= 0.42
  // (0.11-0.25 for thin lines). Both cues are summed, each in units of its spread;
  // chroma's say is capped so that it moves the boundary by at most 1.5 x 8 deg towards
  // purple (solid purple well inside its hue range can be as saturated as red) while
  // it can outvote hue for a pale line near the boundary.
  const double kChroma = s.colour_red_chroma, kChromaScale = kInkChromaSpread, kHueScale = kInkHueSpread;
  double h = hue >= kGreenPurple ? hue - 360 : hue;  // red near 0, purple below
  double red = (h - (kPurpleRed - 360)) / kHueScale + std::clamp((chroma - kChroma) / kChromaScale, -3.0, 1.5);
  a.value = red >= 0 ? 0 : 2;
  a.confidence = std::min(clamp01(std::abs(red) / 1.5), a.value == 0 ? margin(h, kRedGreen, 25) : 1.0);
  if (a.value == 2) a.confidence = std::min(a.confidence, margin(hue, kGreenPurple, 25));
  return a;
}

AttributeReading read_shading(double fill, double texture, double tint) {
  const ReaderSettings& s = reader_settings();
  if (fill >= s.shading_striped_solid) return {0, margin(fill, s.shading_striped_solid, 0.15)};
  // Open or striped: fine sharp stripes oscillate strongly; blurred or pale ones only
  // tint the inside, in the ink's colour. Either cue makes a symbol striped, and the
  // confidence is that of the cue further from its boundary.
  double stripes = fill + 4 * texture;
  double by_texture = (stripes - s.shading_open_striped) / 0.04;
  double by_tint = (tint - s.shading_open_tint) / s.shading_tint_scale;
  double vote = std::max(by_texture, by_tint);
  if (vote >= 0) return {1, std::min(clamp01(vote), margin(fill, s.shading_striped_solid, 0.15))};
  return {2, clamp01(-vote)};
}

AttributeReading read_shape(double solidity, double rect_fill, double concavity) {
  // Ideal symbols: a diamond fills half its box and is convex; an oval (a stadium)
  // fills ~0.88 and is convex; a squiggle is concave on both sides.
  struct Proto { double solidity, rect_fill; };
  constexpr Proto kProtos[3] = {{0.97, 0.53}, {0.86, 0.72}, {0.985, 0.88}};
  constexpr int kSquiggle = 1;
  double d[3];
  for (int i = 0; i < 3; ++i)
    d[i] = std::hypot(2 * (solidity - kProtos[i].solidity), rect_fill - kProtos[i].rect_fill);
  // Solidity and fill both sink as blur rounds a far diamond's corners and noise frays
  // its edge, down to a squiggle's; the outline stays without a bay. A squiggle reading
  // without one is therefore the nearer of the other two (shape_convex_bay).
  const auto nearest = [&d] {
    const int best = int(std::min_element(d, d + 3) - d);
    double second = 1e9;
    for (int i = 0; i < 3; ++i)
      if (i != best) second = std::min(second, d[i]);
    return AttributeReading{best, clamp01(2 * (second - d[best]) / (second + d[best] + 1e-9))};
  };
  const AttributeReading read = nearest();
  const double convex = reader_settings().shape_convex_bay;
  if (read.value != kSquiggle || concavity < 0 || convex <= 0 || concavity > convex) return read;
  // No surer than the squiggle was: a frame that is no card (table, or two cards' parts)
  // must not gain a sure shape from this.
  d[kSquiggle] = 1e9;
  AttributeReading convex_read = nearest();
  convex_read.confidence = std::min(convex_read.confidence, read.confidence);
  return convex_read;
}

}  // namespace puzzlesat::set_vision

#include "frontends/set/card_reader.h"
#include "frontends/set/reader_settings.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>
#include <vector>

#include "frontends/set/attribute_decisions.h"
#include "frontends/set/card_warp.h"
#include "frontends/set/local_white.h"
#include "frontends/set/symbol_outlines.h"

namespace puzzlesat::set_vision {
namespace {

using set::kColor;
using set::kNumber;
using set::kShading;
using set::kShape;

struct Normalised {
  cv::Mat rgb;   // CV_32FC3, the card divided by its own local white (white = 1)
  cv::Mat dark;  // CV_32F, 1 - luminance relative to the local white: 0 on paper
};

// Divides the card by the paper's colour around each pixel: a max filter wider than a
// symbol erases the ink and leaves the local white, which carries the white balance and
// any light gradient. Red and purple then differ in hue regardless of the lighting.
// Shapes are measured on luminance, which JPEG keeps at full resolution, while its
// chroma is subsampled and smears ink colour across thin gaps.
Normalised normalise(const cv::Mat& card) {
  cv::Mat f;
  card.convertTo(f, CV_32FC3, 1.0 / 255);
  Normalised n;
  n.rgb = divided_by_white(f, local_white(f, cv::Size(25, 3)));
  cv::Mat luma;
  cv::transform(n.rgb, luma, cv::Matx13f(0.114f, 0.587f, 0.299f));
  n.dark = 1 - luma;
  return n;
}

// The value below which a fraction `q` of the masked pixels lie.
double quantile(const cv::Mat& values, const cv::Mat& mask, double q) {
  std::vector<float> v;
  for (int y = 0; y < values.rows; ++y) {
    const float* row = values.ptr<float>(y);
    const uchar* m = mask.empty() ? nullptr : mask.ptr<uchar>(y);
    for (int x = 0; x < values.cols; ++x)
      if (!m || m[x]) v.push_back(row[x]);
  }
  if (v.empty()) return 0;
  size_t k = std::min(v.size() - 1, size_t(q * v.size()));
  std::nth_element(v.begin(), v.begin() + k, v.end());
  return v[k];
}

// Stripes run across the symbols, i.e. along x in the canonical card: the profile of
// mean darkness per row of the symbols' interior oscillates. Returns the mean absolute
// second difference of that profile.
double stripe_texture(const cv::Mat& dark, const cv::Mat& interior) {
  std::vector<double> profile;
  for (int y = 0; y < dark.rows; ++y) {
    const float* d = dark.ptr<float>(y);
    const uchar* m = interior.ptr<uchar>(y);
    double s = 0;
    int n = 0;
    for (int x = 0; x < dark.cols; ++x)
      if (m[x]) { s += d[x]; ++n; }
    if (n >= 3) profile.push_back(s / n);
  }
  if (profile.size() < 5) return 0;
  double t = 0;
  for (size_t i = 1; i + 1 < profile.size(); ++i) t += std::abs(profile[i] - (profile[i - 1] + profile[i + 1]) / 2);
  return t / double(profile.size() - 2);
}

// Chroma over darkness of a white-normalised colour: how much colour the ink lays
// down per unit of darkness. Blurring a line into the paper lowers both alike;
// black and grey marks have next to none.
double colourfulness(cv::Scalar bgr) {
  double darkness = 1 - (0.114 * bgr[0] + 0.587 * bgr[1] + 0.299 * bgr[2]);
  double chroma = std::max({bgr[0], bgr[1], bgr[2]}) - std::min({bgr[0], bgr[1], bgr[2]});
  return darkness > 0.01 ? chroma / darkness : 0;
}

// Solid dark colourless patches: something lying on the card or drawn over it (a
// black label, a pen, a phone's edge), never SET ink. A thin line cannot survive the
// opening, so the near-grey cores of faint purple outlines stay ink.
cv::Mat occluders(const Normalised& n) {
  cv::Mat hi, lo;
  std::vector<cv::Mat> ch;
  cv::split(n.rgb, ch);
  hi = cv::max(cv::max(ch[0], ch[1]), ch[2]);
  lo = cv::min(cv::min(ch[0], ch[1]), ch[2]);
  cv::Mat chroma = hi - lo;
  cv::Mat grey = (n.dark > 0.4) & (chroma < 0.05 * n.dark);
  cv::morphologyEx(grey, grey, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
  cv::dilate(grey, grey, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5)));
  return grey;
}

// SET symbols are printed in colour. A colourless blob of a symbol's size is
// something else over the card: a black label, a pen, a grey print on a cloth tile;
// but not purple that dim light has taken to nearly black (dark_purple).
bool colourless(const Normalised& n, const cv::Mat& ink, const std::vector<cv::Point>& contour) {
  cv::Rect box = cv::boundingRect(contour);
  cv::Mat region = cv::Mat::zeros(box.size(), CV_8U);
  cv::drawContours(region, std::vector<std::vector<cv::Point>>{contour}, 0, 255, cv::FILLED, cv::LINE_8,
                   cv::noArray(), INT_MAX, -box.tl());
  region &= ink(box);
  if (cv::countNonZero(region) == 0) return true;
  cv::Scalar mean = cv::mean(n.rgb(box), region);
  double colour = colourfulness(mean);
  return colour < reader_settings().reader_colourless && !dark_purple(mean, colour);
}

// The symbols' silhouettes on the ink `mask`, with the area of each that has a
// symbol's size and colour (0 for the rest) and the ones counted as symbols.
struct Symbols {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<double> areas;
  std::vector<int> counted;  // indices into contours
  double doubtful = 0;       // the biggest rejected blob, relative to the largest symbol
};

Symbols find_symbols(const Normalised& n, const cv::Mat& mask) {
  Symbols s;
  // Silhouettes: a glare spot can still cut an outline's thin line; a closed outline
  // is what makes an open oval measure as an oval.
  cv::Mat outlines;
  cv::morphologyEx(mask, outlines, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(7, 7)));
  cv::findContours(outlines, s.contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  split_oversized(s.contours, mask.size());

  // Symbols are tall in the canonical (landscape) card and fill a good part of it;
  // the floor keeps specks, reflections and stray marks from being counted.
  double card_area = double(mask.total());
  s.areas.resize(s.contours.size());
  double largest = 0;
  for (size_t i = 0; i < s.contours.size(); ++i) {
    cv::Rect box = cv::boundingRect(s.contours[i]);
    bool symbol_sized = box.height >= 0.4 * mask.rows && box.height <= 0.97 * mask.rows &&
                        box.width >= 0.06 * mask.cols && box.width <= 0.4 * mask.cols;
    s.areas[i] = symbol_sized && !colourless(n, mask, s.contours[i]) ? cv::contourArea(s.contours[i]) : 0;
    largest = std::max(largest, s.areas[i]);
  }
  for (size_t i = 0; i < s.contours.size(); ++i) {
    double rel = largest > 0 ? s.areas[i] / largest : 0;
    if (s.areas[i] >= 0.02 * card_area && rel >= reader_settings().reader_symbol_share) s.counted.push_back(int(i));
    else if (s.areas[i] >= 0.01 * card_area) s.doubtful = std::max(s.doubtful, rel);
  }
  return s;
}

// The number from the symbols counted, doubted as much as a rejected blob came close
// to counting, and checked against the printed layout (count_symbols).
AttributeReading read_number(const Symbols& s, const cv::Mat& dark, const cv::Mat& occluded, double peak) {
  int seen = int(s.counted.size());
  AttributeReading number;
  number.value = std::min(seen, 3) - 1;
  // Four or more symbols is no SET card: the number is a guess.
  number.confidence = seen > 3 ? 0.1 : clamp01(1 - s.doubtful / reader_settings().reader_symbol_share);
  if (seen <= 3) {
    std::vector<cv::Rect> boxes;
    for (int i : s.counted) boxes.push_back(cv::boundingRect(s.contours[i]));
    int count = count_symbols(dark, occluded, peak, boxes, dark.cols);
    if (count != seen) {
      number.value = count - 1;
      number.confidence = std::min(number.confidence, 0.6);
    }
  }
  return number;
}

// The deepest bay of an outline (its largest convexity defect) over the outline's width.
double concavity(const std::vector<cv::Point>& outline) {
  std::vector<int> hull;
  cv::convexHull(outline, hull, false, false);
  if (hull.size() < 3) return 0;
  // convexityDefects wants the hull's indices in the contour's own order, no repeats.
  std::sort(hull.begin(), hull.end());
  hull.erase(std::unique(hull.begin(), hull.end()), hull.end());
  if (hull.size() < 3) return 0;
  std::vector<cv::Vec4i> defects;
  try {
    cv::convexityDefects(outline, hull, defects);
  } catch (const cv::Exception&) {  // a self-intersecting outline: no bay to measure
    return 0;
  }
  double deepest = 0;
  for (const auto& d : defects) deepest = std::max(deepest, d[3] / 256.0);
  const cv::RotatedRect r = cv::minAreaRect(outline);
  return deepest / std::max(1.0f, std::min(r.size.width, r.size.height));
}

// Whether a highlight has washed out part of a symbol's ink where it reaches the edge, as
// the symbol finder saw (symbol_cards.cpp, bitten_symbol): the symbol's convex hull outside
// it is washed ink (washed_ink), where a squiggle's bays are paper. (Asked only of a card
// the finder saw so: in dim or tinted light JPEG's colour bleeds into a squiggle's bays too.)
// `own` is the symbol filled (8-bit, the card's size).
bool glare_bitten(const Normalised& n, const std::vector<cv::Point>& outline, const cv::Mat& own) {
  constexpr double kLeastBite = 0.03;  // of the symbol's area: below, the jitter of its drawn edge
  const HullBite bite = hull_bite(outline, n.rgb, own);
  return bite.pixels >= kLeastBite * cv::countNonZero(own) && washed_ink(bite.colour, hue_of(cv::mean(n.rgb, own)));
}

// Solidity and rectangularity of the symbols into `feat`; true when an outline broken
// by glare had to be bridged, or (`glare`) a symbol glare bit into is measured as its hull. A symbol that an occluder touches has lost part of its
// outline to it (a label over the top oval makes it measure concave, like a squiggle):
// the shape is read from the symbols clear of occluders when there are any, all
// symbols being alike.
bool measure_shape(const Symbols& s, const Normalised& n, const cv::Mat& near_occluder, bool glare, CardFeatures& feat) {
  double solidity[2] = {0, 0}, rect_fill[2] = {0, 0}, bays[2] = {0, 0};
  int measured[2] = {0, 0};
  bool bridged = false;
  for (int i : s.counted) {
    cv::Mat own = cv::Mat::zeros(near_occluder.size(), CV_8U);
    cv::drawContours(own, s.contours, i, 255, cv::FILLED);
    int clear = cv::countNonZero(own & near_occluder) == 0;
    std::vector<cv::Point> outline = s.contours[i];
    double area = s.areas[i];
    if (area < kBrokenOutline * hull_area(outline)) {
      outline = bridge_gap(outline);
      area = cv::contourArea(outline);
      bridged = true;
    } else if (glare && glare_bitten(n, outline, own)) {
      cv::convexHull(std::vector<cv::Point>(outline), outline);
      area = cv::contourArea(outline);
      bridged = true;
    }
    cv::RotatedRect r = cv::minAreaRect(outline);
    solidity[clear] += area / std::max(1.0, hull_area(outline));
    rect_fill[clear] += area / std::max(1.0f, r.size.area());
    bays[clear] += concavity(outline);
    ++measured[clear];
  }
  int use = measured[1] > 0 ? 1 : 0;  // the clear symbols, or else all of them
  feat.solidity = solidity[use] / measured[use];
  feat.rect_fill = rect_fill[use] / measured[use];
  feat.concavity = bays[use] / measured[use];
  return bridged;
}

// How much of the card around the symbols is blank paper, and that paper's raw
// saturation: a patch of patterned table has little blank and a coloured one.
void measure_paper(const cv::Mat& inner, const Normalised& n, const cv::Mat& filled, const cv::Mat& occluded,
                   CardFeatures& feat) {
  cv::Mat around;
  cv::dilate(filled, around, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
  around = ~around;
  // A label or an object lying over part of the card hides paper but is no sign of a
  // patterned table, as long as most of the card is left to judge by.
  constexpr double kMostlyOccluded = 0.3;
  if (cv::countNonZero(occluded) < kMostlyOccluded * double(occluded.total())) around &= ~occluded;
  int around_count = cv::countNonZero(around);
  // Paper is uniformly white once divided by its own white: within a few percent of
  // it almost everywhere. Wood grain and cloth prints stay textured.
  cv::Mat blank = around & (n.dark < reader_settings().reader_blank_darkness);
  feat.paper = around_count ? cv::countNonZero(blank) / double(around_count) : 0;
  if (cv::countNonZero(blank) > 0) {
    cv::Scalar c = cv::mean(inner, blank);
    double hi = std::max({c[0], c[1], c[2]}), lo = std::min({c[0], c[1], c[2]});
    feat.paper_saturation = hi > 0 ? (hi - lo) / hi : 1;
  }
}

// Shading: the ink inside the symbols against the ink along their outlines (fill), and
// the stripes' oscillation across the inside (texture).
void measure_shading(const Normalised& n, const cv::Mat& filled, const cv::Mat& near_occluder, double ink_level,
                     CardFeatures& feat) {
  // Outline: the ink along each symbol's edge. Interior: well inside the edge.
  cv::Mat eroded, interior, band;
  cv::erode(filled, eroded, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(9, 9)));
  band = filled & ~eroded;
  cv::erode(filled, interior, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(29, 29)));
  // Shading and colour are measured clear of occluders: the soft edge of a dark cover
  // lying over a symbol is as dark as ink, and grey.
  if (cv::countNonZero(band & ~near_occluder) > 0.5 * cv::countNonZero(band)) {
    band &= ~near_occluder;
    interior &= ~near_occluder;
  }
  // Measured from the paper's own level: the max filter puts the local white slightly
  // above the typical paper pixel.
  cv::Mat paper;
  cv::dilate(filled, paper, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(9, 9)));
  double paper_level = quantile(n.dark, ~paper, 0.5);
  double outline = std::max(ink_level, quantile(n.dark, band, 0.9)) - paper_level;
  double inside = cv::countNonZero(interior) > 0 ? cv::mean(n.dark, interior)[0] - paper_level : 0;
  feat.fill = inside / outline;
  feat.inside = inside;
  feat.texture = cv::countNonZero(interior) > 0 ? stripe_texture(n.dark, interior) / outline : 0;
  // Stripes are printed in the ink: however fine and pale, they move the interior's
  // colour from the paper's towards the ink's, where an open symbol's inside is paper.
  // Measured against this card's own paper and ink, not against constants of a deck.
  cv::Mat line = band & (n.dark >= quantile(n.dark, band, 0.6));
  if (cv::countNonZero(interior) > 0 && cv::countNonZero(line) > 0) {
    cv::Scalar paper_colour = cv::mean(n.rgb, ~paper), ink = cv::mean(n.rgb, line), in = cv::mean(n.rgb, interior);
    cv::Vec3d to_ink(ink[0] - paper_colour[0], ink[1] - paper_colour[1], ink[2] - paper_colour[2]);
    cv::Vec3d to_in(in[0] - paper_colour[0], in[1] - paper_colour[1], in[2] - paper_colour[2]);
    double norm = to_ink.dot(to_ink);
    feat.tint = norm > 1e-6 ? to_in.dot(to_ink) / norm : 0;
  }
}

// The ink's colour over a zone round the symbols' `ink` (widened by colour_zone), on the
// card's own pixels, divided by the blank paper in a ring just beyond it; nothing when
// the ring holds too little paper. Why not the line cores over the local white: a thin
// line's colour in a JPEG is not where its darkness is. The encoder spreads it over the
// blocks around the line and rings beside it, and the local white (a per-channel
// maximum) picks up the ringing, most in the channel the light is weakest in: under a
// lamp, halved and saved at quality 90, a purple outline's cores lose their blue and read
// as surely red. Over the zone, what JPEG moved stays in; the zone's mean is ink diluted
// by paper, which changes neither its hue nor its chroma per darkness.
std::optional<cv::Scalar> zone_colour(const cv::Mat& inner, const Normalised& n, const cv::Mat& ink,
                                      const cv::Mat& near_occluder) {
  const ReaderSettings& s = reader_settings();
  // Distances to the nearest ink pixel. The zone reaches half colour_zone from the ink (a
  // dilation by a disc that wide); the ring, half colour_ring beyond the zone, leaves
  // colour_ring_gap out between them, where the paper still holds some of the ink's colour.
  cv::Mat away;
  cv::distanceTransform(~ink, away, cv::DIST_L2, cv::DIST_MASK_3);
  const double zone_reach = s.colour_zone / 2, ring_reach = zone_reach + s.colour_ring / 2;
  cv::Mat zone = (away <= zone_reach) & ~near_occluder;
  cv::Mat ring = (away > zone_reach + s.colour_ring_gap) & (away <= ring_reach) & ~near_occluder &
                 (n.dark < s.reader_blank_darkness);
  constexpr int kMinPaper = 50;  // pixels: enough paper to average JPEG's noise away
  if (cv::countNonZero(ring) < kMinPaper || cv::countNonZero(zone) == 0) return std::nullopt;
  cv::Scalar colour = cv::mean(inner, zone), paper = cv::mean(inner, ring);
  for (int c = 0; c < 3; ++c) colour[c] /= std::max(1.0, paper[c]);
  return colour;
}

// Colour: the mean white-normalised colour of the darkest of the symbols' `ink` pixels,
// the cores of lines, where paper blurred in from the sides dilutes the ink the least:
// its darkness and chroma say whether it is ink at all (card_faintest_ink,
// card_min_solid_chroma); away from occluders (see measure_shading) while most of the ink
// is. Which ink, red, green or purple, is read from the zone round the symbols where
// there is one (zone_colour): hue and colour_chroma.
void measure_ink(const cv::Mat& inner, const Normalised& n, cv::Mat ink, const cv::Mat& near_occluder,
                 CardFeatures& feat) {
  if (cv::countNonZero(ink & ~near_occluder) > 0.5 * cv::countNonZero(ink)) ink &= ~near_occluder;
  std::optional<cv::Scalar> zone;
  if (reader_settings().colour_zone > 0 && cv::countNonZero(ink) > 0) zone = zone_colour(inner, n, ink, near_occluder);
  ink &= n.dark >= quantile(n.dark, ink, 0.6);
  cv::Scalar ink_color = cv::countNonZero(ink) > 0 ? cv::mean(n.rgb, ink) : cv::Scalar(1, 1, 1);
  feat.ink = ink_color;
  feat.ink_chroma = colourfulness(ink_color);
  feat.hue = hue_of(zone.value_or(ink_color));
  feat.colour_chroma = colourfulness(zone.value_or(ink_color));
}

}  // namespace

double low_confidence() { return reader_settings().low_confidence; }

double CardReading::confidence() const {
  double c = 1;
  for (const auto& a : attributes) c = std::min(c, a.confidence);
  return c;
}

set::Card CardReading::card() const {
  auto v = [&](int a) { return std::uint8_t(attributes[a].value); };
  return set::Card{v(set::kNumber), v(set::kColor), v(set::kShading), v(set::kShape)};
}

namespace {

// Round holes in the symbols (`holes`: inside their silhouettes and not ink), each a
// small share of the largest symbol: the pips of a die's face (dice lie on game tables),
// never printed SET ink. A solid symbol has no hole, an open one a single large one, a
// striped one long thin gaps between its stripes.
int count_round_holes(const cv::Mat& holes, const Symbols& symbols) {
  const ReaderSettings& s = reader_settings();
  double symbol_area = 0;
  for (int i : symbols.counted) symbol_area = std::max(symbol_area, std::abs(cv::contourArea(symbols.contours[i])));
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(holes, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  int round = 0;
  for (const auto& c : contours) {
    const double area = cv::contourArea(c), perimeter = cv::arcLength(c, true);
    if (perimeter <= 0 || area < s.card_hole_min_share * symbol_area || area > s.card_hole_max_share * symbol_area)
      continue;
    if (4 * CV_PI * area / (perimeter * perimeter) >= s.card_hole_roundness) ++round;
  }
  return round;
}

}  // namespace

CardReading read_card(const cv::Mat& card, bool glare) {
  CV_Assert(card.type() == CV_8UC3 && card.cols == kCardWidth && card.rows == kCardHeight);
  // Leave out the rim, where a slightly loose quadrilateral shows the table.
  int mx = kCardWidth / 20, my = kCardHeight / 14;
  cv::Mat inner = card(cv::Rect(mx, my, kCardWidth - 2 * mx, kCardHeight - 2 * my));
  Normalised n = normalise(inner);

  CardReading reading;
  CardFeatures& feat = reading.features;
  // Ink threshold relative to the card's darkest ink, so faint prints and strong ones
  // are cut at the same point of their edge.
  double peak = quantile(n.dark, cv::Mat(), 0.995);
  double ink_level = std::max(0.1, 0.45 * peak);
  cv::Mat occluded = occluders(n);
  cv::Mat mask = with_faint_continuations(n.dark, ink_level, std::max(0.06, 0.2 * peak)) & ~occluded;
  cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));

  Symbols symbols = find_symbols(n, mask);
  feat.symbols = int(symbols.counted.size());
  if (symbols.counted.empty()) {
    reading.attributes[kNumber] = {0, 0};
    return reading;  // every other attribute stays at confidence 0
  }
  reading.attributes[kNumber] = read_number(symbols, n.dark, occluded, peak);

  cv::Mat filled = cv::Mat::zeros(mask.size(), CV_8U);
  for (int i : symbols.counted) cv::drawContours(filled, symbols.contours, i, 255, cv::FILLED);
  cv::Mat near_occluder;
  cv::dilate(occluded, near_occluder, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
  feat.round_holes = count_round_holes(filled & ~mask, symbols);
  bool bridged = measure_shape(symbols, n, near_occluder, glare, feat);
  measure_paper(inner, n, filled, occluded, feat);
  measure_shading(n, filled, near_occluder, ink_level, feat);
  measure_ink(inner, n, filled & mask, near_occluder, feat);

  reading.attributes[kColor] = read_color(feat.hue, feat.colour_chroma);
  reading.attributes[kShading] = read_shading(feat.fill, feat.texture, feat.tint);
  reading.attributes[kShape] = read_shape(feat.solidity, feat.rect_fill, feat.concavity);
  // A bridged outline's shape is partly inferred: flag it for a look.
  if (bridged) reading.attributes[kShape].confidence = std::min(reading.attributes[kShape].confidence, 0.4);
  return reading;
}

}  // namespace puzzlesat::set_vision

#include "frontends/set/card_reader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>

#include "frontends/set/card_warp.h"

namespace puzzlesat::set_vision {
namespace {

using set::kColor;
using set::kNumber;
using set::kShading;
using set::kShape;

double clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

// Confidence of a value on one side of a threshold: 0 on it, 1 at `scale` away.
double margin(double x, double threshold, double scale) { return clamp01(std::abs(x - threshold) / scale); }

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
  cv::Mat small, white;
  cv::resize(f, small, cv::Size(f.cols / 4, f.rows / 4), 0, 0, cv::INTER_AREA);
  cv::morphologyEx(small, white, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(25, 3)));
  cv::blur(white, white, cv::Size(5, 5));
  cv::resize(white, white, f.size(), 0, 0, cv::INTER_LINEAR);
  cv::max(white, 0.05, white);
  Normalised n;
  cv::divide(f, white, n.rgb);
  cv::min(n.rgb, 1.0, n.rgb);
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
// something else over the card: a black label, a pen, a grey print on a cloth tile.
bool colourless(const Normalised& n, const cv::Mat& ink, const std::vector<cv::Point>& contour) {
  constexpr double kColourless = 0.05;
  cv::Rect box = cv::boundingRect(contour);
  cv::Mat region = cv::Mat::zeros(box.size(), CV_8U);
  cv::drawContours(region, std::vector<std::vector<cv::Point>>{contour}, 0, 255, cv::FILLED, cv::LINE_8,
                   cv::noArray(), INT_MAX, -box.tl());
  region &= ink(box);
  if (cv::countNonZero(region) == 0) return true;
  return colourfulness(cv::mean(n.rgb(box), region)) < kColourless;
}

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

AttributeReading read_color(double hue, double chroma) {
  // Hue boundaries between the three inks, in degrees, going around the circle.
  constexpr double kRedGreen = 70, kGreenPurple = 200, kPurpleRed = 342;
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
  constexpr double kChroma = 0.33, kChromaScale = 0.08, kHueScale = 8;
  double h = hue >= kGreenPurple ? hue - 360 : hue;  // red near 0, purple below
  double red = (h - (kPurpleRed - 360)) / kHueScale + std::clamp((chroma - kChroma) / kChromaScale, -3.0, 1.5);
  a.value = red >= 0 ? 0 : 2;
  a.confidence = std::min(clamp01(std::abs(red) / 1.5), a.value == 0 ? margin(h, kRedGreen, 25) : 1.0);
  if (a.value == 2) a.confidence = std::min(a.confidence, margin(hue, kGreenPurple, 25));
  return a;
}

AttributeReading read_shading(double fill, double texture) {
  // Fine sharp stripes cover little of the interior but oscillate strongly; blurred
  // ones oscillate little but tint the interior. Either makes a symbol striped.
  double stripes = fill + 4 * texture;
  constexpr double kOpenStriped = 0.18, kStripedSolid = 0.55;
  if (fill >= kStripedSolid) return {0, margin(fill, kStripedSolid, 0.15)};
  if (stripes >= kOpenStriped)
    return {1, std::min(margin(stripes, kOpenStriped, 0.04), margin(fill, kStripedSolid, 0.15))};
  return {2, margin(stripes, kOpenStriped, 0.04)};
}

AttributeReading read_shape(double solidity, double rect_fill) {
  // Ideal symbols: a diamond fills half its box and is convex; an oval (a stadium)
  // fills ~0.88 and is convex; a squiggle is concave on both sides.
  struct Proto { double solidity, rect_fill; };
  constexpr Proto kProtos[3] = {{0.97, 0.53}, {0.86, 0.72}, {0.985, 0.88}};
  double d[3];
  for (int i = 0; i < 3; ++i)
    d[i] = std::hypot(2 * (solidity - kProtos[i].solidity), rect_fill - kProtos[i].rect_fill);
  int best = int(std::min_element(d, d + 3) - d);
  double second = 1e9;
  for (int i = 0; i < 3; ++i)
    if (i != best) second = std::min(second, d[i]);
  return {best, clamp01(2 * (second - d[best]) / (second + d[best] + 1e-9))};
}

// Ink above `strong`, extended by the fainter ink (above `faint`) connected to it, as
// in Canny's hysteresis: glare or a shadow edge across a symbol fades part of its
// outline, and the outline must stay one closed contour to be measured as a symbol.
// Faint blobs with no strong ink (paper texture, a shadow's rim) are left out.
cv::Mat with_faint_continuations(const cv::Mat& dark, double strong, double faint) {
  cv::Mat weak = dark > faint, labels;
  int count = cv::connectedComponents(weak, labels, 8, CV_32S);
  std::vector<uchar> keep(count, 0);
  for (int y = 0; y < dark.rows; ++y) {
    const float* d = dark.ptr<float>(y);
    const int* l = labels.ptr<int>(y);
    for (int x = 0; x < dark.cols; ++x)
      if (d[x] > strong) keep[l[x]] = 255;
  }
  keep[0] = 0;
  cv::Mat mask(dark.size(), CV_8U);
  for (int y = 0; y < dark.rows; ++y) {
    const int* l = labels.ptr<int>(y);
    uchar* m = mask.ptr<uchar>(y);
    for (int x = 0; x < dark.cols; ++x) m[x] = keep[l[x]];
  }
  return mask;
}

double hull_area(const std::vector<cv::Point>& contour) {
  std::vector<cv::Point> hull;
  cv::convexHull(contour, hull);
  return cv::contourArea(hull);
}

// No SET symbol is this concave (a squiggle's area is ~0.85 of its hull); a contour
// that is, is an outline broken by glare, traced along both sides of its line.
constexpr double kBrokenOutline = 0.6;

// The outline with its gap bridged: grown until it closes around its inside, filled,
// then shrunk back by as much. The smallest growth that gives a plausible solid shape
// wins. Growing also fills a squiggle's bays a little, so the caller flags the shape.
std::vector<cv::Point> bridge_gap(const std::vector<cv::Point>& contour) {
  constexpr int kPad = 30;
  cv::Rect box = cv::boundingRect(contour);
  cv::Mat line = cv::Mat::zeros(box.height + 2 * kPad, box.width + 2 * kPad, CV_8U);
  cv::Point shift = cv::Point(kPad, kPad) - box.tl();
  cv::drawContours(line, std::vector<std::vector<cv::Point>>{contour}, 0, 255, cv::FILLED, cv::LINE_8,
                   cv::noArray(), INT_MAX, shift);
  std::vector<cv::Point> best = contour;
  for (int r = 4; r <= 24; r += 4) {
    cv::Mat disc = cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(2 * r + 1, 2 * r + 1)), grown;
    cv::dilate(line, grown, disc);
    std::vector<std::vector<cv::Point>> found;
    cv::findContours(grown, found, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
    cv::Mat solid = cv::Mat::zeros(line.size(), CV_8U);
    cv::drawContours(solid, found, -1, 255, cv::FILLED);
    cv::erode(solid, solid, disc);
    cv::findContours(solid, found, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
    if (found.empty()) break;
    best = *std::max_element(found.begin(), found.end(), [](const auto& a, const auto& b) {
      return cv::contourArea(a) < cv::contourArea(b);
    });
    for (auto& p : best) p -= shift;
    if (cv::contourArea(best) >= 0.8 * hull_area(best)) break;
  }
  return best;
}

// A blob wider or taller than any symbol may be a symbol joined to a shadow: where a
// cast shadow narrows to a point, the local white cannot follow it and the tip reads
// as ink that touches the symbol. Such links are thin; opening the filled blob by a
// disc wider than them leaves the symbol's body, which is then measured in place of
// the blob, and the shadow's body, which lies along the card's edge. Blobs of a
// symbol's size are left as they are.
void split_oversized(std::vector<std::vector<cv::Point>>& contours, cv::Size size) {
  std::vector<std::vector<cv::Point>> out;
  for (auto& c : contours) {
    cv::Rect box = cv::boundingRect(c);
    if (box.height <= 0.97 * size.height && box.width <= 0.4 * size.width) {
      out.push_back(std::move(c));
      continue;
    }
    cv::Mat blob = cv::Mat::zeros(size, CV_8U), opened;
    cv::drawContours(blob, std::vector<std::vector<cv::Point>>{c}, 0, 255, cv::FILLED);
    cv::morphologyEx(blob, opened, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(15, 15)));
    std::vector<std::vector<cv::Point>> bodies;
    cv::findContours(opened, bodies, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
    for (const auto& b : bodies) {
      // A symbol may touch the card's edge where the quad is tight; a shadow's body
      // runs along it for a good part of its outline.
      int along = 0;
      for (const auto& p : b) along += p.x < 2 || p.y < 2 || p.x >= size.width - 2 || p.y >= size.height - 2;
      if (along > 0.2 * double(b.size())) continue;
      // Opening also blunts a diamond's points: give the body back what of the blob
      // lies near it, the points and a stub of the link.
      cv::Mat piece = cv::Mat::zeros(size, CV_8U);
      cv::drawContours(piece, std::vector<std::vector<cv::Point>>{b}, 0, 255, cv::FILLED);
      cv::dilate(piece, piece, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(25, 25)));
      piece &= blob;
      // The stub is the link's narrowest part, next to the symbol: a small opening
      // takes it off again while it only rounds the points a little.
      cv::morphologyEx(piece, piece, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(9, 9)));
      std::vector<std::vector<cv::Point>> found;
      cv::findContours(piece, found, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
      if (found.empty()) continue;
      out.push_back(*std::max_element(found.begin(), found.end(), [](const auto& x, const auto& y) {
        return cv::contourArea(x) < cv::contourArea(y);
      }));
    }
  }
  contours = std::move(out);
}

// Glare can wash out a symbol and an overlay can hide one; clear symbols alone then
// undercount. A fainter pass adds blobs the size of the clear symbols that lie beside
// them, and the layout settles the rest: SET prints 1, 2 or 3 symbols evenly spaced
// about the card's centre, so a lone symbol off centre means more symbols.
int count_symbols(const cv::Mat& dark, const cv::Mat& occluded, double peak, std::vector<cv::Rect> boxes, int width) {
  cv::Rect ref = *std::max_element(boxes.begin(), boxes.end(), [](const cv::Rect& a, const cv::Rect& b) { return a.area() < b.area(); });
  auto centre = [](const cv::Rect& r) { return r.x + r.width / 2.0; };
  cv::Mat faint = (dark > std::max(0.05, 0.2 * peak)) & ~occluded;
  cv::morphologyEx(faint, faint, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(5, 5)));
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(faint, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  for (const auto& c : contours) {
    cv::Rect b = cv::boundingRect(c);
    if (std::abs(b.height - ref.height) > 0.2 * ref.height) continue;
    if (b.width < 0.6 * ref.width || b.width > 1.4 * ref.width) continue;
    bool apart = true;
    for (const auto& k : boxes) apart &= std::abs(centre(b) - centre(k)) > 0.6 * ref.width;
    if (apart && boxes.size() < 3) boxes.push_back(b);
  }
  // The smallest count whose evenly spaced slots hold every symbol seen.
  double pitch = 1.35 * ref.width, mid = width / 2.0;
  for (int n = int(boxes.size()); n <= 3; ++n) {
    bool fits = true;
    for (const auto& b : boxes) {
      double slot = (centre(b) - mid) / pitch + (n - 1) / 2.0;
      fits &= std::abs(slot - std::round(slot)) < 0.3 && std::round(slot) >= 0 && std::round(slot) <= n - 1;
    }
    if (fits) return n;
  }
  return int(boxes.size());
}

}  // namespace

double CardReading::confidence() const {
  double c = 1;
  for (const auto& a : attributes) c = std::min(c, a.confidence);
  return c;
}

set::Card CardReading::card() const {
  auto v = [&](int a) { return std::uint8_t(attributes[a].value); };
  return set::Card{v(set::kNumber), v(set::kColor), v(set::kShading), v(set::kShape)};
}

CardReading read_card(const cv::Mat& card) {
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
  // Silhouettes: a glare spot can still cut an outline's thin line; a closed outline
  // is what makes an open oval measure as an oval.
  cv::Mat outlines;
  cv::morphologyEx(mask, outlines, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(7, 7)));
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(outlines, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  split_oversized(contours, inner.size());

  // Symbols are tall in the canonical (landscape) card and fill a good part of it;
  // the floor keeps specks, reflections and stray marks from being counted.
  double inner_area = double(inner.total());
  std::vector<double> areas(contours.size());
  double largest = 0;
  for (size_t i = 0; i < contours.size(); ++i) {
    cv::Rect box = cv::boundingRect(contours[i]);
    bool symbol_sized = box.height >= 0.4 * inner.rows && box.height <= 0.97 * inner.rows &&
                        box.width >= 0.06 * inner.cols && box.width <= 0.4 * inner.cols;
    areas[i] = symbol_sized && !colourless(n, mask, contours[i]) ? cv::contourArea(contours[i]) : 0;
    largest = std::max(largest, areas[i]);
  }
  std::vector<int> symbols;
  double doubtful = 0;  // the biggest rejected blob, relative to the largest symbol
  for (size_t i = 0; i < contours.size(); ++i) {
    double rel = largest > 0 ? areas[i] / largest : 0;
    if (areas[i] >= 0.02 * inner_area && rel >= 0.45) symbols.push_back(int(i));
    else if (areas[i] >= 0.01 * inner_area) doubtful = std::max(doubtful, rel);
  }
  feat.symbols = int(symbols.size());
  auto& number = reading.attributes[kNumber];
  if (symbols.empty()) {
    number = {0, 0};
    return reading;  // every other attribute stays at confidence 0
  }
  number.value = std::min(feat.symbols, 3) - 1;
  number.confidence = feat.symbols > 3 ? 0.1 : clamp01(1 - doubtful / 0.45);
  if (feat.symbols <= 3) {
    std::vector<cv::Rect> boxes;
    for (int i : symbols) boxes.push_back(cv::boundingRect(contours[i]));
    int count = count_symbols(n.dark, occluded, peak, boxes, inner.cols);
    if (count != feat.symbols) {
      number.value = count - 1;
      number.confidence = std::min(number.confidence, 0.6);
    }
  }

  // A symbol that an occluder touches has lost part of its outline to it (a label
  // over the top oval makes it measure concave, like a squiggle): its shape is read
  // from the symbols clear of occluders when there are any, all symbols being alike.
  cv::Mat near_occluder;
  cv::dilate(occluded, near_occluder, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
  cv::Mat filled = cv::Mat::zeros(mask.size(), CV_8U);
  double solidity[2] = {0, 0}, rect_fill[2] = {0, 0};
  int measured[2] = {0, 0};
  bool bridged = false;
  for (int i : symbols) {
    cv::drawContours(filled, contours, i, 255, cv::FILLED);
    cv::Mat own = cv::Mat::zeros(mask.size(), CV_8U);
    cv::drawContours(own, contours, i, 255, cv::FILLED);
    int clear = cv::countNonZero(own & near_occluder) == 0;
    std::vector<cv::Point> outline = contours[i];
    double area = areas[i];
    if (area < kBrokenOutline * hull_area(outline)) {
      outline = bridge_gap(outline);
      area = cv::contourArea(outline);
      bridged = true;
    }
    cv::RotatedRect r = cv::minAreaRect(outline);
    solidity[clear] += area / std::max(1.0, hull_area(outline));
    rect_fill[clear] += area / std::max(1.0f, r.size.area());
    ++measured[clear];
  }
  int use = measured[1] > 0 ? 1 : 0;  // the clear symbols, or else all of them
  feat.solidity = solidity[use] / measured[use];
  feat.rect_fill = rect_fill[use] / measured[use];

  // Blank paper around the symbols; a patch of patterned table has little.
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
  constexpr double kBlankDarkness = 0.08;
  cv::Mat blank = around & (n.dark < kBlankDarkness);
  feat.paper = around_count ? cv::countNonZero(blank) / double(around_count) : 0;
  if (cv::countNonZero(blank) > 0) {
    cv::Scalar c = cv::mean(inner, blank);
    double hi = std::max({c[0], c[1], c[2]}), lo = std::min({c[0], c[1], c[2]});
    feat.paper_saturation = hi > 0 ? (hi - lo) / hi : 1;
  }

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
  feat.texture = cv::countNonZero(interior) > 0 ? stripe_texture(n.dark, interior) / outline : 0;

  // Colour: the mean white-normalised colour of the darkest ink pixels, the cores of
  // lines, where paper blurred in from the sides dilutes the ink the least.
  cv::Mat strong = filled & mask;
  if (cv::countNonZero(strong & ~near_occluder) > 0.5 * cv::countNonZero(strong)) strong &= ~near_occluder;
  strong &= n.dark >= quantile(n.dark, strong, 0.6);
  cv::Scalar ink_color = cv::countNonZero(strong) > 0 ? cv::mean(n.rgb, strong) : cv::Scalar(1, 1, 1);
  feat.ink = ink_color;
  feat.hue = hue_of(ink_color);
  feat.ink_chroma = colourfulness(ink_color);

  reading.attributes[kColor] = read_color(feat.hue, feat.ink_chroma);
  reading.attributes[kShading] = read_shading(feat.fill, feat.texture);
  reading.attributes[kShape] = read_shape(feat.solidity, feat.rect_fill);
  // A bridged outline's shape is partly inferred: flag it for a look.
  if (bridged) reading.attributes[kShape].confidence = std::min(reading.attributes[kShape].confidence, 0.4);
  return reading;
}

}  // namespace puzzlesat::set_vision

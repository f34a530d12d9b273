#include "frontends/set/card_reader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
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
  cv::Mat rgb;  // CV_32FC3, the card divided by its own local white (white = 1)
  cv::Mat ink;  // CV_32F, how far each pixel is from paper
};

// Divides the card by the paper's colour around each pixel: a max filter wider than a
// symbol erases the ink and leaves the local white, which carries the white balance and
// any light gradient. Red and purple then differ in hue regardless of the lighting.
Normalised normalise(const cv::Mat& card) {
  cv::Mat f;
  card.convertTo(f, CV_32FC3, 1.0 / 255);
  cv::Mat small, white;
  cv::resize(f, small, cv::Size(f.cols / 4, f.rows / 4), 0, 0, cv::INTER_AREA);
  cv::dilate(small, white, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(25, 25)));
  cv::blur(white, white, cv::Size(9, 9));
  cv::resize(white, white, f.size(), 0, 0, cv::INTER_LINEAR);
  cv::max(white, 0.05, white);
  Normalised n;
  cv::divide(f, white, n.rgb);
  cv::min(n.rgb, 1.0, n.rgb);
  std::vector<cv::Mat> ch;
  cv::split(n.rgb, ch);
  cv::Mat hi = cv::max(cv::max(ch[0], ch[1]), ch[2]);
  cv::Mat lo = cv::min(cv::min(ch[0], ch[1]), ch[2]);
  cv::Mat mean = (ch[0] + ch[1] + ch[2]) / 3;
  // Ink is coloured (chroma) and darker than paper; grey shade has little chroma.
  n.ink = (hi - lo) + 0.3 * (1 - mean);
  return n;
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

AttributeReading read_color(double hue) {
  // Hue boundaries between the three inks, in degrees, going around the circle.
  constexpr double kRedGreen = 70, kGreenPurple = 200, kPurpleRed = 330;
  AttributeReading a;
  if (hue >= kRedGreen && hue < kGreenPurple) {
    a.value = 1;
    a.confidence = std::min(margin(hue, kRedGreen, 25), margin(hue, kGreenPurple, 25));
  } else if (hue >= kGreenPurple && hue < kPurpleRed) {
    a.value = 2;
    a.confidence = std::min(margin(hue, kGreenPurple, 25), margin(hue, kPurpleRed, 15));
  } else {
    a.value = 0;
    double h = hue >= kPurpleRed ? hue - 360 : hue;
    a.confidence = std::min(margin(h, kPurpleRed - 360, 15), margin(h, kRedGreen, 25));
  }
  return a;
}

AttributeReading read_shading(double fill) {
  constexpr double kOpenStriped = 0.12, kStripedSolid = 0.6;
  AttributeReading a;
  if (fill >= kStripedSolid) {
    a = {0, margin(fill, kStripedSolid, 0.15)};
  } else if (fill >= kOpenStriped) {
    a = {1, std::min(margin(fill, kOpenStriped, 0.06), margin(fill, kStripedSolid, 0.15))};
  } else {
    a = {2, margin(fill, kOpenStriped, 0.06)};
  }
  return a;
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
  constexpr double kInk = 0.15;
  cv::Mat mask = n.ink > kInk;
  cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(5, 5)));
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);

  // Symbols are tall in the canonical (landscape) card and fill a good part of it;
  // the floor keeps specks, reflections and stray marks from being counted.
  double inner_area = double(inner.total());
  std::vector<double> areas(contours.size());
  double largest = 0;
  for (size_t i = 0; i < contours.size(); ++i) {
    cv::Rect box = cv::boundingRect(contours[i]);
    areas[i] = box.height >= 0.3 * inner.rows ? cv::contourArea(contours[i]) : 0;
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

  cv::Mat filled = cv::Mat::zeros(mask.size(), CV_8U);
  double solidity = 0, rect_fill = 0;
  for (int i : symbols) {
    cv::drawContours(filled, contours, i, 255, cv::FILLED);
    std::vector<cv::Point> hull;
    cv::convexHull(contours[i], hull);
    cv::RotatedRect r = cv::minAreaRect(contours[i]);
    solidity += areas[i] / std::max(1.0, cv::contourArea(hull));
    rect_fill += areas[i] / std::max(1.0f, r.size.area());
  }
  feat.solidity = solidity / symbols.size();
  feat.rect_fill = rect_fill / symbols.size();

  // Outline: a thin band inside each symbol's edge. Interior: well inside it.
  cv::Mat eroded, interior, band;
  cv::erode(filled, eroded, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(9, 9)));
  band = filled & ~eroded;
  cv::erode(filled, interior, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(25, 25)));
  // The outline's strength: the upper half of the ink values in the band.
  std::vector<float> band_ink;
  for (int y = 0; y < band.rows; ++y)
    for (int x = 0; x < band.cols; ++x)
      if (band.at<uchar>(y, x)) band_ink.push_back(n.ink.at<float>(y, x));
  double outline = kInk;
  if (!band_ink.empty()) {
    std::sort(band_ink.begin(), band_ink.end());
    double s = 0;
    size_t from = band_ink.size() / 2;
    for (size_t i = from; i < band_ink.size(); ++i) s += band_ink[i];
    outline = std::max(outline, s / double(band_ink.size() - from));
  }
  double inside = cv::countNonZero(interior) > 0 ? cv::mean(n.ink, interior)[0] : 0;
  feat.fill = inside / outline;

  // Colour: the mean white-normalised colour of the strong ink pixels.
  cv::Mat strong = filled & (n.ink > std::max(kInk, 0.5 * outline));
  cv::Scalar ink_color = cv::countNonZero(strong) > 0 ? cv::mean(n.rgb, strong) : cv::Scalar(1, 1, 1);
  feat.hue = hue_of(ink_color);

  reading.attributes[kColor] = read_color(feat.hue);
  reading.attributes[kShading] = read_shading(feat.fill);
  reading.attributes[kShape] = read_shape(feat.solidity, feat.rect_fill);
  return reading;
}

}  // namespace puzzlesat::set_vision

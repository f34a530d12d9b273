#include "frontends/set/symbol_outlines.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <climits>
#include <cmath>

namespace puzzlesat::set_vision {

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

HullBite hull_bite(const std::vector<cv::Point>& outline, const cv::Mat& rgb, const cv::Mat& kept) {
  std::vector<cv::Point> hull;
  cv::convexHull(outline, hull);
  const cv::Rect box = cv::boundingRect(hull) & cv::Rect(0, 0, kept.cols, kept.rows);
  HullBite out;
  if (box.empty()) return out;
  cv::Mat bite = cv::Mat::zeros(box.size(), CV_8U);
  cv::drawContours(bite, std::vector<std::vector<cv::Point>>{hull}, 0, 255, cv::FILLED, cv::LINE_8, cv::noArray(), INT_MAX,
                   -box.tl());
  bite &= ~kept(box);
  out.pixels = cv::countNonZero(bite);
  if (out.pixels > 0) out.colour = cv::mean(rgb(box), bite);
  return out;
}

// The outline with its gap bridged: grown until it closes around its inside, filled,
// then shrunk back by as much. The smallest growth that gives a plausible solid shape
// wins. Growing also fills a squiggle's bays a little, so the caller flags the shape.
std::vector<cv::Point> bridge_gap(const std::vector<cv::Point>& contour, int step, int max_radius) {
  return bridge_gaps({contour}, step, max_radius);
}

std::vector<cv::Point> bridge_gaps(const std::vector<std::vector<cv::Point>>& pieces, int step, int max_radius) {
  const int kPad = max_radius + 6;
  cv::Rect box = cv::boundingRect(pieces[0]);
  for (const auto& p : pieces) box |= cv::boundingRect(p);
  cv::Mat line = cv::Mat::zeros(box.height + 2 * kPad, box.width + 2 * kPad, CV_8U);
  cv::Point shift = cv::Point(kPad, kPad) - box.tl();
  cv::drawContours(line, pieces, -1, 255, cv::FILLED, cv::LINE_8, cv::noArray(), INT_MAX, shift);
  std::vector<cv::Point> best = pieces[0];
  for (int r = step; r <= max_radius; r += step) {
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

}  // namespace puzzlesat::set_vision

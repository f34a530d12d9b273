#include "frontends/set/symbol_cards.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <utility>

#include "frontends/set/attribute_decisions.h"
#include "frontends/set/local_white.h"
#include "frontends/set/reader_settings.h"
#include "frontends/set/symbol_outlines.h"

namespace puzzlesat::set_vision {
namespace {

struct InkImage {
  cv::Mat rgb;    // CV_32FC3, divided by the local white: paper is (1, 1, 1)
  cv::Mat mask;   // 8-bit: ink, darker than the local white
  cv::Mat slope;  // CV_32F: the steepest change of darkness per pixel within 2 px
  // The share of symbol_min_sharpness asked of an edge: below 1 in a photo out of focus
  // (photo_sharpness), 0 while the photo's own sharpness is measured.
  double sharpness_factor = 1;
};

// Ink relative to the paper around it (local_white.h). On the whole photo the window is
// a share of the image, wide enough to reach paper from a line's core and from most of a
// solid symbol's inside.
InkImage find_ink(const cv::Mat& bgr, const ReaderSettings& s, double card_length, double window_share) {
  cv::Mat f;
  bgr.convertTo(f, CV_32FC3, 1.0 / 255);
  double window = (window_share > 0 ? window_share : s.symbol_white_window) * std::max(f.cols, f.rows);
  if (card_length > 0) window = std::min(window, s.symbol_white_card_window * card_length);
  const int k = std::max(3, int(window / 4) | 1);
  const ShadowEdges edges{int(std::lround(s.symbol_white_erode * k)), s.symbol_white_step, s.symbol_white_paper_chroma};
  cv::Mat white = local_white(f, cv::Size(k, k), edges);
  // Symbols are printed on paper, the brightest thing on most tables: ink is looked for
  // only where the local white is near the photo's paper white, not in a dark corner
  // whose noise, divided by its own dark "white", looks colourful.
  cv::Mat white_luma;
  cv::transform(white, white_luma, cv::Matx13f(0.114f, 0.587f, 0.299f));
  cv::Mat sample;
  cv::resize(white_luma, sample, cv::Size(std::max(1, f.cols / 4), std::max(1, f.rows / 4)), 0, 0, cv::INTER_NEAREST);
  std::vector<float> v(sample.begin<float>(), sample.end<float>());
  std::nth_element(v.begin(), v.begin() + v.size() * 95 / 100, v.end());
  cv::Mat on_paper = white_luma >= s.symbol_min_paper_light * v[v.size() * 95 / 100];
  InkImage ink;
  ink.rgb = divided_by_white(f, std::move(white));
  cv::Mat luma;
  cv::transform(ink.rgb, luma, cv::Matx13f(0.114f, 0.587f, 0.299f));
  // Ink is found by its darkness, which a thin or pale line keeps better than its colour
  // (JPEG halves the chroma resolution); the colour is asked of each blob as a whole.
  ink.mask = ((1 - luma) > s.symbol_ink_darkness) & on_paper;
  cv::Mat gx, gy;
  cv::Sobel(luma, gx, CV_32F, 1, 0, 3, 1.0 / 8);
  cv::Sobel(luma, gy, CV_32F, 0, 1, 3, 1.0 / 8);
  cv::magnitude(gx, gy, gx);  // over gx: one full-size image fewer
  ink.slope = gx;
  cv::dilate(ink.slope, ink.slope, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5)));
  return ink;
}

// The darkness (1 - luma) and the chroma (brightest channel less darkest) of a colour
// divided by its white, where paper is (1, 1, 1).
double darkness_of(const cv::Scalar& c) { return 1 - (0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2]); }
double chroma_of(const cv::Scalar& c) { return std::max({c[0], c[1], c[2]}) - std::min({c[0], c[1], c[2]}); }

// The sharpness (see SymbolBlob) asked of a symbol `width` pixels wide. A symbol wider
// than symbol_sharp_width (a close-up's) is asked for less: a camera's blur is so many
// pixels wide whatever it blurs, and a close-up's symbol is many of them.
double required_sharpness(const ReaderSettings& s, double factor, double width) {
  return s.symbol_min_sharpness * factor * std::min(1.0, s.symbol_sharp_width / width);
}

// The ink pixels inside `contour`, as a mask over `box` (the contour's bounding box
// within the image).
cv::Mat ink_inside(const std::vector<cv::Point>& contour, const InkImage& ink, const cv::Rect& box) {
  cv::Mat inside = cv::Mat::zeros(box.size(), CV_8U);
  cv::drawContours(inside, std::vector<std::vector<cv::Point>>{contour}, 0, 255, cv::FILLED, cv::LINE_8, cv::noArray(),
                   INT_MAX, -box.tl());
  return inside & ink.mask(box);
}

// Ink of too little chroma for its darkness to be printed colour (symbol_split_colourfulness).
bool grey_ink(const cv::Scalar& c, const ReaderSettings& s) {
  return chroma_of(c) < s.symbol_split_colourfulness * darkness_of(c);
}

// A saturated blob of a symbol's proportions, or nothing.
bool as_symbol(const std::vector<cv::Point>& contour, const InkImage& ink, const ReaderSettings& s, SymbolBlob& out) {
  double area = cv::contourArea(contour);
  if (area < s.symbol_min_area) return false;
  // The axes from the second moments: a diamond's minimum-area rectangle lies along a
  // side, its principal axes along its diagonals, as the symbol is printed.
  cv::Moments m = cv::moments(contour);
  if (m.m00 <= 0) return false;
  cv::Point2f centre(float(m.m10 / m.m00), float(m.m01 / m.m00));
  double theta = 0.5 * std::atan2(2 * m.mu11, m.mu20 - m.mu02);
  cv::Point2f u(float(std::cos(theta)), float(std::sin(theta))), v(-u.y, u.x);
  float u_lo = 1e9f, u_hi = -1e9f, v_lo = 1e9f, v_hi = -1e9f;
  for (const cv::Point& p : contour) {
    cv::Point2f d = cv::Point2f(p) - centre;
    u_lo = std::min(u_lo, d.dot(u)), u_hi = std::max(u_hi, d.dot(u));
    v_lo = std::min(v_lo, d.dot(v)), v_hi = std::max(v_hi, d.dot(v));
  }
  double len = u_hi - u_lo, wid = v_hi - v_lo;
  if (wid > len) std::swap(len, wid), std::swap(u, v), std::swap(u_lo, v_lo), std::swap(u_hi, v_hi);
  centre += u * ((u_lo + u_hi) / 2) + v * ((v_lo + v_hi) / 2);
  if (wid < 1 || len / wid < s.symbol_min_aspect || len / wid > s.symbol_max_aspect) return false;
  if (area < s.symbol_min_rect_fill * len * wid) return false;
  std::vector<cv::Point> hull;
  cv::convexHull(contour, hull);
  if (area < s.symbol_min_solidity * cv::contourArea(hull)) return false;

  cv::Rect box = cv::boundingRect(contour) & cv::Rect(0, 0, ink.mask.cols, ink.mask.rows);
  const cv::Mat inside = ink_inside(contour, ink, box);
  if (cv::countNonZero(inside) == 0) return false;
  cv::Scalar c = cv::mean(ink.rgb(box), inside);
  const double darkness = darkness_of(c), chroma = chroma_of(c);
  // Printed ink ends in a sharp edge; a shadow (a finger's, a hand's) fades out over
  // many pixels however dark and tinted it is.
  // (Where the photo's frame cuts the symbol there is no edge to measure.)
  double slope = 0;
  int edge_points = 0;
  const cv::Rect inner(2, 2, ink.slope.cols - 4, ink.slope.rows - 4);
  for (const cv::Point& p : contour)
    if (inner.contains(p)) slope += ink.slope.at<float>(p), ++edge_points;
  if (edge_points == 0) return false;
  const double sharpness = slope / edge_points / darkness;
  if (sharpness < required_sharpness(s, ink.sharpness_factor, wid)) return false;
  if (chroma < s.symbol_min_colourfulness * darkness) return false;  // a grey mark: print, a key, a shadow
  out.sharpness = sharpness;
  out.colourfulness = chroma / darkness;
  out.hue = hue_of(c);
  out.box = cv::RotatedRect(centre, cv::Size2f(float(len), float(wid)), float(std::atan2(u.y, u.x) * 180 / CV_PI));
  out.length = len;
  out.width = wid;
  out.axis = u;
  out.hull.assign(hull.begin(), hull.end());
  return true;
}

// A symbol that touches a grey mark (a pointed shadow, a pen's line, the edge of a cast
// shadow, a dim shadow's noise) is one blob with it, and the blob has no symbol's shape.
// Its coloured ink alone (chroma at least symbol_split_colourfulness of its darkness) is
// measured again: the symbols in it are appended to `out`. False when there is none.
// (Alone, such a piece is not taken for a card: an open outline's coloured part beside a
// card's grey edge framed a false one.)
//
// With `close_arcs`, a piece that is an open outline cut across by the grey mark (a C,
// kBrokenOutline) is measured as its convex hull: what the mark leaves of an open symbol,
// its cut end closed straight. (Only for a blob that had a symbol's shape before the
// grey was taken out; an arc beside any grey mark is not made a symbol.)
bool coloured_parts(const std::vector<cv::Point>& contour, const InkImage& ink, const ReaderSettings& s,
                    std::vector<SymbolBlob>& out, bool close_arcs = false) {
  const cv::Rect box = cv::boundingRect(contour) & cv::Rect(0, 0, ink.mask.cols, ink.mask.rows);
  if (s.symbol_split_colourfulness <= 0 || box.area() > s.symbol_max_area_share * double(ink.mask.total()) ||
      cv::contourArea(contour) < s.symbol_min_area)
    return false;
  cv::Mat part = ink_inside(contour, ink, box);
  const cv::Mat rgb = ink.rgb(box);
  part.forEach<uchar>([&](uchar& m, const int* at) {
    const cv::Scalar c(rgb.at<cv::Vec3f>(at[0], at[1]));
    if (m && grey_ink(c, s)) m = 0;
  });
  cv::morphologyEx(part, part, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));
  std::vector<std::vector<cv::Point>> pieces;
  cv::findContours(part, pieces, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE, box.tl());
  bool found = false;
  for (const auto& piece : pieces) {
    SymbolBlob b;
    bool symbol = as_symbol(piece, ink, s, b);
    if (!symbol && close_arcs && cv::contourArea(piece) < kBrokenOutline * hull_area(piece)) {
      std::vector<cv::Point> hull;
      cv::convexHull(piece, hull);
      symbol = as_symbol(hull, ink, s, b);
    }
    if (symbol) {
      b.split_from = cv::contourArea(contour);
      out.push_back(b);
      found = true;
    }
  }
  return found;
}

// A highlight over a symbol (glare, a lamp's reflection) washes its ink towards white; where
// it reaches the symbol's edge the ink blob has a bite out of it and no symbol's shape. The
// bite still holds the ink, paler: the blob's convex hull is the symbol when the hull's
// pixels outside the ink keep the ink's hue and symbol_bite_chroma of colour, where paper
// (a squiggle's bay, the gap between two symbols) has less. Such a symbol is partly
// inferred, like a bridged one: it frames a card only beside another.
bool bitten_symbol(const std::vector<cv::Point>& contour, const InkImage& ink, const ReaderSettings& s, SymbolBlob& out) {
  const cv::Rect box = cv::boundingRect(contour) & cv::Rect(0, 0, ink.mask.cols, ink.mask.rows);
  if (box.area() > s.symbol_max_area_share * double(ink.mask.total()) || cv::contourArea(contour) < s.symbol_min_area)
    return false;
  std::vector<cv::Point> hull;
  cv::convexHull(contour, hull);
  SymbolBlob whole;
  if (!as_symbol(hull, ink, s, whole)) return false;
  const HullBite bite = hull_bite(contour, ink.rgb, ink.mask);
  if (bite.pixels == 0 || !washed_ink(bite.colour, whole.hue)) return false;
  out = whole;
  out.bitten = true;
  return true;
}

// The share of a blob's ink that lies in dark grey patches: grey ink (grey_ink) darker
// than nearly all of the blob's coloured ink (symbol_fused_core_quantile), in a patch that
// an opening by kGreyPatch pixels leaves. A black label, a cover or a pen's mark fused to a
// symbol is such a patch. The symbol's own greyish
// pixels are not: its anti-aliased rim is thin, and the stripes that dim light or JPEG's
// halved chroma turn greyish are paler than its outline.
constexpr int kGreyPatch = 5;
double grey_share(const std::vector<cv::Point>& contour, const InkImage& ink, const ReaderSettings& s) {
  const cv::Rect box = cv::boundingRect(contour) & cv::Rect(0, 0, ink.mask.cols, ink.mask.rows);
  const cv::Mat inside = ink_inside(contour, ink, box);
  const int all = cv::countNonZero(inside);
  if (all == 0) return 0;
  const cv::Mat rgb = ink.rgb(box);
  cv::Mat grey = cv::Mat::zeros(box.size(), CV_8U), darkness(box.size(), CV_32F);
  std::vector<float> coloured;  // the darkness of the coloured ink
  for (int y = 0; y < inside.rows; ++y)
    for (int x = 0; x < inside.cols; ++x) {
      if (!inside.at<uchar>(y, x)) continue;
      const cv::Scalar c(rgb.at<cv::Vec3f>(y, x));
      darkness.at<float>(y, x) = float(darkness_of(c));
      if (grey_ink(c, s)) grey.at<uchar>(y, x) = 255;
      else coloured.push_back(darkness.at<float>(y, x));
    }
  if (coloured.empty()) return 0;
  // Darker than the coloured ink's core (symbol_fused_core_quantile).
  const auto at = std::min(coloured.size() - 1, std::size_t(double(coloured.size()) * s.symbol_fused_core_quantile));
  const auto core = coloured.begin() + std::ptrdiff_t(at);
  std::nth_element(coloured.begin(), core, coloured.end());
  grey &= darkness > *core;
  cv::morphologyEx(grey, grey, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(kGreyPatch, kGreyPatch)));
  return double(cv::countNonZero(grey)) / all;
}

// The blob's width along `dir` (a unit vector) through its centre: under any affine view
// of a card, the chord across the row of symbols is the printed symbol width seen in
// that view, where the extent square to the symbol's axis grows with the shear.
double chord(const SymbolBlob& b, cv::Point2f dir) {
  double lo = 0, hi = 0;
  const size_t n = b.hull.size();
  for (size_t i = 0; i < n; ++i) {
    cv::Point2f p = b.hull[i] - b.box.center, e = b.hull[(i + 1) % n] - b.hull[i];
    // Where centre + t dir meets p + s e, 0 <= s <= 1.
    double cross = double(dir.x) * e.y - double(dir.y) * e.x;
    if (std::abs(cross) < 1e-9) continue;
    double t = (double(p.x) * e.y - double(p.y) * e.x) / cross;
    double along_edge = (double(p.x) * dir.y - double(p.y) * dir.x) / cross;
    if (along_edge < 0 || along_edge > 1) continue;
    lo = std::min(lo, t), hi = std::max(hi, t);
  }
  return hi - lo;
}

// Two symbols of one card: alike in colour and size, parallel, side by side across
// their long axes at the printed pitch.
bool same_card(const SymbolBlob& a, const SymbolBlob& b, const ReaderSettings& s) {
  // One ink: hues close around the circle. (Red and purple are told apart on the
  // card; near their boundary one symbol's hue can fall on either side.)
  if (hue_gap(a.hue, b.hue) > s.symbol_max_hue_step) return false;
  auto close = [](double x, double y, double tol) { return std::max(x, y) <= (1 + tol) * std::min(x, y); };
  if (!close(a.length, b.length, s.symbol_size_tolerance) || !close(a.width, b.width, s.symbol_size_tolerance))
    return false;
  if (std::abs(a.axis.dot(b.axis)) < std::cos(s.symbol_max_turn_deg * CV_PI / 180)) return false;
  cv::Point2f d = b.box.center - a.box.center;
  double w = (a.width + b.width) / 2;
  double along = std::abs(d.dot(a.axis));
  double across = std::abs(d.x * a.axis.y - d.y * a.axis.x);
  // A steep view of a card turned away from the camera shears the row of symbols along
  // their axis by a share of their length, which no count of their foreshortened widths
  // bounds; the next card along the symbols lies 1.43 lengths away.
  double offset = std::max(s.symbol_max_offset * w, s.symbol_max_shear * (a.length + b.length) / 2);
  if (along > offset) return false;
  if (across >= s.symbol_min_pitch * w && across <= s.symbol_max_pitch * w) return true;
  // Sheared: the pitch in chords along the row, which the shear leaves as printed.
  const double step = cv::norm(d);
  if (step <= 0) return false;
  const cv::Point2f dir = d * float(1 / step);
  const double chords = (chord(a, dir) + chord(b, dir)) / 2;
  return chords > 0 && step >= s.symbol_min_pitch * chords && step <= s.symbol_max_pitch * chords;
}

// The card frame around a group: its long axis runs across the symbols' long axes; the
// symbols' width fixes the card's length and their length its width.
Quad card_frame(const std::vector<SymbolBlob>& group, const ReaderSettings& s) {
  cv::Point2f centre(0, 0), u = group[0].axis;
  double length = 0, width = 0;
  for (const auto& g : group) {
    centre += g.box.center;
    length += g.length;
    width += g.width;
  }
  const float n = float(group.size());
  centre *= 1 / n;
  double card_length = width / n / s.symbol_width_share;
  double card_width = length / n / s.symbol_length_share;
  cv::Point2f v(-u.y, u.x);
  // The card's length runs along the row of symbols, which a sheared view turns away
  // from square to their axis: the frame is then the parallelogram the card's
  // rectangle is seen as, as long across the symbols' axis as the unsheared frame.
  cv::Point2f row = group.back().box.center - group.front().box.center;
  const double row_length = cv::norm(row);
  if (group.size() >= 2 && row_length > 0) {
    cv::Point2f along_row = row * float(1 / row_length);
    if (along_row.dot(v) < 0) along_row = -along_row;
    // Nearly square: the plain rectangle, which the centres' jitter would only skew.
    if (along_row.dot(v) < std::cos(s.symbol_frame_shear_deg * CV_PI / 180)) v = along_row * float(1 / along_row.dot(v));
  }
  cv::Point2f hl = v * float(card_length / 2), hw = u * float(card_width / 2);
  return {centre - hl - hw, centre + hl - hw, centre + hl + hw, centre - hl + hw};
}

// A photo out of focus blurs every edge alike: its symbols' edges fall to the softness of
// a sharp photo's shadows. The share of symbol_min_sharpness asked of this photo's edges:
// symbol_relative_sharpness of the upper quartile of its symbol-like blobs' sharpness (of
// at least symbol_sharpness_blobs), never above 1 nor below symbol_min_sharpness_share.
// The upper quartile, since faint specks and shadows, soft in any photo, can be the
// greater part of the blobs; a sharp photo's symbols (0.45-1.0) keep the full threshold.
double photo_sharpness(const std::vector<std::optional<SymbolBlob>>& shaped, const ReaderSettings& s) {
  if (s.symbol_relative_sharpness <= 0) return 1;
  std::vector<double> sharpness;
  for (const auto& b : shaped)
    if (b) sharpness.push_back(b->sharpness);
  if (sharpness.size() < std::size_t(s.symbol_sharpness_blobs)) return 1;
  const auto upper = sharpness.begin() + sharpness.size() * 3 / 4;
  std::nth_element(sharpness.begin(), upper, sharpness.end());
  const double factor = s.symbol_relative_sharpness * *upper / s.symbol_min_sharpness;
  return std::clamp(factor, s.symbol_min_sharpness_share, 1.0);
}

}  // namespace

std::vector<SymbolGroup> find_symbol_groups(const cv::Mat& bgr, double card_length, double window, SymbolTrace* trace) {
  CV_Assert(bgr.type() == CV_8UC3);
  const ReaderSettings& s = reader_settings();
  InkImage ink = find_ink(bgr, s, card_length, window);
  // Every outer boundary, also those inside a hole of another blob: where the table is
  // darker than the paper, a card is a hole in the table's blob and its symbols lie in it.
  cv::Mat closed;
  cv::morphologyEx(ink.mask, closed, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));
  if (trace) trace->ink = closed;
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(closed, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_NONE);
  // Every outer blob as a symbol, its edge's sharpness aside: the photo's sharpness is
  // measured on them, then each is held to it.
  ink.sharpness_factor = 0;
  std::vector<std::optional<SymbolBlob>> shaped(contours.size());
  for (size_t i = 0; i < contours.size(); ++i) {
    SymbolBlob b;
    if (hierarchy[i][3] < 0 && as_symbol(contours[i], ink, s, b)) shaped[i] = b;
  }
  ink.sharpness_factor = photo_sharpness(shaped, s);
  std::vector<SymbolBlob> blobs;
  std::vector<int> arcs;  // broken outlines no gap of symbol_max_gap closes alone
  for (size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] >= 0) continue;
    if (shaped[i] && shaped[i]->sharpness >= required_sharpness(s, ink.sharpness_factor, shaped[i]->width)) {
      // A symbol fused with a dark mark can keep a symbol's proportions (a label over
      // its end): its coloured ink alone, when it holds a symbol of a part's size
      // (symbol_fused_min_part, symbol_fused_shrink), is the symbol.
      std::vector<SymbolBlob> parts;
      if (s.symbol_fused_grey_share < 1 && grey_share(contours[i], ink, s) > s.symbol_fused_grey_share &&
          coloured_parts(contours[i], ink, s, parts, true) &&
          std::all_of(parts.begin(), parts.end(), [&](const SymbolBlob& p) {
            const double share = p.length * p.width / (shaped[i]->length * shaped[i]->width);
            return share >= s.symbol_fused_min_part && share < s.symbol_fused_shrink;
          })) {
        blobs.insert(blobs.end(), parts.begin(), parts.end());
        continue;
      }
      blobs.push_back(*shaped[i]);
      continue;
    }
    SymbolBlob b;
    if (s.symbol_bite_chroma < 1 && bitten_symbol(contours[i], ink, s, b)) {
      blobs.push_back(b);
      continue;
    }
    if (coloured_parts(contours[i], ink, s, blobs)) continue;
    // An open symbol's thin outline, faded where it is a pixel wide at the view's
    // scale, breaks into a C whose contour runs round both sides of the line: it is
    // measured again with a gap of a few pixels closed, by every test as before.
    // (A blob over symbol_max_area_share of the view is no symbol however it is bridged.)
    const double hull = hull_area(contours[i]);
    if (s.symbol_max_gap < 1 || hull < s.symbol_min_area || hull > s.symbol_max_area_share * double(closed.total()) ||
        cv::contourArea(contours[i]) >= kBrokenOutline * hull)
      continue;
    if (as_symbol(bridge_gap(contours[i], 1, int(s.symbol_max_gap)), ink, s, b)) {
      b.bridged = true;
      blobs.push_back(b);
    } else {
      arcs.push_back(int(i));
    }
  }
  // An outline broken twice lies in two arcs: each pair of arcs that come within a gap
  // of each other is closed as one. (Not the whole view closed: the rows of a steeply
  // seen card's symbols lie a few pixels apart and would join.)
  const int gap = 2 * int(s.symbol_max_gap);
  for (size_t x = 0; x < arcs.size(); ++x)
    for (size_t y = x + 1; y < arcs.size(); ++y) {
      const auto &a = contours[arcs[x]], &c = contours[arcs[y]];
      cv::Rect ra = cv::boundingRect(a), rc = cv::boundingRect(c);
      if (((ra + cv::Size(gap, gap) - cv::Point(gap / 2, gap / 2)) & rc).empty()) continue;
      SymbolBlob b;
      if (as_symbol(bridge_gaps({a, c}, 1, int(s.symbol_max_gap)), ink, s, b)) {
        b.bridged = true;
        blobs.push_back(b);
      }
    }

  // Components of the "same card" relation, each a row of symbols.
  const int n = int(blobs.size());
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (same_card(blobs[i], blobs[j], s)) parent[find(i)] = find(j);
  std::vector<std::vector<int>> members(n);
  for (int i = 0; i < n; ++i) members[find(i)].push_back(i);

  std::vector<SymbolGroup> groups;
  for (auto& m : members) {
    if (m.empty()) continue;
    // Along the row; a row of more than three is cards laid end to end, split where
    // the spacing jumps (the card margins make the gap between cards the widest).
    cv::Point2f u = blobs[m[0]].axis, v(-u.y, u.x);
    std::sort(m.begin(), m.end(), [&](int a, int b) { return blobs[a].box.center.dot(v) < blobs[b].box.center.dot(v); });
    std::vector<std::vector<int>> rows{{m[0]}};
    for (size_t k = 1; k < m.size(); ++k) {
      cv::Point2f d = blobs[m[k]].box.center - blobs[m[k - 1]].box.center;
      double gap = std::abs(d.dot(v)) / ((blobs[m[k]].width + blobs[m[k - 1]].width) / 2);
      if (rows.back().size() == 3 || gap > s.symbol_max_pitch) rows.emplace_back();
      rows.back().push_back(m[k]);
    }
    for (const auto& row : rows) {
      // A lone blob as elongated as a foreshortened symbol is more often a streak of a
      // textured table; two or three alike and evenly spaced are not.
      if (row.size() == 1 && blobs[row[0]].length > s.symbol_max_lone_aspect * blobs[row[0]].width) continue;
      // Closing a gap makes a symbol of many a curved mark, and so does cutting the
      // coloured part out of a blob or taking a bitten blob's hull; alone, such a shape is
      // not taken for a card, two or three alike at the printed pitch are.
      const SymbolBlob& lone = blobs[row[0]];
      if (row.size() == 1 && (lone.bridged || lone.split_from > 0 || lone.bitten)) {
        if (trace && lone.split_from > 0) trace->split_alone.push_back(lone);
        continue;
      }
      SymbolGroup g;
      for (int i : row) g.symbols.push_back(blobs[i]);
      g.card = card_frame(g.symbols, s);
      // A card may be cut by the frame's edge (a close-up), but a frame mostly outside
      // the photo leaves too little paper to tell a card from a patterned table.
      std::vector<cv::Point2f> poly(g.card.begin(), g.card.end()), clipped;
      std::vector<cv::Point2f> photo{{0, 0}, {float(bgr.cols), 0}, {float(bgr.cols), float(bgr.rows)}, {0, float(bgr.rows)}};
      double within = cv::intersectConvexConvex(poly, photo, clipped);
      if (within >= s.symbol_min_frame_inside * quad_area(g.card)) groups.push_back(std::move(g));
    }
  }
  return groups;
}

std::vector<SymbolGroup> find_symbol_groups_all_windows(const cv::Mat& bgr, double card_length) {
  const ReaderSettings& s = reader_settings();
  SymbolTrace wide;
  cv::Mat labels, stats, centroids;
  std::vector<SymbolGroup> groups = find_symbol_groups(bgr, card_length, 0, &wide);
  // Whether the default window's ink swallowed the symbol: it lies in an ink blob many
  // times its size there (the shadowed paper round it), where a coloured object that is
  // no symbol (a die) is a blob of its own size at every window.
  auto swallowed = [&](const SymbolBlob& b) {
    if (labels.empty()) cv::connectedComponentsWithStats(wide.ink, labels, stats, centroids, 8, CV_32S);
    const cv::Point c(cvRound(b.box.center.x), cvRound(b.box.center.y));
    if (!cv::Rect(0, 0, labels.cols, labels.rows).contains(c)) return false;
    const int label = labels.at<int>(c);
    return label > 0 && stats.at<int>(label, cv::CC_STAT_AREA) >= s.symbol_finer_lone_swallowed * b.length * b.width;
  };
  // Whether the default window cut this symbol out of a blob of grey ink, the shadowed
  // paper it lies on, and left it alone: the same symbol (centre within half its width,
  // length alike) out of a blob symbol_finer_lone_split times its rectangle. Unlike
  // `swallowed` this holds for an open symbol too, whose centre is paper.
  auto split_wide = [&](const SymbolBlob& b) {
    if (s.symbol_finer_lone_split <= 0) return false;
    return std::any_of(wide.split_alone.begin(), wide.split_alone.end(), [&](const SymbolBlob& a) {
      return a.split_from >= s.symbol_finer_lone_split * a.length * a.width &&
             cv::norm(a.box.center - b.box.center) <= 0.5 * std::min(a.width, b.width) &&
             std::max(a.length, b.length) <= (1 + s.symbol_size_tolerance) * std::min(a.length, b.length);
    });
  };
  double window = s.symbol_white_window;
  for (int pass = 0; pass < int(s.symbol_finer_windows); ++pass) {
    window /= 2;
    if (card_length > 0 && window * std::max(bgr.cols, bgr.rows) >= s.symbol_white_card_window * card_length)
      continue;  // the outline cards' window is narrower already
    for (auto& g : find_symbol_groups(bgr, card_length, window))
      if (int(g.symbols.size()) >= int(s.symbol_finer_min_symbols) ||
          (g.symbols.front().colourfulness >= s.symbol_finer_lone_colourfulness && swallowed(g.symbols.front())) ||
          split_wide(g.symbols.front()))
        groups.push_back(std::move(g));
  }
  return groups;
}

}  // namespace puzzlesat::set_vision

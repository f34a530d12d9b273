#include "frontends/set/card_quads.h"
#include "frontends/image/masked_percentile.h"
#include "frontends/set/reader_settings.h"
#include "frontends/set/size_field.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace puzzlesat::set_vision {
namespace {

struct Candidate {
  Quad quad;
  double area = 0;  // of the contour, in pixels
  double fit = 0;   // contour area / quad area: 1 for a clean card outline
  double aspect = 0;  // long side / short side
  bool rebuilt = false;  // corners rebuilt from the sides (see sides_to_quad)
  bool lengthened = false;  // rebuilt to a card's proportions from a squarish plain cut, which
                            // is proposed too: the card on a table seen from above, not obliquely
};

double distance(cv::Point2f a, cv::Point2f b) { return std::hypot(a.x - b.x, a.y - b.y); }

// Squarer than a card seen from above or at a moderate slant: a card foreshortened along
// its length, the part of a card a cover leaves, or a tile, a die, a box.
bool squarish(double aspect) { return aspect < reader_settings().outline_typical_min_aspect; }
bool squarish(const Candidate& c) { return squarish(c.aspect); }

// Where the lines through a0-a1 and b0-b1 meet; false when they are near parallel.
bool meet(cv::Point2f a0, cv::Point2f a1, cv::Point2f b0, cv::Point2f b1, cv::Point2f& out) {
  cv::Point2f r = a1 - a0, s = b1 - b0;
  double cross = double(r.x) * s.y - double(r.y) * s.x;
  if (std::abs(cross) < 0.2 * cv::norm(r) * cv::norm(s)) return false;  // under ~12 degrees
  double t = (double(b0.x - a0.x) * s.y - double(b0.y - a0.y) * s.x) / cross;
  out = a0 + r * float(t);
  return true;
}

// The quad with every side moved outwards by `d` pixels.
Quad grown(const Quad& q, float d) {
  cv::Point2f c = (q[0] + q[1] + q[2] + q[3]) * 0.25f;
  cv::Point2f a[4], b[4];
  for (int i = 0; i < 4; ++i) {
    cv::Point2f p0 = q[i], p1 = q[(i + 1) % 4], dir = p1 - p0;
    cv::Point2f n(dir.y, -dir.x);
    n *= 1.0f / std::max(1e-6f, float(cv::norm(n)));
    if (n.dot(p0 - c) < 0) n = -n;
    a[i] = p0 + n * d;
    b[i] = p1 + n * d;
  }
  Quad out = q;
  for (int i = 0; i < 4; ++i) {
    cv::Point2f corner;
    if (meet(a[(i + 3) % 4], b[(i + 3) % 4], a[i], b[i], corner)) out[i] = corner;
  }
  return out;
}

// The largest deviation of a quad's corner angles from a right angle, in degrees.
double skew(const Quad& q) {
  double worst = 0;
  for (int i = 0; i < 4; ++i) {
    cv::Point2f a = q[(i + 3) % 4] - q[i], b = q[(i + 1) % 4] - q[i];
    double c = (a.x * b.x + a.y * b.y) / (cv::norm(a) * cv::norm(b) + 1e-9);
    worst = std::max(worst, std::abs(std::acos(std::clamp(c, -1.0, 1.0)) * 180 / CV_PI - 90));
  }
  return worst;
}

// A card with a corner hidden (a label drawn over it, a finger, a neighbour's edge)
// or strongly rounded has a hull of five to eight sides: its four sides and cuts
// across the corners. Extending four of them until they meet gives a quad that holds
// the hull; the card is the one closest to a rectangle (a card in mild perspective
// keeps its corners near right angles, where a cut meets a side at a slant).
// Cutting the hull down to four vertices would instead slice a triangle off the card.
bool sides_to_quad(const std::vector<cv::Point>& poly, Quad& quad) {
  int n = int(poly.size());
  if (n < 5 || n > 8) return false;
  double max_area = 1.3 * cv::contourArea(poly);  // no more than the hidden corners add
  double best = 12;  // degrees: beyond that, not a card seen from above
  bool found = false;
  for (int mask = 0; mask < (1 << n); ++mask) {
    if (__builtin_popcount(unsigned(mask)) != 4) continue;
    int side[4], k = 0;
    for (int i = 0; i < n; ++i)
      if (mask >> i & 1) side[k++] = i;
    Quad q;
    bool ok = true;
    for (int j = 0; j < 4 && ok; ++j) {
      int a = side[j], b = side[(j + 1) % 4];
      ok = meet(poly[a], poly[(a + 1) % n], poly[b], poly[(b + 1) % n], q[(j + 1) % 4]);
    }
    std::vector<cv::Point2f> qv(q.begin(), q.end());
    if (!ok || !cv::isContourConvex(qv) || quad_area(q) > max_area) continue;
    for (const auto& p : poly) ok &= cv::pointPolygonTest(qv, cv::Point2f(p), true) > -2;
    double d = skew(q);
    if (ok && d < best) { best = d; quad = q; found = true; }
  }
  return found;
}

// The hull reduced to four corners, or nothing when it is not a quadrilateral.
bool hull_to_quad(const std::vector<cv::Point>& hull, Quad& quad) {
  double perimeter = cv::arcLength(hull, true);
  std::vector<cv::Point> poly;
  for (double eps = 0.015; eps < 0.12; eps *= 1.25) {
    cv::approxPolyDP(hull, poly, eps * perimeter, true);
    if (poly.size() <= 4) break;
  }
  if (poly.size() != 4) return false;
  for (int i = 0; i < 4; ++i) quad[i] = cv::Point2f(poly[i]);
  return true;
}

// A card whose whole end is hidden (an app's label box drawn across it, a hand, a
// phone's edge) still shows three straight sides: two parallel ones and the end
// between them. The hidden end lies where a card's proportions put it: the end is a
// short side (or, seen the other way, a long one) and the sides run kCardAspect times
// its length (or 1 / kCardAspect) from it. The candidate must hold the whole hull; what the
// occluder hides is missing from the contour, so the caller accepts a lower fill.
bool three_sides_to_quad(const std::vector<cv::Point>& poly, Quad& quad) {
  int n = int(poly.size());
  if (n < 4 || n > 8) return false;
  auto dir = [&](int i) {
    cv::Point2f d = cv::Point2f(poly[(i + 1) % n]) - cv::Point2f(poly[i]);
    return d * (1.0f / std::max(1e-6f, float(cv::norm(d))));
  };
  auto len = [&](int i) { return distance(poly[i], poly[(i + 1) % n]); };
  std::vector<cv::Point2f> hull(poly.begin(), poly.end());
  double hull_area = cv::contourArea(hull), best = 0;
  bool found = false;
  for (int b = 0; b < n; ++b) {
    int a = (b + n - 1) % n, c = (b + 1) % n;  // the sides on either side of the end b
    cv::Point2f da = dir(a), db = dir(b), dc = dir(c);
    // Near-square corners (cos 78 deg = 0.21: within 12 deg, as in sides_to_quad) and
    // sides parallel within ~11 deg (cos 169 deg = -0.98), so that perspective passes.
    constexpr double kSquareCos = 0.21, kParallelCos = -0.98;
    if (std::abs(da.dot(db)) > kSquareCos || std::abs(dc.dot(db)) > kSquareCos || da.dot(dc) > kParallelCos) continue;
    double end = len(b);
    // A stretch of the far end in sight means the end is not hidden: the sides then
    // meet it (sides_to_quad), wherever card proportions would put it. The far end
    // runs parallel to the near one (within ~6 deg: cos = 0.995).
    bool far_end_seen = false;
    for (int k = 0; k < n; ++k)
      if (k != a && k != b && k != c && std::abs(dir(k).dot(db)) > 0.995 && len(k) > 0.15 * end) far_end_seen = true;
    if (far_end_seen) continue;
    const double aspect = reader_settings().outline_card_aspect;
    for (double ratio : {aspect, 1 / aspect}) {
      double side = ratio * end;
      // Most of both sides must be seen; the rest is what is hidden.
      if (len(a) < 0.5 * side || len(c) < 0.5 * side) continue;
      cv::Point2f p1 = poly[b], p2 = poly[c];  // the end's corners
      // Sides a (into p1) and c (out of p2) run away from the end.
      Quad q = {p1 - da * float(side), p1, p2, p2 + dc * float(side)};
      std::vector<cv::Point2f> qv(q.begin(), q.end());
      if (!cv::isContourConvex(qv)) continue;
      bool holds = true;
      for (const auto& p : hull) holds &= cv::pointPolygonTest(qv, p, true) > -3;
      double fill = hull_area / quad_area(q);
      if (holds && fill > best) { best = fill; quad = q; found = true; }
    }
  }
  return found;
}

// A quad of a card's proportions that the contour (of `area`) fills to at least
// `min_fit`.
bool card_quad(const Quad& q, double area, double min_fit, Candidate& out) {
  double qa = quad_area(q);
  if (qa <= 0) return false;
  double fit = area / qa;
  if (fit < min_fit || fit > 1.1) return false;
  double s[4];
  for (int i = 0; i < 4; ++i) s[i] = distance(q[i], q[(i + 1) % 4]);
  if (std::min(s[0], s[2]) < 0.6 * std::max(s[0], s[2])) return false;
  if (std::min(s[1], s[3]) < 0.6 * std::max(s[1], s[3])) return false;
  const double aspect = quad_aspect(q);
  if (aspect < reader_settings().outline_min_card_aspect || aspect > reader_settings().outline_max_row_aspect)
    return false;
  out = {q, area, fit, aspect};
  return true;
}

// A card is a convex quadrilateral filled by its contour, about 1.55 times as long as
// wide; perspective may shorten one pair of sides but not by much. Appends the card's
// outline to `out`; a squarish plain cut (a card foreshortened, or the part of a card a
// cover over its end leaves) comes with the rebuilt outline of a card's proportions, if
// any: which of the two is the card is known only once the view is (find_card_quads).
bool card_shaped(const std::vector<cv::Point>& contour, double min_area, std::vector<Candidate>& out) {
  double area = cv::contourArea(contour);
  if (area < min_area) return false;
  std::vector<cv::Point> hull;
  cv::convexHull(contour, hull);
  double hull_area = cv::contourArea(hull);
  // Too concave for a card, unless an occluder across its end also cuts into it (a
  // label box over the end and a corner leaves an L of paper, solidity ~0.85): then
  // only the three sides left can tell where the card is.
  if (area < reader_settings().outline_min_solidity * hull_area) return false;
  bool concave = area < 0.88 * hull_area;
  std::vector<cv::Point> poly;
  cv::approxPolyDP(hull, poly, 0.015 * cv::arcLength(hull, true), true);
  Quad cut, rebuilt, three;
  Candidate plain, sided, ended;
  bool plain_ok = !concave && hull_to_quad(hull, cut) && card_quad(cut, area, 0.9, plain);
  const double kClearlySquarer = reader_settings().outline_clearly_squarer_deg;
  const bool squat = plain_ok && squarish(plain);
  if (plain_ok && !squat && skew(cut) <= kClearlySquarer) {  // nothing to rebuild
    out.push_back(plain);
    return true;
  }
  // Corners rebuilt from the sides, when they make a clearly squarer card than the
  // plain cut (a rounded or lightly chipped corner changes nothing). The hidden
  // corners they restore are missing from the contour, so it fills less of that quad.
  auto better_than_plain = [&](const Quad& q, const Candidate& c) {
    return !plain_ok || skew(q) < skew(cut) - kClearlySquarer ||
           (squat && !squarish(c));
  };
  auto with_rebuilt = [&](Candidate c) {
    c.rebuilt = true;
    c.lengthened = squat;
    out.push_back(c);
    if (squat) out.push_back(plain);
    return true;
  };
  if (!concave && sides_to_quad(poly, rebuilt) && card_quad(rebuilt, area, 0.85, sided) &&
      better_than_plain(rebuilt, sided))
    return with_rebuilt(sided);
  // The whole end hidden, by an L-shaped cover or a slanted edge across it: the end
  // rebuilt from the three sides seen, when that is clearly squarer than the plain cut.
  if (three_sides_to_quad(poly, three) && card_quad(three, area, reader_settings().outline_least_fill, ended) &&
      better_than_plain(three, ended))
    return with_rebuilt(ended);
  if (plain_ok) out.push_back(plain);
  return plain_ok;
}

// Cards lying edge to edge in a row with no visible seam make one long rectangle k
// times the typical card area; cut it into k card-shaped pieces when one way of cutting
// gives pieces of a card's proportions. Nothing when the candidate is not such a row.
std::vector<Candidate> split_row(const Candidate& c, double card_area) {
  double ratio = c.area / card_area;
  int k = int(std::lround(ratio));
  if (k < 2 || k > 6 || std::abs(ratio / k - 1) > 0.2) return {};
  const Quad& q = c.quad;
  double a = (distance(q[0], q[1]) + distance(q[2], q[3])) / 2;
  double b = (distance(q[1], q[2]) + distance(q[3], q[0])) / 2;
  auto aspect = [](double x, double y) { return std::max(x, y) / std::min(x, y); };
  const double card_aspect = reader_settings().outline_card_aspect;
  double along_a = std::abs(aspect(a / k, b) - card_aspect), along_b = std::abs(aspect(a, b / k) - card_aspect);
  if (std::min(along_a, along_b) > 0.3) return {};
  // A shape of a card's own proportions is one card, however large: two cards side by
  // side make a squat shape (1.3:1), three a long one. On a table seen obliquely the near
  // cards can be twice the size of the far ones, and a whole near card must not become
  // two squat halves.
  if (std::abs(aspect(a, b) - card_aspect) <= std::min(along_a, along_b)) return {};
  // Cut across side 0-1 (and 3-2), or across side 1-2 (and 0-3).
  int s = along_a <= along_b ? 0 : 1;
  cv::Point2f p0 = q[s], p1 = q[(s + 1) % 4], p2 = q[(s + 2) % 4], p3 = q[(s + 3) % 4];
  std::vector<Candidate> pieces;
  for (int i = 0; i < k; ++i) {
    float t0 = float(i) / k, t1 = float(i + 1) / k;
    Quad piece = {p0 + (p1 - p0) * t0, p0 + (p1 - p0) * t1, p3 + (p2 - p3) * t1, p3 + (p2 - p3) * t0};
    pieces.push_back({piece, c.area / k, c.fit, card_aspect});
  }
  return pieces;
}

// The median of an 8-bit image over a quadrilateral.
int median_in(const cv::Mat& img, const Quad& q) {
  std::vector<cv::Point> poly;
  for (const auto& p : q) poly.push_back(cv::Point(p));
  cv::Rect box = cv::boundingRect(poly) & cv::Rect(0, 0, img.cols, img.rows);
  if (box.empty()) return 255;
  cv::Mat mask = cv::Mat::zeros(box.size(), CV_8U);
  for (auto& p : poly) p -= box.tl();
  cv::fillConvexPoly(mask, poly, 255);
  int hist[256] = {0}, total = 0;
  for (int y = 0; y < box.height; ++y) {
    const uchar* v = img.ptr<uchar>(box.y + y) + box.x;
    const uchar* m = mask.ptr<uchar>(y);
    for (int x = 0; x < box.width; ++x)
      if (m[x]) { ++hist[v[x]]; ++total; }
  }
  for (int v = 0, seen = 0; v < 256; ++v)
    if ((seen += hist[v]) * 2 >= total) return v;
  return 255;
}

bool at_border(const Quad& q, cv::Size size) {
  constexpr float margin = 1.5f;
  for (const auto& p : q)
    if (p.x < margin || p.y < margin || p.x > size.width - 1 - margin || p.y > size.height - 1 - margin) return true;
  return false;
}

// A card's expected area on the photo: one size (the median of the larger half of the
// outlines of a card's proportions: cards are the largest alike outlines, clutter is
// mostly smaller), or, on a table seen obliquely, a plane of sizes (size_field.h).
struct ExpectedArea {
  double median = 0;  // 0: no outline of a card's proportions
  SizeField field;    // agreeing > 0 when the plane replaces the one size
  double level = 1;   // area over the plane's size squared, among the outlines that agree

  bool none() const { return median == 0; }
  bool oblique() const { return field.agreeing > 0; }
  double at(const Quad& q) const {
    if (!oblique()) return median;
    const double e = std::max(1.0, field.at(quad_center(q)));
    return level * e * e;
  }
};

ExpectedArea expected_card_area(const std::vector<Candidate>& outlines, cv::Size frame) {
  const ReaderSettings& s = reader_settings();
  ExpectedArea expected;
  // Outlines cut by the frame are cloth, a box or glare, mostly. Squarish ones (a card
  // foreshortened along its length, but more often the tiles of a checked cloth) do not
  // set the one size.
  std::vector<const Candidate*> typical, squat;
  for (const auto& u : outlines)
    if (!at_border(u.quad, frame)) (squarish(u) ? squat : typical).push_back(&u);
  if (typical.empty()) return expected;
  std::vector<double> areas;
  for (const Candidate* u : typical) areas.push_back(u->area);
  std::sort(areas.begin(), areas.end(), std::greater<>());
  expected.median = areas[(areas.size() + 1) / 2 / 2];

  // The plane is fitted to the card-proportioned outlines and the squarish ones (the far
  // cards may all look square) within the spread it may have of the one size (not a
  // checked cloth's tiles, nor specks).
  std::vector<cv::Point2f> centres;
  std::vector<double> sizes;
  const double one_size = std::sqrt(expected.median), spread = s.outline_max_size_spread;
  for (const auto* group : {&typical, &squat})
    for (const Candidate* u : *group) {
      const double size = std::sqrt(u->area);
      if (group == &typical || (size > one_size / spread && size < one_size * spread)) {
        centres.push_back(quad_center(u->quad));
        sizes.push_back(size);
      }
    }
  const SizeField field = fit_size_field(centres, sizes,
                                         {s.outline_size_tolerance, spread, int(s.outline_size_plane_min_cards),
                                          s.outline_size_plane_margin});
  if (field.agreeing == 0) return expected;
  auto holds = [&](double size_there, size_t i) {
    return std::abs(std::log(sizes[i] / size_there)) <= std::log(s.outline_size_tolerance);
  };
  // The plane must hold as many card-proportioned outlines as the one size, and keep most
  // of those the one size holds (a table seen obliquely has its middle cards there), so
  // that a desk's clutter cannot carry it.
  int by_plane = 0, by_one = 0, kept_of_one = 0;
  for (size_t i = 0; i < typical.size(); ++i) {
    const bool plane = holds(field.at(centres[i]), i), one = holds(one_size, i);
    by_plane += plane, by_one += one, kept_of_one += plane && one;
  }
  if (by_plane < by_one || kept_of_one < s.outline_size_plane_keeps * by_one) return expected;
  std::vector<double> ratios;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const double e = field.at(centres[i]);
    if (holds(e, i)) ratios.push_back(sizes[i] * sizes[i] / (e * e));
  }
  std::nth_element(ratios.begin(), ratios.begin() + ratios.size() / 2, ratios.end());
  expected.field = field;
  expected.level = ratios[ratios.size() / 2];
  return expected;
}

}  // namespace

double quad_area(const Quad& q) {
  double s = 0;
  for (int i = 0; i < 4; ++i) s += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y;
  return std::abs(s) / 2;
}

double quad_aspect(const Quad& q) {
  const double a = distance(q[0], q[1]) + distance(q[2], q[3]), b = distance(q[1], q[2]) + distance(q[3], q[0]);
  return std::max(a, b) / std::max(1e-9, std::min(a, b));
}

cv::Point2f quad_center(const Quad& q) {
  return (q[0] + q[1] + q[2] + q[3]) * 0.25f;
}

bool quad_contains(const Quad& q, cv::Point2f p) {
  return cv::pointPolygonTest(std::vector<cv::Point2f>(q.begin(), q.end()), p, false) >= 0;
}

std::vector<Quad> find_card_quads(const cv::Mat& bgr) {
  CV_Assert(bgr.type() == CV_8UC3);
  // Card paper is the brightest unsaturated surface. Lightness (max + min) / 2 keeps
  // paper bright under tinted light, where the smallest channel alone would drop, and
  // still halves saturated wood, cloth and clutter.
  std::vector<cv::Mat> ch;
  cv::split(bgr, ch);
  cv::Mat white;
  cv::addWeighted(cv::max(cv::max(ch[0], ch[1]), ch[2]), 0.5, cv::min(cv::min(ch[0], ch[1]), ch[2]), 0.5, 0, white);
  cv::GaussianBlur(white, white, cv::Size(5, 5), 0);

  cv::Mat scratch;
  double otsu = cv::threshold(white, scratch, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
  // Several thresholds: low ones keep dim cards whole, high ones split touching cards
  // and cards lying on pale surfaces.
  std::vector<double> levels;
  for (double f : {0.6, 0.75, 1.0}) levels.push_back(otsu * f);
  for (double f : {0.25, 0.5, 0.7}) levels.push_back(otsu + (250 - otsu) * f);

  // Strong edges cut every thresholded mask: a card's border stays a border even where
  // glare on a glossy table is as bright as the paper next to it.
  cv::Mat edges;
  cv::Canny(white, edges, 40, 100);
  cv::dilate(edges, edges, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(2, 2)));

  const ReaderSettings& s = reader_settings();
  double min_area = s.outline_min_area * bgr.total();
  // Paper under any usable light is well above outline_darkest_paper; darker "white" is
  // table. In a dim room the paper itself sinks towards it: the bound is then a share of
  // the photo's brightest lightness, which is paper, glare or a white object.
  double darkest_paper = s.outline_darkest_paper;
  if (s.outline_darkest_paper_share > 0) {
    const cv::Mat everywhere(white.size(), CV_8U, cv::Scalar(255));
    const double bright = image::masked_percentile(white, everywhere, 0.99);
    darkest_paper = std::min(darkest_paper, s.outline_darkest_paper_share * bright);
  }
  std::vector<Candidate> all;
  cv::Mat kernel = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3));
  // Every connected region of a mask, nested ones too (a card's inside is enclosed by
  // the table's region when only edges separate them), is tried as a card.
  auto collect = [&](const cv::Mat& bin, bool cut_by_edges = true, float grow = 0) {
    for (const cv::Mat& mask : {bin, cut_by_edges ? cv::Mat(bin & ~edges) : cv::Mat()}) {
      if (mask.empty()) continue;
      std::vector<std::vector<cv::Point>> contours;
      std::vector<cv::Vec4i> hierarchy;
      cv::findContours(mask, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_SIMPLE);
      for (size_t i = 0; i < contours.size(); ++i) {
        if (hierarchy[i][3] >= 0) continue;  // a hole's boundary, not a region's
        const auto& c = contours[i];
        std::vector<Candidate> shaped;
        if (!card_shaped(c, min_area, shaped)) continue;
        for (Candidate& cand : shaped) {
          if (grow > 0) cand.quad = grown(cand.quad, grow);
          all.push_back(cand);
        }
      }
    }
  };
  for (double t : levels) {
    if (t < darkest_paper) continue;
    cv::Mat bin;
    cv::threshold(white, bin, t, 255, cv::THRESH_BINARY);
    cv::morphologyEx(bin, bin, cv::MORPH_OPEN, kernel);
    collect(bin);
  }
  // And brighter than its surroundings, for cards lit unevenly (a lamp on one side).
  int block = (std::max(bgr.cols, bgr.rows) / 4) | 1;
  cv::Mat local;
  cv::adaptiveThreshold(white, local, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY, block, -15);
  local &= white > darkest_paper;
  cv::morphologyEx(local, local, cv::MORPH_OPEN, kernel);
  collect(local);
  // And by their borders alone, for cards no brighter than the table (a white desk):
  // the regions that faint lightness edges enclose. Paper meets paper at a soft step
  // of a few grey levels, which no brightness threshold separates.
  cv::Mat soft_edges;
  cv::Canny(white, soft_edges, s.outline_soft_edge_low, s.outline_soft_edge_high);
  cv::dilate(soft_edges, soft_edges, kernel);
  // A region stops short of its card's border by the edge's own width.
  collect(~soft_edges & (white > darkest_paper), false, 2.5f);

  // The same card seen at several thresholds: keep its fullest outline, but a plain
  // one over one with rebuilt corners, which may be a card merged with a bit of table.
  std::sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
    return std::make_pair(a.rebuilt, -a.area) < std::make_pair(b.rebuilt, -b.area);
  });
  std::vector<Candidate> unique, rows;
  for (const auto& c : all) {
    if (c.aspect > s.outline_max_card_aspect) {
      rows.push_back(c);
      continue;
    }
    // A squarish plain outline (a card foreshortened, or the part of a card left by a
    // cover over its end) hides no outline rebuilt to a card's proportions: which of the
    // two is the card is known only once the view is (the sizes below).
    bool seen = false;
    for (const auto& u : unique) {
      double ratio = c.area / u.area;
      if (squarish(u) && !squarish(c)) continue;
      if (ratio > 0.6 && quad_contains(u.quad, quad_center(c.quad))) { seen = true; break; }
    }
    if (!seen) unique.push_back(c);
  }
  // Paper is near grey even under tinted light; most of a card's area is paper, so its
  // median saturation is low, where a bright patch of cloth or a tile is coloured.
  cv::Mat hi = cv::max(cv::max(ch[0], ch[1]), ch[2]), lo = cv::min(cv::min(ch[0], ch[1]), ch[2]);
  cv::Mat saturation;
  cv::divide(hi - lo, cv::max(hi, 1), saturation, 255.0, CV_8U);
  std::erase_if(unique, [&](const Candidate& c) { return median_in(saturation, c.quad) > s.outline_max_saturation * 255; });
  if (unique.empty()) return {};

  const ExpectedArea expected = expected_card_area(unique, bgr.size());
  if (expected.none()) return {};  // squares alone are dice, tiles or boxes
  // A card looks square only foreshortened, on a table seen obliquely; on one seen from
  // above a square is a die, a tile or a box, or the part of a card a cover leaves, whose
  // rebuilt outline is then the card. Cut by the frame, a square is a piece of anything.
  std::vector<Candidate> sized;
  for (const auto& u : unique) {
    if (expected.oblique() ? u.lengthened || (squarish(u) && at_border(u.quad, bgr.size())) : squarish(u)) continue;
    const double area = expected.at(u.quad);
    if (u.area > s.outline_min_size_share * area && u.area < s.outline_max_size_share * area) sized.push_back(u);
  }
  // Rows of cards lying edge to edge: both long ones and pairs that look like one
  // squat card twice the usual size. A long shape cut by the frame is more likely the
  // box the cards came in.
  for (const auto* group : {&unique, &rows})
    for (const auto& u : *group)
      if (!at_border(u.quad, bgr.size()))
        for (const auto& piece : split_row(u, expected.at(u.quad))) sized.push_back(piece);

  // Overlaps left over (two touching cards seen also as one blob): keep the one nearer
  // the typical size.
  auto badness = [&](const Candidate& c) { return std::abs(std::log(c.area / expected.at(c.quad))); };
  std::vector<Candidate> kept;
  std::sort(sized.begin(), sized.end(), [&](const Candidate& a, const Candidate& b) { return badness(a) < badness(b); });
  for (const auto& c : sized) {
    bool overlaps = false;
    for (const auto& k : kept)
      if (quad_contains(k.quad, quad_center(c.quad)) || quad_contains(c.quad, quad_center(k.quad))) { overlaps = true; break; }
    if (!overlaps) kept.push_back(c);
  }

  std::vector<Quad> quads;
  for (const auto& k : kept) quads.push_back(k.quad);
  // Reading order: rows of about half a card's height, then left to right.
  double row = std::sqrt(expected.median) * 0.5;
  auto key = [&](const Quad& q) {
    cv::Point2f c = quad_center(q);
    return std::make_pair(std::floor(c.y / row), c.x);
  };
  std::sort(quads.begin(), quads.end(), [&](const Quad& a, const Quad& b) { return key(a) < key(b); });
  return quads;
}

}  // namespace puzzlesat::set_vision

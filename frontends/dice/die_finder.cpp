#include "frontends/dice/die_finder.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>

#include "frontends/dice/dice_settings.h"
#include "frontends/dice/edge_contours.h"
#include "frontends/dice/pip_faces.h"
#include "frontends/dice/pip_layout.h"
#include "frontends/image/lab.h"
#include "frontends/image/mask_outline.h"

namespace puzzlesat::dice_vision {

namespace {

// Every tuned number here is a setting (dice_settings.h, finder_*): passed down as `s`.
// Structuring elements of 3 and 5 pixels (specks, gaps of a pixel or two at the working
// size) and the k-means parameters stay in the code.

int whole(double v) { return static_cast<int>(std::lround(v)); }

// The table without the dice: a median over windows several dice wide, computed at low
// resolution because the table changes slowly and the median is the costly part.

cv::Mat shrink(const cv::Mat& image, const DiceSettings& s) {
  const double scale = s.finder_table_scale / std::max(image.cols, image.rows);
  cv::Mat small;
  cv::resize(image, small, cv::Size(), scale, scale, cv::INTER_AREA);
  return small;
}

cv::Mat grow(const cv::Mat& small, cv::Size size) {
  cv::Mat full;
  cv::resize(small, full, size, 0, 0, cv::INTER_LINEAR);
  return full;
}

// Thresholds on the difference from the background, in 8-bit Lab units. Darker-than-table
// needs more than brighter-than-table so that soft shadows stay background while black
// dice do not.
struct Thresholds {
  int brighter, darker, chroma;
};

Thresholds thresholds(const DiceSettings& s) {
  return {whole(s.finder_brighter), whole(s.finder_darker), whole(s.finder_chroma)};
}

cv::Mat differs_from(const cv::Mat& lab, const cv::Mat& bg, Thresholds t) {
  cv::Mat mask(lab.size(), CV_8U);
  for (int y = 0; y < lab.rows; ++y) {
    const auto* p = lab.ptr<cv::Vec3b>(y);
    const auto* b = bg.ptr<cv::Vec3b>(y);
    auto* m = mask.ptr<uchar>(y);
    for (int x = 0; x < lab.cols; ++x) {
      const int dl = int(p[x][0]) - int(b[x][0]);
      const int da = int(p[x][1]) - int(b[x][1]);
      const int db = int(p[x][2]) - int(b[x][2]);
      const bool differs = dl > t.brighter || dl < -t.darker || da * da + db * db > t.chroma * t.chroma;
      m[x] = differs ? 255 : 0;
    }
  }
  return mask;
}

void fill_small_holes(cv::Mat& mask, double max_hole);
void fill_die_rings(cv::Mat& mask, double min_side, double max_side, const DiceSettings& s);

// Two passes: a clump of dice wider than half the median window takes over the median, and
// the dice inside it then match the "table". So what the first pass found, with the holes
// it encloses, is painted over from the table around it before the median is taken again.
// Returns the table model at full size.
cv::Mat table_model(const cv::Mat& lab, const DiceSettings& s) {
  const cv::Mat small = shrink(lab, s);
  const int window = whole(s.finder_table_window) | 1;
  cv::Mat median;
  cv::medianBlur(small, median, window);
  const cv::Mat first = differs_from(small, median, thresholds(s));
  cv::Mat covered;
  cv::morphologyEx(first, covered, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  fill_small_holes(covered, std::pow(s.finder_table_hole * s.finder_table_scale, 2));
  // A face of fewer than 3 pixels in this 80-px view holds no pip islands to find.
  constexpr double kSmallestFace = 3;
  fill_die_rings(covered, kSmallestFace, s.finder_table_clump * s.finder_table_scale, s);
  // Only clump-sized things are painted over; long structures (a tray's walls, cables,
  // a laptop's edge) stay part of the table model as before.
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(covered, labels, stats, centroids, 8, CV_32S);
  std::vector<uchar> keep(n, 0);
  for (int k = 1; k < n; ++k)
    keep[k] = std::max(stats.at<int>(k, cv::CC_STAT_WIDTH), stats.at<int>(k, cv::CC_STAT_HEIGHT)) <= s.finder_table_clump * s.finder_table_scale;
  for (int y = 0; y < covered.rows; ++y)
    for (int x = 0; x < covered.cols; ++x) covered.at<uchar>(y, x) = keep[labels.at<int>(y, x)] ? 255 : 0;
  cv::dilate(covered, covered, cv::Mat());
  // Normalised convolution: the mean of the uncovered table around each covered pixel.
  cv::Mat weight, weight3, values, num, den;
  cv::Mat(~covered).convertTo(weight, CV_32F, 1.0 / 255);
  cv::merge(std::vector<cv::Mat>{weight, weight, weight}, weight3);
  small.convertTo(values, CV_32FC3);
  cv::boxFilter(values.mul(weight3), num, -1, cv::Size(window, window));
  cv::boxFilter(weight3, den, -1, cv::Size(window, window));
  cv::Mat table = small.clone();
  for (int y = 0; y < table.rows; ++y)
    for (int x = 0; x < table.cols; ++x) {
      if (!covered.at<uchar>(y, x)) continue;
      const cv::Vec3f d = den.at<cv::Vec3f>(y, x);
      table.at<cv::Vec3b>(y, x) = d[0] > 0.05f ? cv::Vec3b(cv::Vec3f(num.at<cv::Vec3f>(y, x)) / d[0]) : median.at<cv::Vec3b>(y, x);
    }
  cv::medianBlur(table, median, window);
  return grow(median, lab.size());
}

struct Blob {
  cv::Rect box;
  cv::Mat mask;  // box-sized
  double area = 0;
  cv::RotatedRect shape;
  double solidity = 0;
  double aspect = 1;
  bool at_frame = false;  // touches the image's edge
  bool one_die = false;   // a bump cut from a tray's wall: one die, whatever its area
};

// `mask` is box-sized, 255 on the blob.
Blob describe_mask(cv::Mat mask, cv::Rect box) {
  Blob b;
  b.box = box;
  b.mask = std::move(mask);
  // Hull and rectangle from each row's end pixels: the same as from all pixels (mask_outline.h).
  const std::vector<cv::Point> pts = image::row_extremes(b.mask);
  b.area = cv::countNonZero(b.mask);
  b.shape = cv::minAreaRect(pts);
  std::vector<cv::Point> hull;
  cv::convexHull(pts, hull);
  const double hull_area = cv::contourArea(hull) + 0.5 * cv::arcLength(hull, true) + 1;  // pixel-area hull
  b.solidity = std::min(1.0, b.area / hull_area);
  const float w = b.shape.size.width + 1, h = b.shape.size.height + 1;
  b.aspect = std::max(w, h) / std::min(w, h);
  return b;
}

Blob describe(const cv::Mat& labels, int label, cv::Rect box) {
  cv::Mat mask;
  cv::compare(labels(box), label, mask, cv::CMP_EQ);
  return describe_mask(std::move(mask), box);
}

// The bounding box of component `k` of connectedComponentsWithStats.
cv::Rect component_box(const cv::Mat& stats, int k) {
  return {stats.at<int>(k, cv::CC_STAT_LEFT), stats.at<int>(k, cv::CC_STAT_TOP), stats.at<int>(k, cv::CC_STAT_WIDTH),
          stats.at<int>(k, cv::CC_STAT_HEIGHT)};
}

// The components of `mask` by their outer contours, each filled (what an outline's ring
// encloses, the face, becomes part of it; cheaper than labelling the whole image), that
// are clear of the frame and hold half a typical die to a clump of finder_max_clump: box-sized
// masks, 255 on the component, with their boxes.
std::vector<std::pair<cv::Mat, cv::Rect>> filled_components(const cv::Mat& mask, double typical, const DiceSettings& s) {
  std::vector<std::vector<cv::Point>> outlines;
  cv::findContours(mask, outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  std::vector<std::pair<cv::Mat, cv::Rect>> out;
  for (const auto& outline : outlines) {
    const cv::Rect box = cv::boundingRect(outline);
    if (box.x == 0 || box.y == 0 || box.br().x == mask.cols || box.br().y == mask.rows) continue;
    if (double(box.area()) < s.finder_least_die * typical) continue;  // too small to be a die even when filled
    cv::Mat piece = cv::Mat::zeros(box.size(), CV_8U);
    cv::drawContours(piece, std::vector<std::vector<cv::Point>>{outline}, 0, cv::Scalar(255), cv::FILLED, cv::LINE_8,
                     cv::noArray(), 0, -box.tl());
    const double ratio = cv::countNonZero(piece) / typical;
    if (ratio < s.finder_least_die || ratio > s.finder_max_clump) continue;
    out.emplace_back(std::move(piece), box);
  }
  return out;
}

// Fills the holes a die's pips leave in the mask, but not the table inside a tray's rim.
void fill_small_holes(cv::Mat& mask, double max_hole) {
  cv::Mat holes = ~mask, labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(holes, labels, stats, centroids, 4, CV_32S);
  std::vector<uchar> fill(n, 0);
  for (int k = 1; k < n; ++k) {
    const int x = stats.at<int>(k, cv::CC_STAT_LEFT), y = stats.at<int>(k, cv::CC_STAT_TOP);
    const int w = stats.at<int>(k, cv::CC_STAT_WIDTH), h = stats.at<int>(k, cv::CC_STAT_HEIGHT);
    const bool touches_border = x == 0 || y == 0 || x + w == mask.cols || y + h == mask.rows;
    fill[k] = !touches_border && stats.at<int>(k, cv::CC_STAT_AREA) < max_hole;
  }
  for (int y = 0; y < mask.rows; ++y) {
    const int* l = labels.ptr<int>(y);
    uchar* m = mask.ptr<uchar>(y);
    for (int x = 0; x < mask.cols; ++x)
      if (fill[l[x]]) m[x] = 255;
  }
}

// Scale first: a die's face is a hole in the mask wherever it matches the table (a white
// die on white paper shows only its rim and shadow; a die a quarter of the frame across
// takes over the table model's median), and fill_small_holes fills holes only up to a
// share of the frame, which such a face exceeds. Its pips then stand alone, look like
// small square dice and set the typical die: five dice read "1 1 1 1 1". So a hole that
// is die-sized (its box from `min_side` to `max_side` pixels) and as square and solid as
// one die (finder_single_aspect, finder_single_solidity) is filled whatever its area: the
// table inside a tray's wall is larger, and table enclosed by a ring of dice is not square.
// The hole, not the outline round it: print or a neighbour touching the rim spoils the
// outline's shape but not the face's.
void fill_die_rings(cv::Mat& mask, double min_side, double max_side, const DiceSettings& s) {
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;  // next, previous, first child, parent
  cv::findContours(mask, contours, hierarchy, cv::RETR_TREE, cv::CHAIN_APPROX_SIMPLE);
  for (std::size_t i = 0; i < contours.size(); ++i) {
    const int parent = hierarchy[i][3];
    if (parent < 0 || hierarchy[parent][3] >= 0) continue;  // a hole in an outermost outline only
    const cv::Rect box = cv::boundingRect(contours[i]);
    const int longer = std::max(box.width, box.height);
    if (longer < min_side || longer > max_side) continue;
    // The face shows its pips: one to pip_max_blobs islands, each at most pip-sized. An
    // empty square (a frame, a card's rim, carpet) or one holding a large shape (a card's
    // symbol) is no face.
    // A pip's widest: two radii of pip_max_radius half-sides, i.e. pip_max_radius sides.
    const double widest_pip = s.pip_max_radius * longer;
    int islands = 0;
    bool pip_sized = true;
    for (int c = hierarchy[i][2]; c >= 0; c = hierarchy[c][0]) {
      const cv::Rect b = cv::boundingRect(contours[c]);
      ++islands;
      pip_sized = pip_sized && std::max(b.width, b.height) <= widest_pip;
    }
    if (islands == 0 || islands > s.pip_max_blobs || !pip_sized) continue;
    const cv::RotatedRect r = cv::minAreaRect(contours[i]);
    const double w = r.size.width + 1, h = r.size.height + 1;
    if (std::max(w, h) / std::min(w, h) >= s.finder_single_aspect) continue;
    std::vector<cv::Point> hull;
    cv::convexHull(contours[i], hull);
    const double area = cv::contourArea(contours[i]), hull_area = cv::contourArea(hull);
    if (hull_area <= 0 || area / hull_area <= s.finder_single_solidity) continue;
    cv::drawContours(mask, contours, int(i), cv::Scalar(255), cv::FILLED);
  }
}

// A die is convex: its region is the hull of the pixels found, which also restores the
// bits of a face that happened to match the table.
DieRegion region_from_mask(const cv::Mat& piece, cv::Rect box, double quality) {
  std::vector<cv::Point> hull;
  cv::convexHull(image::row_extremes(piece), hull);
  DieRegion r;
  r.box = box;
  r.mask = cv::Mat::zeros(piece.size(), CV_8U);
  cv::fillConvexPoly(r.mask, hull, cv::Scalar(255));
  for (auto& p : hull) p += box.tl();
  r.shape = cv::minAreaRect(hull);
  r.split_quality = quality;
  return r;
}

// How square a piece of a blob is: its side ratio times how fully it fills its
// minimum-area rectangle.
double squareness(const std::vector<cv::Point>& pts) {
  const cv::RotatedRect r = cv::minAreaRect(pts);
  const double w = r.size.width + 1, h = r.size.height + 1, n = double(pts.size());
  return std::min(w, h) / std::max(w, h) * std::min(1.0, n / (w * h));
}

// Cuts a blob of `k` touching dice into k compact pieces by clustering its pixels on their
// position and, more weakly, their hue (a, b in Lab; not brightness, which differs between
// one die's lit and shaded faces): neighbouring dice often differ in colour, and the cut
// then follows the seam between them. `square`, when given, receives the pieces' mean
// squareness (by pixels), lowered when the smallest piece is much smaller than the rest.
std::vector<DieRegion> split_blob(const cv::Mat& lab, const cv::Mat& blob_mask, cv::Rect box, int k,
                                  const DiceSettings& s, double* square = nullptr) {
  const float colour_weight = static_cast<float>(s.finder_split_colour);
  std::vector<cv::Point> pts;
  cv::findNonZero(blob_mask, pts);
  const int step = std::max<int>(1, static_cast<int>(pts.size() / 1500));
  cv::Mat samples(0, 4, CV_32F);
  for (std::size_t i = 0; i < pts.size(); i += step) {
    const cv::Vec3b c = lab.at<cv::Vec3b>(pts[i] + box.tl());
    float row[4] = {float(pts[i].x), float(pts[i].y), colour_weight * c[1], colour_weight * c[2]};
    samples.push_back(cv::Mat(1, 4, CV_32F, row));
  }
  if (samples.rows < k * 4) return {region_from_mask(blob_mask, box, s.finder_unsplit_quality)};
  cv::Mat labels, centres;
  cv::setRNGSeed(12345);  // the same photo always gives the same reading
  cv::kmeans(samples, k, labels, cv::TermCriteria(cv::TermCriteria::EPS + cv::TermCriteria::COUNT, 30, 0.1),
             3, cv::KMEANS_PP_CENTERS, centres);
  std::vector<cv::Mat> pieces(k);
  for (auto& p : pieces) p = cv::Mat::zeros(blob_mask.size(), CV_8U);
  for (const auto& p : pts) {
    int best = 0;
    float best_d = 1e30f;
    const cv::Vec3b colour = lab.at<cv::Vec3b>(p + box.tl());
    for (int c = 0; c < k; ++c) {
      const float dx = p.x - centres.at<float>(c, 0), dy = p.y - centres.at<float>(c, 1);
      float d = dx * dx + dy * dy;
      for (int j = 1; j < 3; ++j) {
        const float dc = colour_weight * colour[j] - centres.at<float>(c, 1 + j);
        d += dc * dc;
      }
      if (d < best_d) best_d = d, best = c;
    }
    pieces[best].at<uchar>(p) = 255;
  }
  std::vector<DieRegion> out;
  double weighted = 0, total = 0;
  for (auto& piece : pieces) {
    const cv::Rect sub = cv::boundingRect(piece);
    if (sub.area() == 0) continue;
    if (square) {
      std::vector<cv::Point> on;
      cv::findNonZero(piece(sub), on);
      weighted += double(on.size()) * squareness(on);
      total += double(on.size());
    }
    out.push_back(region_from_mask(piece(sub).clone(), sub + box.tl(), s.finder_split_quality));
  }
  if (square && !out.empty()) {
    // Dice touching in one blob are alike in size: a sliver between them is no die.
    double smallest = 1e30, sum = 0;
    for (const auto& r : out) {
      const double a = cv::countNonZero(r.mask);
      smallest = std::min(smallest, a), sum += a;
    }
    *square = total > 0 ? weighted / total * std::pow(smallest / (sum / out.size()), 0.25) : 0;
  }
  return out;
}

// A light die touching something dark that runs off the frame (a cable's ferrite, a
// laptop's keys) is part of that thing's foreground blob and would be dropped with it. The
// blob's light pixels alone (split from its dark ones at Otsu's threshold of lightness) can
// hold whole dice apart from the frame: each piece that looks like one typical die is kept.
void add_dice_beside_dark(const cv::Mat& lab, const cv::Mat& labels, int label, cv::Rect box, double typical,
                          std::vector<Blob>& blobs, const DiceSettings& s) {
  const cv::Mat roi_m = labels(box) == label;
  cv::Mat roi_l;
  cv::extractChannel(lab(box), roi_l, 0);
  std::array<int, 256> hist{};
  for (int y = 0; y < roi_l.rows; ++y)
    for (int x = 0; x < roi_l.cols; ++x)
      if (roi_m.at<uchar>(y, x)) ++hist[roi_l.at<uchar>(y, x)];
  // Otsu's threshold of the blob's lightness.
  double n = 0, total = 0;
  for (int v = 0; v < 256; ++v) n += hist[v], total += double(v) * hist[v];
  double w0 = 0, sum0 = 0, best = -1;
  int threshold = 0;
  for (int t = 0; t < 256; ++t) {
    w0 += hist[t], sum0 += double(t) * hist[t];
    const double w1 = n - w0;
    if (w0 == 0 || w1 == 0) continue;
    const double m0 = sum0 / w0, m1 = (total - sum0) / w1, between = w0 * w1 * (m0 - m1) * (m0 - m1);
    if (between > best) best = between, threshold = t;
  }
  cv::Mat light = (roi_l > threshold) & roi_m;
  cv::morphologyEx(light, light, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  fill_small_holes(light, s.finder_dark_hole * typical);
  cv::Mat pieces, stats, centroids;
  const int m = cv::connectedComponentsWithStats(light, pieces, stats, centroids, 8, CV_32S);
  for (int k = 1; k < m; ++k) {
    const int x = stats.at<int>(k, cv::CC_STAT_LEFT) + box.x, y = stats.at<int>(k, cv::CC_STAT_TOP) + box.y;
    const int w = stats.at<int>(k, cv::CC_STAT_WIDTH), h = stats.at<int>(k, cv::CC_STAT_HEIGHT);
    if (x == 0 || y == 0 || x + w == labels.cols || y + h == labels.rows) continue;
    const double ratio = stats.at<int>(k, cv::CC_STAT_AREA) / typical;
    if (ratio < s.finder_dark_min || ratio > s.finder_dark_max) continue;
    Blob b = describe(pieces, k, cv::Rect(x - box.x, y - box.y, w, h));
    b.box += box.tl();
    b.shape.center += cv::Point2f(box.tl());
    if (b.aspect < s.finder_single_aspect && b.solidity > s.finder_single_solidity) blobs.push_back(std::move(b));
  }
}

// How much a plain stretch of table differs from its model in hue, and how much its
// lightness changes from pixel to pixel: the 90th percentiles over every other pixel away
// from anything found (most of a photo is table; the rest, its edges and folds, is above).
struct TableNoise {
  int chroma = 0, gradient = 0;
};

TableNoise table_noise(const cv::Mat& lab, const cv::Mat& table, const cv::Mat& grad, const cv::Mat& found, double quantile) {
  std::array<int, 256> chroma{}, gradient{};
  int n = 0;
  for (int y = 0; y < lab.rows; y += 2) {
    const auto* p = lab.ptr<cv::Vec3b>(y);
    const auto* b = table.ptr<cv::Vec3b>(y);
    const auto* g = grad.ptr<uchar>(y);
    const auto* m = found.ptr<uchar>(y);
    for (int x = 0; x < lab.cols; x += 2) {
      if (m[x]) continue;
      const int da = int(p[x][1]) - int(b[x][1]), db = int(p[x][2]) - int(b[x][2]);
      ++chroma[std::min(255, int(std::sqrt(da * da + db * db)))];
      ++gradient[g[x]];
      ++n;
    }
  }
  const auto percentile = [n](const std::array<int, 256>& hist, double q) {
    int acc = 0, v = 0;
    while (v < 255 && acc + hist[v] < q * n) acc += hist[v++];
    return v;
  };
  return {percentile(chroma, quantile), percentile(gradient, quantile)};
}

// The typical single die: the median area of the blobs that look like one square (of all
// blobs when none does); 0 without blobs.
double typical_die(const std::vector<Blob>& blobs, const DiceSettings& s) {
  std::vector<double> single_areas;
  for (const auto& b : blobs)
    if (b.aspect < s.finder_single_aspect && b.solidity > s.finder_single_solidity) single_areas.push_back(b.area);
  if (single_areas.empty()) {
    for (const auto& b : blobs) single_areas.push_back(b.area);
  } else {
    // Scale first: the pips of a die whose body matches the table (a white die on light
    // paper) stand alone, round and solid, up to six a die, and outvote the dice found
    // whole, which then count as clumps of thirty "dice" and are dropped. No square,
    // solid blob holds more than finder_max_clump dice, so blobs smaller than the largest
    // such blob by more than that factor are not the typical die.
    const double largest = *std::max_element(single_areas.begin(), single_areas.end());
    std::erase_if(single_areas, [&](double a) { return a * s.finder_max_clump < largest; });
  }
  if (single_areas.empty()) return 0;
  std::nth_element(single_areas.begin(), single_areas.begin() + single_areas.size() / 2, single_areas.end());
  return single_areas[single_areas.size() / 2];
}

// The faint pass's second look. A white die's outline on a white tray is often a ring one
// or two pixels wide with gaps, which the opening that clears specks (before the contours
// are filled) erases. So `rings` (the faint mask before that opening) is closed and
// filled first and opened after. A component so found is a die candidate if the first
// look took none of it (`taken`), it is clear of the dice found (`near_found`: the first
// pass's components with their margin), and its box is not mostly inside such a
// component's box (`found_boxes`): there it is a piece of a clump found already, a die in
// it read twice. Returns whether it added any.
bool add_thin_rings(cv::Mat rings, const cv::Mat& near_found, const cv::Mat& taken,
                    const std::vector<cv::Rect>& found_boxes, double typical, std::vector<Blob>& blobs,
                    const DiceSettings& s) {
  cv::morphologyEx(rings, rings, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  std::vector<std::vector<cv::Point>> outlines;
  cv::findContours(rings, outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  cv::drawContours(rings, outlines, -1, cv::Scalar(255), cv::FILLED);
  rings.setTo(0, near_found);  // a ring round a found die would enclose it
  cv::morphologyEx(rings, rings, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  bool added = false;
  for (auto& [piece, box] : filled_components(rings, typical, s)) {
    if (cv::countNonZero(piece & taken(box)) > 0) continue;
    bool in_found = false;
    for (const auto& f : found_boxes) in_found = in_found || (f & box).area() > s.finder_ring_in_found * box.area();
    if (in_found) continue;
    blobs.push_back(describe_mask(std::move(piece), box));
    added = true;
  }
  return added;
}

// Dice of nearly the table's colour (white dice on a white tray) differ from the model by
// less than the thresholds above, which are set for textured tables (wood grain, cables).
// On a plain table the model fits far better and weaker evidence is significant: a hue
// difference at a multiple of the table's own noise, and the outline itself, a closed ring
// of lightness gradient (the top face's edge against its shaded sides) that filling each
// component's outer contour turns into a solid die. The pass runs only on plain tables (where the noise allows a
// chroma threshold well below the usual one), and only on what is clear of everything
// found already; its components then go the way of the others (clumps are split, and the
// pip counter rejects what shows no face).
// `found` is the first pass's mask, `labels` and `stats` its components; those of at least
// `min_area` count as found already. Returns whether it added any.
bool add_faint_blobs(const cv::Mat& lab, const cv::Mat& table, const cv::Mat& found, const cv::Mat& labels,
                     const cv::Mat& stats, const cv::Mat& spurs, double min_area, double typical,
                     std::vector<Blob>& blobs, const DiceSettings& s) {
  cv::Mat l, grad, near;
  cv::extractChannel(lab, l, 0);
  cv::morphologyEx(l, grad, cv::MORPH_GRADIENT, cv::Mat());
  cv::dilate(found, near, cv::getStructuringElement(cv::MORPH_RECT, {15, 15}));
  const TableNoise noise = table_noise(lab, table, grad, near, s.finder_noise_quantile);
  Thresholds faint = thresholds(s);
  faint.chroma = std::max(whole(s.finder_faint_chroma), whole(s.finder_faint_noise) * noise.chroma);
  if (faint.chroma > s.finder_faint_gain * whole(s.finder_chroma)) return false;  // a textured table: nothing to gain
  const int edge = std::max(whole(s.finder_faint_edge), 2 * whole(s.finder_faint_noise) * noise.gradient);
  cv::Mat mask = differs_from(lab, table, faint) | (grad > edge);
  cv::Mat claimed(found.size(), CV_8U);
  for (int y = 0; y < found.rows; ++y) {
    const int* lp = labels.ptr<int>(y);
    uchar* c = claimed.ptr<uchar>(y);
    for (int x = 0; x < found.cols; ++x) c[x] = lp[x] > 0 && stats.at<int>(lp[x], cv::CC_STAT_AREA) >= min_area ? 255 : 0;
  }
  claimed.setTo(0, spurs);
  cv::Mat near_claimed;
  cv::dilate(claimed, near_claimed, cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  mask.setTo(0, near_claimed);
  const cv::Mat rings = mask.clone();
  cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  bool added = false;
  cv::Mat taken = cv::Mat::zeros(mask.size(), CV_8U);
  for (auto& [piece, box] : filled_components(mask, typical, s)) {
    piece.copyTo(taken(box), piece);
    blobs.push_back(describe_mask(std::move(piece), box));
    added = true;
  }
  std::vector<cv::Rect> found_boxes;
  for (int k = 1; k < stats.rows; ++k)
    if (stats.at<int>(k, cv::CC_STAT_AREA) >= min_area) found_boxes.push_back(component_box(stats, k));
  return add_thin_rings(rings, near_claimed, taken, found_boxes, typical, blobs, s) || added;
}

// Splits a blob counted as `k` dice, or fewer. The count comes from the typical die, which
// small pieces (dice found in part, bits of a tray's wall) pull below the real size (on
// nellbyler to 0.84 of it in the median photo, rarely below half), so it errs high: a die
// cut in two gives oblong pieces, a sliver between dice a small one. Of k down to k / 2
// pieces, the squarest split of pieces alike in size is taken, and of splits within
// finder_square_tie of the squarest, the one with the fewest pieces (a steeply seen die's front
// face cut off as a die of its own, a stretch of shadow between dice, were near ties).
// A blob of up to three dice by area that is itself one solid square (aspect below
// finder_one_square_aspect, solidity above finder_one_square_solidity) may be a single die larger than the
// typical one (a die of a bigger set, or nearer the camera), so its splits go down to one
// piece: three dice make no square, and the square block of four has four dice' area.
std::vector<DieRegion> split_squarest(const cv::Mat& lab, const Blob& b, int k, const DiceSettings& s) {
  std::vector<std::pair<double, std::vector<DieRegion>>> splits;  // squareness, pieces; k first
  double square = 0;
  splits.push_back({0, split_blob(lab, b.mask, b.box, k, s, &square)});
  splits.back().first = square;
  const bool one_square = k <= 3 && b.aspect < s.finder_one_square_aspect && b.solidity > s.finder_one_square_solidity;
  for (int fewer = k - 1; fewer >= (one_square ? 1 : (k + 1) / 2); --fewer) {
    std::vector<DieRegion> pieces;
    if (fewer == 1) {
      std::vector<cv::Point> pts;
      cv::findNonZero(b.mask, pts);
      square = squareness(pts);
      pieces.push_back(region_from_mask(b.mask, b.box, 1.0));
    } else {
      pieces = split_blob(lab, b.mask, b.box, fewer, s, &square);
    }
    splits.push_back({square, std::move(pieces)});
  }
  double best = 0;
  for (const auto& s : splits) best = std::max(best, s.first);
  // Of the splits about as square as the best, the one with the fewest pieces.
  for (auto it = splits.rbegin(); it != splits.rend(); ++it)
    if (it->first >= best - s.finder_square_tie) return std::move(it->second);
  return std::move(splits.front().second);
}

// A die against a tray's wall joins the wall's band of foreground (its shading, its rim),
// and the whole ring is one blob far too large and thin to be a clump of dice. The ring is
// made of long straight bands: what a line finder_wall_length dice long fits into, lengthwise or
// crosswise, is wall; the die sticks out of it as a die-sized bump that no such line fits.
// Each bump left after taking the bands (and a margin round them) away, opened with a disc
// of half a die so that corners and slivers of the wall fall away, is kept when it has a
// die's size and shape and is not cut by the frame (`frame`: the image's size).
void add_dice_off_walls(const Blob& ring, double typical, cv::Size frame, std::vector<Blob>& blobs,
                        const DiceSettings& s) {
  const double side = std::sqrt(typical);
  const int length = std::max(9, static_cast<int>(std::lround(s.finder_wall_length * side)));
  cv::Mat across, down, wall;
  // Nothing lies beyond the ring's box: with OpenCV's default border (foreground all
  // round) a line from a die over the outer wall on into the border fitted, and the die
  // against the box's edge counted as wall.
  const auto open_with_line = [&](cv::Size line, cv::Mat& out) {
    cv::morphologyEx(ring.mask, out, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, line), {-1, -1}, 1,
                     cv::BORDER_CONSTANT, cv::Scalar(0));
  };
  open_with_line({length, 1}, across);
  open_with_line({1, length}, down);
  cv::dilate(across | down, wall, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  cv::Mat bumps = ring.mask & ~wall;
  const int disc = std::max(3, static_cast<int>(std::lround(s.finder_wall_disc * side)) | 1);
  cv::morphologyEx(bumps, bumps, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {disc, disc}));
  cv::Mat pieces, stats, centroids;
  const int m = cv::connectedComponentsWithStats(bumps, pieces, stats, centroids, 8, CV_32S);
  for (int k = 1; k < m; ++k) {
    const double ratio = stats.at<int>(k, cv::CC_STAT_AREA) / typical;
    if (ratio < s.finder_least_die || ratio > s.finder_wall_bump) continue;
    const cv::Rect box = component_box(stats, k);
    const cv::Rect at = box + ring.box.tl();
    if (at.x == 0 || at.y == 0 || at.br().x == frame.width || at.br().y == frame.height) continue;  // cut by the frame
    Blob b = describe(pieces, k, box);
    b.box += ring.box.tl();
    b.shape.center += cv::Point2f(ring.box.tl());
    b.one_die = true;
    if (b.aspect < s.finder_wall_bump_aspect && b.solidity > s.finder_wall_bump_solidity) blobs.push_back(std::move(b));
  }
}

// A die the frame cuts only a little (its near side faces, a sliver of its top) still
// shows its whole top face. Such a component is kept when what is visible is nearly one
// typical die and square; cables, laptop edges and dice cut through the top face are
// larger, smaller or oblong. The pip reader must then read a clear face wholly inside the
// frame (dice_reader.cpp), which drops the square bits of other things.
void add_die_at_frame(const cv::Mat& labels, int label, cv::Rect box, double typical, std::vector<Blob>& blobs,
                      const DiceSettings& s) {
  Blob b = describe(labels, label, box);
  const double ratio = b.area / typical;
  if (ratio < s.finder_frame_min || ratio > s.finder_frame_max) return;
  if (b.aspect > s.finder_frame_aspect || b.solidity < s.finder_frame_solidity) return;
  // The top face whole and a band of side face at most: no longer than a die and a bit
  // (a card's or a key's corner is longer).
  if (std::max(b.shape.size.width, b.shape.size.height) > s.finder_frame_length * std::sqrt(typical)) return;
  b.at_frame = true;
  blobs.push_back(std::move(b));
}

// A blob's region is the convex hull of its pixels, so whatever hangs on to a die (a
// streak of shadow, part of a neighbour's faint outline, a wisp of the tray's rim) makes
// the hull span table round the die, and the pip reader then looks for the face in the
// wrong place. An opening with a disc finder_spur_disc of a die's side wide takes such spurs off,
// and cuts the necks where dice touch at a corner. Pieces smaller than finder_spur_keep of a die
// are spurs. A blob of one die (less than finder_spur_clump dice in area) that keeps one piece is
// that piece, if the piece holds finder_spur_share of the blob: more taken off is a part of the
// die (the lower half of a blurred die), not a spur. Clumps keep their spurs: the split
// into squarest pieces deals with them, and a small change to a clump's mask can tip its
// near-ties. Several pieces are separate dice only when the blob has the area of
// finder_neck_split dice or more: a die seen at a slant, its top face and its side face joined
// by a neck, is about one die's area and stays whole.
// Blobs before `first` are trimmed already and pass as they are.
std::vector<Blob> without_spurs(std::vector<Blob> blobs, double typical, const DiceSettings& s, std::size_t first = 0) {
  const int disc = std::max(3, static_cast<int>(std::lround(s.finder_spur_disc * std::sqrt(typical))) | 1);
  const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_ELLIPSE, {disc, disc});
  std::vector<Blob> out;
  for (std::size_t i = 0; i < blobs.size(); ++i) {
    Blob& b = blobs[i];
    if (i < first || b.at_frame || b.one_die) {
      out.push_back(std::move(b));
      continue;
    }
    cv::Mat opened, pieces, stats, centroids;
    cv::morphologyEx(b.mask, opened, cv::MORPH_OPEN, kernel);
    const int m = cv::connectedComponentsWithStats(opened, pieces, stats, centroids, 8, CV_32S);
    std::vector<int> kept;
    for (int k = 1; k < m; ++k)
      if (stats.at<int>(k, cv::CC_STAT_AREA) >= s.finder_spur_keep * typical) kept.push_back(k);
    const bool trimmed = kept.size() == 1 && b.area < s.finder_spur_clump * typical &&
                         stats.at<int>(kept[0], cv::CC_STAT_AREA) >= s.finder_spur_share * b.area;
    const bool cut = kept.size() > 1 && b.area >= s.finder_neck_split * typical;
    if (!trimmed && !cut) {
      out.push_back(std::move(b));
      continue;
    }
    for (const int k : kept) {
      const cv::Rect box = component_box(stats, k);
      Blob piece = describe(pieces, k, box);
      piece.box += b.box.tl();
      piece.shape.center += cv::Point2f(b.box.tl());
      out.push_back(std::move(piece));
    }
  }
  return out;
}

// A second way in that does not go through the table model. Everything above finds a die
// by how it differs from the table; a white die on white or printed paper differs only by
// its rim, which the thresholds see in pieces, and a die a third of the frame across takes
// over the median that models the table. Its top face is still a closed outline: the
// lightness edge where the face meets its rounded rim. So the faces are looked for as holes
// in an edge map (Canny on lightness, gaps of a pixel closed): a hole that is as square as
// a top face (finder_outline_aspect) and as solid as one die (finder_single_solidity), of
// a large die's size (finder_outline_min_side to finder_outline_max_side of the long
// side), and holds one to six islands that look like pips: within finder_outline_pip_alike
// of the size pip_layout draws (kPipRadius), so of one size; round
// (finder_outline_pip_round); one ring each; centred and laid out as a face's pips; darker
// than the face. A check of a cloth or a card's rim holds no such islands, a keyboard's
// key holds letters and logos (not round, with holes, in a corner, lighter than the key);
// print, a neighbour or a shadow touching the rim does not change the face inside it.
// Returns each face (its hole filled, pips and all) as a box-sized mask with its box.
std::vector<std::pair<cv::Mat, cv::Rect>> outlined_faces(const cv::Mat& lab, const EdgeContours& edges,
                                                         const DiceSettings& s) {
  const auto& [contours, hierarchy] = edges;
  const double longest = std::max(lab.cols, lab.rows);
  std::vector<std::pair<cv::Mat, cv::Rect>> out;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (edges.depth(i) % 2 == 0) continue;  // a face is a hole
    const cv::Rect box = cv::boundingRect(contours[i]);
    const int longer = std::max(box.width, box.height);
    if (longer < s.finder_outline_min_side * longest || longer > s.finder_outline_max_side * longest) continue;
    if (box.x == 0 || box.y == 0 || box.br().x == lab.cols || box.br().y == lab.rows) continue;
    // A pip's width as pip_layout draws it: two kPipRadius half-sides, kPipRadius sides.
    const double pip = kPipRadius * longer;
    int islands = 0;
    bool pips = true;
    std::vector<cv::Point2f> centres;
    for (int c = hierarchy[i][2]; c >= 0 && pips; c = hierarchy[c][0]) {
      const cv::Rect b = cv::boundingRect(contours[c]);
      const double wide = std::max(b.width, b.height);
      ++islands;
      centres.emplace_back(b.x + 0.5f * b.width, b.y + 0.5f * b.height);
      const int inner = hierarchy[c][2];
      const bool one_ring = inner < 0 || hierarchy[inner][0] < 0;
      pips = wide <= s.finder_outline_pip_alike * pip && wide * s.finder_outline_pip_alike >= pip &&
             edges.round(std::size_t(c), s) && one_ring;
    }
    // Six pips at most: the largest face of a six-sided die.
    if (!pips || islands == 0 || islands > 6) continue;
    const cv::RotatedRect r = cv::minAreaRect(contours[i]);
    const double w = r.size.width + 1, h = r.size.height + 1;
    if (std::max(w, h) / std::min(w, h) >= s.finder_outline_aspect) continue;
    // Every face's layout is symmetric about its centre: the pips' centroid is the face's
    // (a key's letter or logo sits in a corner). And they lie as the face's pips lie, by
    // the pip counter's own measure (a pip and a speck of dirt beside it are no 2).
    cv::Point2f centroid(0, 0);
    for (const auto& c : centres) centroid += c;
    centroid *= 1.0f / islands;
    const double half = 0.5 * std::min(w, h), off_centre = cv::norm(centroid - r.center) / half;
    if (off_centre > s.finder_outline_off_centre) continue;
    if (layout_misfit(centres, islands, float(half), s) + s.pip_off_centre_weight * off_centre > s.pip_max_misfit)
      continue;
    std::vector<cv::Point> hull;
    cv::convexHull(contours[i], hull);
    const double hull_area = cv::contourArea(hull);
    if (hull_area <= 0 || cv::contourArea(contours[i]) / hull_area <= s.finder_single_solidity) continue;
    cv::Mat face = cv::Mat::zeros(box.size(), CV_8U), spots = cv::Mat::zeros(box.size(), CV_8U);
    cv::drawContours(face, contours, int(i), cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), 0, -box.tl());
    for (int c = hierarchy[i][2]; c >= 0; c = hierarchy[c][0])
      cv::drawContours(spots, contours, c, cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), 0, -box.tl());
    // Pips stand out from the face, all darker (black on white) or all lighter (white on
    // red, green or black): the tests above, not the polarity, keep a keyboard's keys out,
    // and a glint among dark pips is no pip.
    const double face_l = cv::mean(lab(box), face & ~spots)[0];
    int darker = 0, lighter = 0;
    for (int c = hierarchy[i][2]; c >= 0; c = hierarchy[c][0]) {
      cv::Mat one = cv::Mat::zeros(box.size(), CV_8U);
      cv::drawContours(one, contours, c, cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), 0, -box.tl());
      const double pip_l = cv::mean(lab(box), one)[0];
      darker += face_l - pip_l >= s.finder_outline_pip_contrast;
      lighter += pip_l - face_l >= s.finder_outline_pip_contrast;
    }
    if (darker != islands && lighter != islands) continue;
    out.emplace_back(std::move(face), box);
  }
  return out;
}

// Who vouches for a face's extent: its own closed outline, or only the pips it was framed from.
enum class FaceFrom { Outline, Pips };

// Adds the faces that the regions found so far do not already hold. A region whose box
// covers at least finder_outline_found of a face's box is that die found (its reading stands
// as before), unless it is far larger than the face (finder_outline_swallow): then it is
// the die with its side faces, seen steeply, or a clump, and the pips of every face in
// it would be counted as one; the outlined face replaces it and keeps its box as the
// die's body, which the learned reader reads too (DieRegion::body). Other regions whose
// centre lies in the face are its pips or pieces of it, taken for dice of their own: the
// face replaces them. Regions that only touch the face (its side faces and shadow, a
// neighbour) stay.
void add_faces(const std::vector<std::pair<cv::Mat, cv::Rect>>& faces, FaceFrom from, std::vector<DieRegion>& regions,
               const DiceSettings& s) {
  for (const auto& candidate : faces) {
    // (Not a structured binding: clang 14 cannot capture one in the lambda below.)
    const cv::Mat& face = candidate.first;
    const cv::Rect box = candidate.second;
    const auto covers = [&](const DieRegion& r) { return (r.box & box).area() >= s.finder_outline_found * box.area(); };
    const auto swallows = [&](const DieRegion& r) {
      return from == FaceFrom::Outline && covers(r) && r.box.area() >= s.finder_outline_swallow * box.area();
    };
    bool found = false;
    for (const auto& r : regions) found = found || (covers(r) && !swallows(r));
    // A face framed from its pips alone stands in for pieces of a die (smaller regions),
    // never for a region as large as itself; nor beside a region that takes in much of it
    // (finder_pip_beside): a side face of that die, seen at a slant.
    if (from == FaceFrom::Pips)
      for (const auto& r : regions)
        found = found || (box.contains((r.box.tl() + r.box.br()) / 2) ? r.box.area() >= box.area()
                                                                       : (r.box & box).area() >= s.finder_pip_beside * box.area());
    if (found) continue;
    cv::Rect body;  // the largest whole die that gives way: a swallowed region, or one's body
    std::erase_if(regions, [&](const DieRegion& r) {
      const bool swallowed = swallows(r), centred = box.contains((r.box.tl() + r.box.br()) / 2);
      const cv::Rect whole = swallowed ? r.box : centred ? r.body : cv::Rect();
      if (whole.area() > body.area()) body = whole;
      return swallowed || centred;
    });
    regions.push_back(region_from_mask(face, box, 1.0));
    regions.back().body = body;
  }
}

}  // namespace

std::vector<DieRegion> find_die_regions(const cv::Mat& bgr, const DiceSettings& s) {
  cv::Mat lab;
  image::bgr_to_lab(bgr, lab);  // not cvtColor: its first Lab call costs ~110 ms (image/lab.h)
  return find_die_regions(bgr, lab, s);
}

std::vector<DieRegion> find_die_regions(const cv::Mat& bgr, const cv::Mat& lab, const DiceSettings& s) {
  const cv::Mat table = table_model(lab, s);
  cv::Mat mask = differs_from(lab, table, thresholds(s));
  cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));

  const double longest = std::max(bgr.cols, bgr.rows);
  const double min_area = std::pow(s.finder_min_side * longest, 2);
  const double max_area = std::pow(s.finder_max_side * longest, 2);
  fill_small_holes(mask, std::pow(s.finder_hole_side * longest, 2));  // also the die size assumed before any is found
  fill_die_rings(mask, s.finder_min_side * longest, s.finder_max_side * longest, s);

  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
  std::vector<Blob> blobs;
  std::vector<std::pair<int, cv::Rect>> at_frame;
  for (int k = 1; k < n; ++k) {
    const int area = stats.at<int>(k, cv::CC_STAT_AREA);
    if (area < min_area) continue;
    // A die cut off by the frame cannot be read whole (and the frame cuts cables and
    // laptops into die-sized pieces).
    const int x = stats.at<int>(k, cv::CC_STAT_LEFT), y = stats.at<int>(k, cv::CC_STAT_TOP);
    if (x == 0 || y == 0 || x + stats.at<int>(k, cv::CC_STAT_WIDTH) == mask.cols ||
        y + stats.at<int>(k, cv::CC_STAT_HEIGHT) == mask.rows) {
      if (area <= max_area)
        at_frame.push_back({k, cv::Rect(x, y, stats.at<int>(k, cv::CC_STAT_WIDTH), stats.at<int>(k, cv::CC_STAT_HEIGHT))});
      continue;
    }
    if (area > max_area) continue;
    const cv::Rect box = component_box(stats, k);
    blobs.push_back(describe(labels, k, box));
  }

  double typical = typical_die(blobs, s);
  if (typical > 0) {
    for (const auto& [k, box] : at_frame) add_dice_beside_dark(lab, labels, k, box, typical, blobs, s);
    for (const auto& [k, box] : at_frame) add_die_at_frame(labels, k, box, typical, blobs, s);
  }
  // With nothing found yet (only white dice on a white tray), the faint pass takes a die to
  // be as large as the biggest pip cluster the hole filling above allows.
  const double hole = std::pow(s.finder_hole_side * longest, 2);
  // Spurs come off the blobs found so far first: a white die's faint outline that touches
  // a found die's spur would otherwise be taken for part of the found die and cleared.
  cv::Mat spurs = cv::Mat::zeros(mask.size(), CV_8U);
  std::size_t trimmed = 0;  // blobs [0, trimmed) have had their spurs taken off
  if (typical > 0) {
    for (const auto& b : blobs) spurs(b.box).setTo(255, b.mask);
    blobs = without_spurs(std::move(blobs), typical, s);
    for (const auto& b : blobs) spurs(b.box).setTo(0, b.mask);
    trimmed = blobs.size();
  }
  if (add_faint_blobs(lab, table, mask, labels, stats, spurs, min_area, typical > 0 ? typical : hole, blobs, s) &&
      typical == 0)
    typical = typical_die(blobs, s);

  // Rings far too large for a clump: a tray's wall, with the dice against it.
  if (typical > 0) {
    for (int k = 1; k < n; ++k) {
      if (stats.at<int>(k, cv::CC_STAT_AREA) <= s.finder_max_clump * typical) continue;
      const cv::Rect box = component_box(stats, k);
      add_dice_off_walls(describe(labels, k, box), typical, mask.size(), blobs, s);
    }
  }

  if (typical > 0) blobs = without_spurs(std::move(blobs), typical, s, trimmed);
  std::vector<DieRegion> regions;
  for (const auto& b : blobs) {
    if (b.at_frame) {
      regions.push_back(region_from_mask(b.mask, b.box, 1.0));
      regions.back().at_frame = true;
      continue;
    }
    if (b.one_die) {
      regions.push_back(region_from_mask(b.mask, b.box, 1.0));
      continue;
    }
    // How many dice the blob holds: by its area against the typical die, and by its shape
    // (two dice side by side make a 2:1 block, dice meeting at a corner a concave one).
    const double ratio = typical > 0 ? b.area / typical : 1;
    int by_shape = b.aspect > s.finder_row_aspect ? static_cast<int>(std::lround(b.aspect)) : 1;
    // A concave blob is two dice meeting at a corner only if it is also large; a small one
    // is a die whose face partly matched the table.
    if (b.solidity < s.finder_corner_solidity && ratio > s.finder_corner_area) by_shape = std::max(by_shape, 2);
    const int by_area = ratio > s.finder_area_count ? static_cast<int>(std::lround(ratio)) : 1;
    // Area alone splits only a blob of three dice or more: dice of one photo differ in size
    // (sets, perspective), but not threefold in area.
    int k = by_shape >= 2 || by_area >= 3 ? std::max(by_shape, by_area) : 1;
    // A clean straight row of dice is one die thick: its length counts the dice better than
    // its area does (the typical die is underestimated when some dice are found in part).
    if (by_shape >= 2 && b.solidity >= s.finder_clean_row) k = by_shape;
    // Up to 16: a crowded tray holds clumps of ten dice and more.
    if (k >= 2 && k <= s.finder_max_clump) {
      for (auto& r : split_squarest(lab, b, k, s)) regions.push_back(std::move(r));
    } else if (k == 1) {
      bool halves = false;
      if (ratio > s.finder_two_min && ratio < s.finder_two_max) {
        // Two dice of the same size would have counted as two by area; two unlike in size
        // (a die of a smaller set, or a die seen nearer the edge) may not. Cut in two when
        // the halves are much squarer than the whole.
        std::vector<cv::Point> pts;
        cv::findNonZero(b.mask, pts);
        double square = 0;
        auto pieces = split_blob(lab, b.mask, b.box, 2, s, &square);
        if (pieces.size() == 2 && square > squareness(pts) + s.finder_two_gain) {
          halves = true;
          for (auto& r : pieces) regions.push_back(std::move(r));
        }
      }
      if (!halves) regions.push_back(region_from_mask(b.mask, b.box, 1.0));
    }
  }
  // Every region learns the photo's typical die side: a region's own box may take in a
  // shadow or a printed shape it touches, so the pip counter sizes dice by the typical one.
  const double die_side = std::sqrt(typical);
  for (auto& r : regions) r.die_side = die_side;
  const EdgeContours edges = lightness_edges(lab, s);
  add_faces(outlined_faces(lab, edges, s), FaceFrom::Outline, regions, s);
  if (s.finder_pip_faces > 0) add_faces(pip_faces(lab, edges, s, die_side), FaceFrom::Pips, regions, s);
  return regions;
}

}  // namespace puzzlesat::dice_vision

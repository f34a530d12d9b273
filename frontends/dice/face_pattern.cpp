#include "frontends/dice/face_pattern.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <utility>

#include "frontends/dice/dice_settings.h"

namespace puzzlesat::dice_vision {

namespace {

// The nine grid points, row by row: 0 1 2 / 3 4 5 / 6 7 8.
struct Pattern {
  int pips;
  unsigned on;  // bit k set when grid point k holds a pip
};
constexpr std::array<Pattern, 9> kPatterns{{
    {1, 1u << 4},
    {2, (1u << 0) | (1u << 8)},
    {2, (1u << 2) | (1u << 6)},
    {3, (1u << 0) | (1u << 4) | (1u << 8)},
    {3, (1u << 2) | (1u << 4) | (1u << 6)},
    {4, (1u << 0) | (1u << 2) | (1u << 6) | (1u << 8)},
    {5, (1u << 0) | (1u << 2) | (1u << 4) | (1u << 6) | (1u << 8)},
    {6, (1u << 0) | (1u << 2) | (1u << 3) | (1u << 5) | (1u << 6) | (1u << 8)},
    {6, (1u << 0) | (1u << 1) | (1u << 2) | (1u << 6) | (1u << 7) | (1u << 8)},
}};

// Every tuned number here is a setting (dice_settings.h, pattern_*), passed down as `ds`.
// Where the grid is sought is in half-sides of the outline's shorter side: the outline of a
// die seen from above at a slant also holds side faces, so its size only bounds the face's.

// The pip spacing used when only the die's size is known: mid-way between the least and the
// largest pitch searched.
float mid_pitch(const DiceSettings& ds) {
  return static_cast<float>((ds.pattern_min_pitch + ds.pattern_max_pitch) / 2);
}

float sample(const cv::Mat& map, cv::Point2f p) {
  const int x0 = static_cast<int>(std::floor(p.x)), y0 = static_cast<int>(std::floor(p.y));
  if (x0 < 0 || y0 < 0 || x0 + 1 >= map.cols || y0 + 1 >= map.rows) return 0;
  const float fx = p.x - x0, fy = p.y - y0;
  const float* r0 = map.ptr<float>(y0);
  const float* r1 = map.ptr<float>(y0 + 1);
  return (1 - fy) * ((1 - fx) * r0[x0] + fx * r0[x0 + 1]) + fy * ((1 - fx) * r1[x0] + fx * r1[x0 + 1]);
}

// The value half-way up `values` (the upper one of an even count's middle pair); reorders them.
float upper_median(std::vector<float>& values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// Keeps only spots about a pip across in an evidence map (`half` the face's half-side): side
// faces, the rim and a face's slow shading or marbling also differ from the face's colour,
// but over wider areas.
void keep_pip_sized_spots(cv::Mat& e, float half, const DiceSettings& ds) {
  const int disc = std::max(3, static_cast<int>(std::lround(half * ds.pattern_spot_disc)) | 1);
  cv::morphologyEx(e, e, cv::MORPH_TOPHAT, cv::getStructuringElement(cv::MORPH_ELLIPSE, {disc, disc}));
}

// How far each pixel's colour is from the face's own colour (the median over the face), in
// Lab with the chroma weighted up: 8-bit Lab stretches lightness by 2.55 but not a and b, and
// coloured pips on a coloured face differ mostly in hue.
// `f` receives the blurred crop as floats and `ref_out` the face's colour, for the colour
// measurements that follow.
cv::Mat evidence_map(const cv::Mat& lab_crop, const cv::Mat& face, float half, cv::Mat& f, cv::Vec3f& ref_out,
                     const DiceSettings& ds) {
  const float chroma = static_cast<float>(ds.pattern_chroma);
  lab_crop.convertTo(f, CV_32FC3);
  cv::GaussianBlur(f, f, cv::Size(), ds.pattern_blur);  // pixel noise only: the disc means do the rest
  std::array<float, 3> ref{};
  for (int c = 0; c < 3; ++c) {
    std::vector<float> values;
    for (int y = 0; y < f.rows; ++y) {
      const auto* p = f.ptr<cv::Vec3f>(y);
      const auto* m = face.ptr<uchar>(y);
      for (int x = 0; x < f.cols; ++x)
        if (m[x]) values.push_back(p[x][c]);
    }
    if (values.empty()) return {};
    ref[c] = upper_median(values);
  }
  ref_out = cv::Vec3f(ref[0], ref[1], ref[2]);
  cv::Mat e(f.size(), CV_32F);
  for (int y = 0; y < f.rows; ++y) {
    const auto* p = f.ptr<cv::Vec3f>(y);
    auto* o = e.ptr<float>(y);
    for (int x = 0; x < f.cols; ++x) {
      const float dl = p[x][0] - ref[0], da = chroma * (p[x][1] - ref[1]), db = chroma * (p[x][2] - ref[2]);
      o[x] = std::sqrt(dl * dl + da * da + db * db);
    }
  }
  keep_pip_sized_spots(e, half, ds);
  return e;
}

// The face's evidence in total: every placement splits the same pixels into pips and face.
struct FaceTotals {
  double sum = 0, area = 0, variance = 0;
};

FaceTotals face_totals(const cv::Mat& e, const cv::Mat& face) {
  FaceTotals t;
  double sum2 = 0;
  for (int y = 0; y < e.rows; ++y) {
    const auto* v = e.ptr<float>(y);
    const auto* m = face.ptr<uchar>(y);
    for (int x = 0; x < e.cols; ++x)
      if (m[x]) t.sum += v[x], sum2 += double(v[x]) * v[x], t.area += 1;
  }
  if (t.area > 0) t.variance = sum2 / t.area - (t.sum / t.area) * (t.sum / t.area);
  return t;
}

// The best placement found so far for one value.
struct Placement {
  double score = -1e30, margin = 0;
  std::array<cv::Point2f, 9> points{};
  unsigned on = 0;
  float pitch = 0;  // pixels
};

// Scores pattern `P` of kPatterns at one placement (`ev` the disc means at the nine grid
// points) and keeps it when it is the best of its value so far. The pattern is a template
// argument so that its grid points are known when compiled: this runs for every placement
// the search tries, the reader's innermost loop.
template <std::size_t P>
void score_pattern(const std::array<float, 9>& ev, const std::array<cv::Point2f, 9>& points, double disc_area,
                   float pitch, const FaceTotals& totals, std::array<Placement, 7>& best, double max_pip_area) {
  constexpr Pattern pattern = kPatterns[P];
  float min_on = 1e30f, max_off = -1e30f, sum_on = 0;
  // In grid order, as the sum's rounding depends on it.
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    ((pattern.on >> K & 1 ? (min_on = std::min(min_on, ev[K]), sum_on += ev[K]) : (max_off = std::max(max_off, ev[K]))),
     ...);
  }(std::make_index_sequence<9>{});
  constexpr int n_on = std::popcount(pattern.on);
  // Otsu's criterion restricted to die faces: the share of the face's variance that
  // splitting its pixels into these pips and the rest of the face explains. A pattern that
  // leaves out a pip leaves it in "the rest", so sliding the grid off pips does not pay.
  // The pips' area is estimated from the disc; on a tiny face six discs can exceed the face,
  // and some of it must stay "the rest" for the split to mean anything.
  const double a_on = std::min(max_pip_area * totals.area, n_on * disc_area), a_off = totals.area - a_on;
  const double mu_on = sum_on / n_on;
  const double mu_off = (totals.sum - mu_on * a_on) / a_off;
  if (mu_on <= mu_off) return;
  const double score =
      a_on * a_off / (totals.area * totals.area) * (mu_on - mu_off) * (mu_on - mu_off) / totals.variance;
  Placement& b = best[pattern.pips];
  if (score > b.score) b = {score, min_on - max_off, points, pattern.on, pitch};
}

// Scores every pattern at one placement of the grid (points in crop pixels; `disc` the mean
// evidence over a pip-sized disc of `disc_area` pixels) and keeps the best per value.
void score_patterns(const std::array<cv::Point2f, 9>& points, const cv::Mat& disc, double disc_area, float pitch,
                    const FaceTotals& totals, std::array<Placement, 7>& best, double max_pip_area) {
  std::array<float, 9> ev;
  for (int k = 0; k < 9; ++k) ev[k] = sample(disc, points[k]);
  [&]<std::size_t... P>(std::index_sequence<P...>) {
    (score_pattern<P>(ev, points, disc_area, pitch, totals, best, max_pip_area), ...);
  }(std::make_index_sequence<kPatterns.size()>{});
}

// The colour of the spot at `p`: the face's colours within `radius` weighted by their evidence,
// so a pip smaller than the disc (or a glint on it) gives its own colour, not the face's.
// Relative to the face's colour, chroma weighted as in the evidence map.
cv::Vec3f spot_colour(const cv::Mat& f, const cv::Mat& e, const cv::Vec3f& ref, cv::Point2f p, float radius,
                      float chroma) {
  cv::Vec3d sum(0, 0, 0);
  double weight = 0;
  const int r = static_cast<int>(std::ceil(radius));
  for (int y = std::max(0, cvRound(p.y) - r); y <= std::min(f.rows - 1, cvRound(p.y) + r); ++y)
    for (int x = std::max(0, cvRound(p.x) - r); x <= std::min(f.cols - 1, cvRound(p.x) + r); ++x) {
      if ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y) > radius * radius) continue;
      const float w = e.at<float>(y, x);
      const cv::Vec3f c = f.at<cv::Vec3f>(y, x) - ref;
      sum += cv::Vec3d(c[0], chroma * c[1], chroma * c[2]) * double(w);
      weight += w;
    }
  if (weight <= 0) return {0, 0, 0};
  return cv::Vec3f(sum * (1 / weight));
}

// How alike in colour the pips of a placement are: for each pip, its colour's component along
// the direction from the face's colour to the median colour of the other pips, over that
// direction's length (1 for a pip of the same colour, about 0 or below for a spot of
// another colour: a glint, white and bright, at the centre of a 4 of dark pips). The least
// of these over the pips; 1 for a lone pip, which has nothing to be compared with.
double colour_consistency(const std::vector<cv::Vec3f>& colours) {
  const int n = static_cast<int>(colours.size());
  if (n < 2) return 1;
  double least = 1e30;
  for (int i = 0; i < n; ++i) {
    cv::Vec3f peers(0, 0, 0);
    for (int c = 0; c < 3; ++c) {
      std::vector<float> v;
      for (int j = 0; j < n; ++j)
        if (j != i) v.push_back(colours[j][c]);
      std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
      peers[c] = v.size() % 2 ? v[v.size() / 2]
                              : 0.5f * (v[v.size() / 2] + *std::max_element(v.begin(), v.begin() + v.size() / 2));
    }
    const double length2 = peers.dot(peers);
    if (length2 <= 1e-6) continue;
    // Along the peers' colour (a fainter pip of the same colour reaches less far) less how
    // far off that line it lies (a glint on dark pips may share their drop in chroma, but
    // not their drop in lightness).
    const double along = colours[i].dot(peers) / length2;
    const cv::Vec3f off = colours[i] - peers * float(along);
    least = std::min(least, along - std::sqrt(off.dot(off) / length2));
  }
  return least > 1e29 ? 1 : least;
}

// A colour direction's evidence: how far each pixel's colour (relative to the face's, chroma
// weighted) reaches along `dir` (unit length), kept to pip-sized spots like the distance map.
cv::Mat directed_map(const cv::Mat& f, const cv::Vec3f& ref, const cv::Vec3f& dir, float half, const DiceSettings& ds) {
  const float chroma = static_cast<float>(ds.pattern_chroma);
  cv::Mat e(f.size(), CV_32F);
  for (int y = 0; y < f.rows; ++y) {
    const auto* p = f.ptr<cv::Vec3f>(y);
    auto* o = e.ptr<float>(y);
    for (int x = 0; x < f.cols; ++x) {
      const float v = (p[x][0] - ref[0]) * dir[0] + chroma * (p[x][1] - ref[1]) * dir[1] + chroma * (p[x][2] - ref[2]) * dir[2];
      o[x] = std::max(0.f, v);
    }
  }
  keep_pip_sized_spots(e, half, ds);
  return e;
}

// Where the grid is sought on one die.
struct Search {
  std::vector<cv::Point2f> centres;  // crop pixels
  double angle0 = 0;
  float half = 0;
};

// The best placement of each value 1..6 over every pitch, offset and turn of `where`.
std::array<Placement, 7> search(const cv::Mat& e, const FaceTotals& totals, const Search& where,
                                const DiceSettings& ds) {
  std::array<Placement, 7> best;
  const float half = where.half;
  const int pitches = static_cast<int>(std::lround(ds.pattern_pitches));
  const int reach = static_cast<int>(std::lround(ds.pattern_reach));
  const double step = ds.pattern_step, turn_by = ds.pattern_turn;
  const double min_pitch = ds.pattern_min_pitch, max_pitch = ds.pattern_max_pitch;
  for (int ip = 0; ip < pitches; ++ip) {
    const double pitch = min_pitch + (max_pitch - min_pitch) * ip / (pitches - 1);
    // Mean evidence over a pip-sized disc around each point (a box of equal area).
    const double radius = ds.pattern_pip_ratio * pitch * half;
    const int box = std::max(1, static_cast<int>(std::lround(radius * std::sqrt(CV_PI))));
    cv::Mat disc;
    cv::blur(e, disc, {box, box});
    // The grid's axes at each turn, the same for every offset.
    std::array<cv::Point2f, 3> axes;
    const std::array<double, 3> turns{-turn_by, 0.0, turn_by};
    for (int t = 0; t < 3; ++t) {
      const double a = where.angle0 + turns[t];
      axes[t] = cv::Point2f(float(std::cos(a) * pitch * half), float(std::sin(a) * pitch * half));
    }
    for (const auto& c0 : where.centres)
      for (int dy = -reach; dy <= reach; ++dy)
        for (int dx = -reach; dx <= reach; ++dx)
          for (const cv::Point2f& u : axes) {
            const cv::Point2f c = c0 + cv::Point2f(float(dx * step * half), float(dy * step * half));
            const cv::Point2f v(-u.y, u.x);
            std::array<cv::Point2f, 9> points;
            for (int k = 0; k < 9; ++k) points[k] = c + u * float(k % 3 - 1) + v * float(k / 3 - 1);
            score_patterns(points, disc, CV_PI * radius * radius, float(pitch * half), totals, best, ds.pattern_max_pip_area);
          }
  }
  return best;
}

// The value whose best placement scores highest (the lower value on a tie).
int best_value(const std::array<Placement, 7>& best) {
  int value = 1;
  for (int p = 2; p <= 6; ++p)
    if (best[p].score > best[value].score) value = p;
  return value;
}

// Where to seek the grid on the die with outline `region.shape`, in crop pixels. The face
// may be the middle of the outline or, when side faces show along its long axis, either end
// of it.
Search search_area(const DieRegion& region, float half, const DiceSettings& ds) {
  Search where;
  where.half = half;
  const float w = region.shape.size.width, h = region.shape.size.height;
  const float shortest = std::min(w, h), longest = std::max(w, h);
  const cv::Point2f centre = region.shape.center - cv::Point2f(region.box.tl());
  where.angle0 = region.shape.angle * CV_PI / 180;
  const cv::Point2f axis_w(float(std::cos(where.angle0)), float(std::sin(where.angle0)));
  const cv::Point2f long_axis = w >= h ? axis_w : cv::Point2f(-axis_w.y, axis_w.x);
  where.centres.push_back(centre);
  // Ends of an outline within a tenth of square lie within the grid centre's reach
  // (pattern_reach * pattern_step half-sides) of its middle anyway.
  if (longest > static_cast<float>(ds.pattern_end_slack) * shortest) {
    const float slack = 0.5f * (longest - shortest);
    where.centres.push_back(centre + long_axis * slack);
    where.centres.push_back(centre - long_axis * slack);
  }
  return where;
}

// The pips' common colour, relative to the face's: the median of `spots` in each channel,
// robust to one glint among them.
cv::Vec3f median_colour(const std::vector<cv::Vec3f>& spots) {
  cv::Vec3f out(0, 0, 0);
  for (int c = 0; c < 3; ++c) {
    std::vector<float> v;
    for (const auto& spot : spots) v.push_back(spot[c]);
    out[c] = upper_median(v);
  }
  return out;
}

// The colour of each pip of a placement (see spot_colour).
std::vector<cv::Vec3f> spot_colours(const Placement& b, const cv::Mat& colours, const cv::Mat& e, const cv::Vec3f& ref,
                                    const DiceSettings& ds) {
  std::vector<cv::Vec3f> spots;
  for (int k = 0; k < 9; ++k)
    if (b.on >> k & 1)
      spots.push_back(spot_colour(colours, e, ref, b.points[k], ds.pattern_pip_ratio * b.pitch,
                                  static_cast<float>(ds.pattern_chroma)));
  return spots;
}

// How elongated the spot of evidence at `p` is: the long over the short axis of the second
// moments of its evidence above half the peak within `radius` (half a pitch, so a neighbouring
// pip stays out). Half the peak keeps the spot's own shape, not the face's faint background.
double spot_elongation(const cv::Mat& e, cv::Point2f p, float radius) {
  const int r = static_cast<int>(std::ceil(radius));
  const int x0 = std::max(0, cvRound(p.x) - r), x1 = std::min(e.cols - 1, cvRound(p.x) + r);
  const int y0 = std::max(0, cvRound(p.y) - r), y1 = std::min(e.rows - 1, cvRound(p.y) + r);
  const auto inside = [&](int x, int y) { return (x - p.x) * (x - p.x) + (y - p.y) * (y - p.y) <= radius * radius; };
  float peak = 0;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x)
      if (inside(x, y)) peak = std::max(peak, e.at<float>(y, x));
  double w = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      if (!inside(x, y)) continue;
      const double v = e.at<float>(y, x) - 0.5 * peak;
      if (v <= 0) continue;
      w += v, sx += v * x, sy += v * y, sxx += v * x * x, syy += v * y * y, sxy += v * x * y;
    }
  if (w <= 0) return 1;
  const double mx = sx / w, my = sy / w;
  // Each pixel is a unit square: its own variance (1/12) keeps a one-pixel spot finite.
  const double cxx = sxx / w - mx * mx + 1.0 / 12, cyy = syy / w - my * my + 1.0 / 12, cxy = sxy / w - mx * my;
  const double mid = (cxx + cyy) / 2, d = std::sqrt(std::max(0.0, (cxx - cyy) * (cxx - cyy) / 4 + cxy * cxy));
  return std::sqrt((mid + d) / std::max(1e-6, mid - d));
}

// One search's outcome: the best placement of each value, the best value, and the evidence
// map it was read from (spot colours are weighted by it).
struct Reading {
  std::array<Placement, 7> best;
  int value = 0;
  cv::Mat evidence;
};

// Second pass along the pips' own colour. The distance from the face's colour counts every
// kind of difference alike: a glint on a face of dark pips, or the swirls of a marbled face,
// weigh as much as the pips. The pips of one face share one colour, so the first reading's
// pips (their median colour, robust to one glint among them) give the direction from face to
// pip colour, and the search is repeated on how far each pixel lies along it, which ignores
// spots of other colours and keeps faint pips of the right colour. The second reading is
// returned when it explains its evidence better, or when the first reading's pips are not
// alike in colour (a glint completed it); otherwise the first one.
Reading reread_along_pip_colour(const Reading& first, const cv::Mat& colours, const cv::Vec3f& ref, const cv::Mat& face,
                                const Search& where, const DiceSettings& ds) {
  const auto spots = spot_colours(first.best[first.value], colours, first.evidence, ref, ds);
  const cv::Vec3f dir = median_colour(spots);
  const double length = cv::norm(dir);
  if (length <= 1e-3) return first;
  const cv::Mat directed = directed_map(colours, ref, dir * float(1 / length), where.half, ds);
  const FaceTotals directed_totals = face_totals(directed, face);
  if (directed_totals.variance <= 1e-6) return first;
  Reading second{search(directed, directed_totals, where, ds), 0, directed};
  second.value = best_value(second.best);
  if (second.best[second.value].score > first.best[first.value].score || colour_consistency(spots) < ds.pattern_alike_colour)
    return second;
  return first;
}

}  // namespace

FacePattern read_face_pattern(const cv::Mat& lab, const DieRegion& region, const std::vector<cv::Point2f>& given,
                              const DiceSettings& ds) {
  FacePattern out;
  const float w = region.shape.size.width, h = region.shape.size.height;
  const float shortest = std::min(w, h), longest = std::max(w, h);
  if (shortest < ds.pattern_min_side || longest > ds.pattern_max_aspect * shortest) return out;
  const float half = shortest / 2;

  // The face without its rim, whose edge and shading differ from the face's colour over a
  // band too thin for the top-hat to remove.
  cv::Mat face;
  const int rim = std::max(1, static_cast<int>(std::lround(shortest * ds.pattern_rim)));
  cv::erode(region.mask, face, cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * rim + 1, 2 * rim + 1}));
  if (cv::countNonZero(face) < 16) return out;  // too few pixels for a median and a variance
  cv::Mat colours;
  cv::Vec3f ref;
  const cv::Mat e = evidence_map(lab(region.box), face, half, colours, ref, ds);
  if (e.empty()) return out;
  const FaceTotals totals = face_totals(e, face);
  if (totals.variance <= 1e-6) return out;

  const cv::Point2f origin(region.box.tl());
  const Search where = search_area(region, half, ds);

  if (given.size() >= 2) {
    std::vector<cv::Vec3f> spots;
    for (const auto& g : given)
      spots.push_back(spot_colour(colours, e, ref, g - origin, ds.pattern_pip_ratio * mid_pitch(ds) * half,
                                  static_cast<float>(ds.pattern_chroma)));
    out.given_consistency = colour_consistency(spots);
  }
  Reading first{search(e, totals, where, ds), 0, e};
  first.value = best_value(first.best);
  if (first.best[first.value].score <= 0) return out;
  const Reading reading = reread_along_pip_colour(first, colours, ref, face, where, ds);
  const auto& best = reading.best;
  const int value = reading.value;
  out.pips = value;
  out.score = best[value].score;
  out.margin = best[value].margin;
  for (int p = 1; p <= 6; ++p) {
    out.scores[p] = std::max(0.0, best[p].score);
    out.margins[p] = best[p].margin;
    out.consistency[p] = colour_consistency(spot_colours(best[p], colours, reading.evidence, ref, ds));
    if (p != value) out.runner_up = std::max(out.runner_up, out.scores[p]);
  }
  for (int p = 1; p <= 6; ++p)
    for (int k = 0; k < 9; ++k)
      if (best[p].on >> k & 1) {
        out.centres_of[p].push_back(best[p].points[k] + origin);
        out.elongation_of[p].push_back(spot_elongation(reading.evidence, best[p].points[k], 0.5f * best[p].pitch));
      }
  out.centres = out.centres_of[value];
  for (const auto& g : given)
    out.given_elongation.push_back(spot_elongation(reading.evidence, g - origin, 0.5f * mid_pitch(ds) * half));
  return out;
}

}  // namespace puzzlesat::dice_vision

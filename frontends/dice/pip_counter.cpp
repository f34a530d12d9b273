#include "frontends/dice/pip_counter.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "frontends/dice/dice_settings.h"
#include "frontends/dice/face_pattern.h"
#include "frontends/dice/pip_layout.h"
#include "frontends/dice/reading_choice.h"
#include "frontends/image/masked_percentile.h"

namespace puzzlesat::dice_vision {

namespace {

// Every tuned number here is a setting (dice_settings.h, pip_*), passed down as `ds`.

using image::masked_median;
using image::masked_percentile;

// Otsu's threshold of 8-bit values under a mask.
int masked_otsu(const cv::Mat& values, const cv::Mat& mask) {
  std::array<double, 256> hist{};
  double n = 0, total = 0;
  for (int y = 0; y < values.rows; ++y) {
    const auto* v = values.ptr<uchar>(y);
    const auto* m = mask.ptr<uchar>(y);
    for (int x = 0; x < values.cols; ++x)
      if (m[x]) hist[v[x]] += 1, n += 1, total += v[x];
  }
  double w0 = 0, sum0 = 0, best = -1;
  int best_t = 0;
  for (int t = 0; t < 256; ++t) {
    w0 += hist[t];
    sum0 += t * hist[t];
    const double w1 = n - w0;
    if (w0 == 0 || w1 == 0) continue;
    const double m0 = sum0 / w0, m1 = (total - sum0) / w1;
    const double between = w0 * w1 * (m0 - m1) * (m0 - m1);
    if (between > best) best = between, best_t = t;
  }
  return best_t;
}

struct Blob {
  cv::Point2f centre;
  double area = 0;
  double roundness = 0;  // minor / major axis of the blob's inertia ellipse
  bool inner = false;    // far enough from the die's outline to lie on the top face
  // The blob's second moments scaled to unit determinant: its shape without its size. Pips
  // of one face are seen at one angle and so share one shape.
  double sxx = 1, sxy = 0, syy = 1;
};

// How differently two blobs are squashed or turned (0 for equal shapes, about 0.85 for a
// round pip beside one squashed to half its width).
double shape_difference(const Blob& a, const Blob& b) {
  const double dxx = a.sxx - b.sxx, dxy = a.sxy - b.sxy, dyy = a.syy - b.syy;
  return std::sqrt(dxx * dxx + 2 * dxy * dxy + dyy * dyy);
}

// The mean shape of a subset's pips, scaled to unit area: its eigenvalues are the squash
// along each axis (the minor one below 1 when the face is seen at a slant), its
// eigenvectors (rows, the major axis first) the directions of the slant.
struct PipShape {
  cv::Matx21d evals;
  cv::Matx22d evecs;
};

PipShape pip_shape(const std::vector<Blob>& blobs, unsigned subset) {
  double sxx = 0, sxy = 0, syy = 0;
  for (int i = 0; i < static_cast<int>(blobs.size()); ++i)
    if (subset >> i & 1) sxx += blobs[i].sxx, sxy += blobs[i].sxy, syy += blobs[i].syy;
  const double det = std::sqrt(std::max(1e-9, sxx * syy - sxy * sxy));
  const cv::Matx22d shape(sxx / det, sxy / det, sxy / det, syy / det);
  PipShape out;
  cv::eigen(shape, out.evals, out.evecs);
  return out;
}

// Undoes the slant the pips' shapes show before the layout is fitted: a face seen at a slant
// squashes its pips and the spacing between them alike, so stretching the spacing back by
// the pips' mean squash (about their centroid, keeping area) leaves a square layout for the
// top face's pips, while a side-face pip that only fitted the squashed spacing moves off it.
void unsquash(std::vector<cv::Point2f>& pts, cv::Point2f centroid, const std::vector<Blob>& blobs, unsigned subset) {
  const auto [evals, evecs] = pip_shape(blobs, subset);
  const cv::Matx22d scale(1 / std::sqrt(std::max(1e-9, evals(0))), 0, 0, 1 / std::sqrt(std::max(1e-9, evals(1))));
  const cv::Matx22d map = evecs.t() * scale * evecs;
  for (auto& p : pts) {
    const cv::Matx21d v = map * cv::Matx21d(p.x - centroid.x, p.y - centroid.y);
    p = centroid + cv::Point2f(float(v(0)), float(v(1)));
  }
}

// Whether the pips can lie on the die's top face. Seen at a slant, the top face is squashed
// along the slant by the same factor as its pips, and it lies on the far side of the outline
// (up the image; the near side faces show below it). So along the pips' squash direction the
// top face reaches from the outline's far edge only as deep as the outline is wide times that
// factor; a pip deeper than that (by more than its own size) is on a side face. When the
// slant applies, `face_centre` is moved to the centre of that top face.
bool within_top_face(const std::vector<Blob>& blobs, unsigned subset, const cv::RotatedRect& outline, double radius,
                     cv::Point2f& face_centre, const DiceSettings& ds) {
  const auto [evals, evecs] = pip_shape(blobs, subset);
  const double squash = std::min(1.0, std::max(1e-3, evals(1)));
  if (squash > ds.pip_slant_squash) return true;  // seen about square-on: no slant to go by
  cv::Point2d up(evecs(1, 0), evecs(1, 1));
  if (up.y > 0) up = -up;
  if (-up.y < std::abs(up.x)) return true;  // not a slant away from the camera
  const cv::Point2d across(-up.y, up.x);
  cv::Point2f corners[4];
  outline.points(corners);
  double far = -1e30, lo = 1e30, hi = -1e30;
  for (const auto& c : corners) {
    far = std::max(far, up.dot(cv::Point2d(c)));
    lo = std::min(lo, across.dot(cv::Point2d(c)));
    hi = std::max(hi, across.dot(cv::Point2d(c)));
  }
  const double deepest = far - squash * (hi - lo) - ds.pip_slant_slack * radius;
  // The top face's centre then lies half that depth in from the far edge, mid-way across.
  const double along = far - squash * (hi - lo) / 2, mid = (lo + hi) / 2;
  face_centre = cv::Point2f(float(along * up.x + mid * across.x), float(along * up.y + mid * across.y));
  for (int i = 0; i < static_cast<int>(blobs.size()); ++i)
    if ((subset >> i & 1) && up.dot(cv::Point2d(blobs[i].centre)) < deepest) return false;
  return true;
}

// Where the top face lies when a camera looks straight down on the table (nellbyler's tray): a
// die away from the photo's centre shows the side face that looks towards the centre, between
// its top face and the centre, and its region takes that side face in. The top face is then
// the region's outer part: a square as wide as the region is across the direction from the
// photo's centre, at the region's outer end, and a pip further in than that square reaches
// (by more than its own size) is on the side face. (A camera looking down at a slant from
// the front shows the near side faces below the top face instead: within_top_face.)
struct RadialFace {
  bool applies = false;
  cv::Point2f centre;    // the top face's centre
  cv::Point2f axis;      // unit, away from the photo's centre
  float inner_edge = 0;  // how far the top face reaches from its centre towards the photo's
};

// An outline elongated by pip_radial_outline (longest over shortest side of its minimum-area
// rectangle) within 45 degrees of the direction from the photo's centre shows a side face
// that way. This is cos 45 degrees, rounded down: geometry, not tuned.
constexpr float kWithin45 = 0.7f;

// From the outline: when it is elongated along the direction from the photo's centre, the top
// face is the square at its outer end.
RadialFace radial_face(const cv::RotatedRect& outline, cv::Point2f outward, const DiceSettings& ds) {
  RadialFace out;
  cv::Point2f corners[4];
  outline.points(corners);
  const cv::Point2f a = corners[1] - corners[0], b = corners[2] - corners[1];
  const float la = static_cast<float>(cv::norm(a)), lb = static_cast<float>(cv::norm(b));
  const float longest = std::max(la, lb), shortest = std::min(la, lb);
  const float reach = static_cast<float>(cv::norm(outward));
  if (longest <= static_cast<float>(ds.pip_radial_outline) * shortest || reach < 2 * longest) return out;  // near the centre: no side shows
  cv::Point2f axis = (la >= lb ? a : b) * (1.f / std::max(1.f, longest));
  const float along = axis.dot(outward) / reach;
  if (std::abs(along) < kWithin45) return out;
  if (along < 0) axis = -axis;
  out.applies = true;
  out.axis = axis;
  out.centre = outline.center + axis * (0.5f * (longest - shortest));
  out.inner_edge = shortest / 2;
  return out;
}

// From the region's pixels, for outlines whose rectangle is about square (a die turned so that
// two side faces show): a square's extents along any two perpendicular directions are equal,
// however it is turned, so what the region reaches further along the direction from the
// photo's centre than across it is the side face's depth.
RadialFace radial_face_of(const cv::Mat& mask, cv::Point2f origin, cv::Point2f outward, const DiceSettings& ds) {
  RadialFace out;
  const float reach = static_cast<float>(cv::norm(outward));
  if (reach < 1) return out;
  const cv::Point2f u = outward * (1.f / reach), v(-u.y, u.x);
  float ulo = 1e30f, uhi = -1e30f, vlo = 1e30f, vhi = -1e30f;
  for (int y = 0; y < mask.rows; ++y) {
    const auto* m = mask.ptr<uchar>(y);
    for (int x = 0; x < mask.cols; ++x)
      if (m[x]) {
        const cv::Point2f p(x + origin.x, y + origin.y);
        ulo = std::min(ulo, u.dot(p)), uhi = std::max(uhi, u.dot(p));
        vlo = std::min(vlo, v.dot(p)), vhi = std::max(vhi, v.dot(p));
      }
  }
  const float along = uhi - ulo + 1, across = vhi - vlo + 1;
  if (along - across < static_cast<float>(ds.pip_side_depth) * across || reach < along) return out;
  out.applies = true;
  out.axis = u;
  out.centre = u * (uhi - across / 2) + v * ((vlo + vhi) / 2);
  out.inner_edge = across / 2;
  return out;
}

// The subset of blobs that best makes a die face: the most pips whose arrangement fits a
// face layout of the die's size, alike in size, centred on the die. Side faces seen at an
// angle add blobs that break the layout, so they fall out here.
struct Choice {
  int pips = 0;
  unsigned subset = 0;
  double misfit = 0;
};

// What best_face weighs of one subset of `n` blobs.
struct SubsetMeasures {
  std::vector<cv::Point2f> centres;
  cv::Point2f centroid{0, 0};
  double min_area = 1e30, max_area = 0;
  double radius = 0;  // the pips' mean radius, from their areas
  double least_round = 1, mean_round = 0;
  bool upright_slant = true;  // every pip squashed along the image's vertical
};

SubsetMeasures measure_subset(const std::vector<Blob>& blobs, unsigned subset, int n) {
  SubsetMeasures s;
  for (int i = 0; i < static_cast<int>(blobs.size()); ++i)
    if (subset >> i & 1) {
      const Blob& b = blobs[i];
      s.centres.push_back(b.centre);
      s.centroid += b.centre;
      s.min_area = std::min(s.min_area, b.area);
      s.max_area = std::max(s.max_area, b.area);
      s.radius += std::sqrt(b.area / CV_PI);
      s.least_round = std::min(s.least_round, b.roundness);
      s.mean_round += b.roundness / n;
      s.upright_slant &= b.sxx > b.syy + std::abs(b.sxy);
    }
  s.centroid *= 1.f / n;
  s.radius /= n;
  return s;
}

Choice best_face(const std::vector<Blob>& blobs, cv::Point2f face_centre, float face_half, const cv::RotatedRect& outline,
                 const RadialFace& radial, const DiceSettings& ds) {
  Choice best;
  const int m = static_cast<int>(blobs.size());
  for (unsigned subset = 1; subset < (1u << m); ++subset) {
    const int n = __builtin_popcount(subset);
    if (n > 6 || n < best.pips) continue;
    bool all_inner = true;
    for (int i = 0; i < m; ++i)
      if (subset >> i & 1) all_inner &= blobs[i].inner;
    if (!all_inner) continue;
    const SubsetMeasures s = measure_subset(blobs, subset, n);
    if (s.max_area > ds.pip_area_spread * s.min_area) continue;
    // The top face is seen nearly square-on, so its pips are round; letters and the
    // squashed pips of side faces are not. A camera looking down at a slant from the front
    // squashes the top face's pips along the image's vertical; such pips may be flatter
    // (their depth is checked below). One pip may fall a little short of the floor the
    // mean must reach.
    const double round_floor = s.upright_slant ? ds.pip_slant_round : ds.pip_round;
    if (s.least_round < round_floor - ds.pip_round_slack || s.mean_round < round_floor) continue;
    if (n == 2) {
      int pair[2], k = 0;
      for (int i = 0; i < m; ++i)
        if (subset >> i & 1) pair[k++] = i;
      if (shape_difference(blobs[pair[0]], blobs[pair[1]]) > ds.pip_shape_spread) continue;
    }
    // A pip's radius is 0.07 to 0.35 of the face's half-side: smaller spots are specks, larger
    // ones would not leave room for the face's other pips (a lone pip may be larger).
    const double relative = s.radius / face_half;
    if (relative < ds.pip_min_radius || relative > (n == 1 ? ds.pip_max_lone_radius : ds.pip_max_radius)) continue;
    cv::Point2f top_centre = face_centre;
    if (!within_top_face(blobs, subset, outline, s.radius, top_centre, ds)) continue;
    // Seen straight down, pips further in than the top face reaches are on a side face.
    if (radial.applies) {
      top_centre = radial.centre;
      bool on_top = true;
      for (const auto& c : s.centres)
        on_top &= radial.axis.dot(c - radial.centre) >= -(radial.inner_edge + ds.pip_slant_slack * s.radius);
      if (!on_top) continue;
    }
    const double off_centre = cv::norm(s.centroid - top_centre) / face_half;
    if (off_centre > ds.pip_max_off_centre) continue;
    std::vector<cv::Point2f> pts = s.centres;
    if (n >= 2) unsquash(pts, s.centroid, blobs, subset);
    const double misfit = layout_misfit(pts, n, face_half, ds) + ds.pip_off_centre_weight * off_centre;
    if (misfit > ds.pip_max_misfit) continue;
    if (n > best.pips || misfit < best.misfit) best = {n, subset, misfit};
  }
  return best;
}

// Where the top face's centre lies. A photo taken from above at a slant shows the near side
// faces below the top face, so in an outline that is clearly taller than wide (along the
// image's vertical) the top face is the upper square of it, not its middle. (Seen straight
// down, outlines are about square and this changes nothing.)
cv::Point2f top_face_centre(const DieRegion& region, const DiceSettings& ds) {
  cv::Point2f corners[4];
  region.shape.points(corners);
  const cv::Point2f a = corners[1] - corners[0], b = corners[2] - corners[1];
  const float la = static_cast<float>(cv::norm(a)), lb = static_cast<float>(cv::norm(b));
  const float longest = std::max(la, lb), shortest = std::min(la, lb);
  cv::Point2f axis = (la >= lb ? a : b) * (1.f / std::max(1.f, longest));
  if (axis.y > 0) axis = -axis;  // pointing up the image
  if (longest <= static_cast<float>(ds.pip_tall_outline) * shortest || -axis.y <= std::abs(axis.x)) return region.shape.center;
  return region.shape.center + axis * (0.5f * (longest - shortest));
}

// What one die looks like to the pip search: its face mask and geometry.
struct FaceContext {
  const DieRegion& region;
  const DiceSettings& ds;
  cv::Mat face;   // the die without its rim
  cv::Mat depth;  // distance to the die's outline
  double die_area = 0;
  float face_half = 0;
  double aspect = 1;
  RadialFace radial;  // where the top face lies when the camera looks straight down
};

// The spots of a thresholded spot map (`pips`, crop pixels) that are sized and shaped like
// pips, measured in image pixels.
std::vector<Blob> measure_blobs(const cv::Mat& pips, const FaceContext& f) {
  const DieRegion& region = f.region;
  const DiceSettings& ds = f.ds;
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(pips, labels, stats, centroids, 8, CV_32S);
  std::vector<double> m00(n, 0), m10(n, 0), m01(n, 0), m20(n, 0), m02(n, 0), m11(n, 0);
  for (int y = 0; y < labels.rows; ++y) {
    const int* l = labels.ptr<int>(y);
    for (int x = 0; x < labels.cols; ++x) {
      if (!l[x]) continue;
      const int k = l[x];
      m00[k] += 1, m10[k] += x, m01[k] += y, m20[k] += double(x) * x, m02[k] += double(y) * y, m11[k] += double(x) * y;
    }
  }

  const double min_area = std::max(3.0, ds.pip_min_area * f.die_area);
  const double max_area = ds.pip_max_area * f.die_area;
  // Top-face pips sit at least a quarter of the face from its edges; blobs close to the
  // outline are side-face pips seen at an angle, rims and shadows. The bound is looser than
  // that because a die's outline often misses a sliver of its top face (bright wood next to
  // a white face), which brings the pips on that side nearer the outline.
  const float min_depth = static_cast<float>(ds.pip_min_depth) * f.face_half;
  std::vector<Blob> blobs;
  for (int k = 1; k < n; ++k) {
    const double a = m00[k];
    if (a < min_area || a > max_area) continue;
    const double cx = m10[k] / a, cy = m01[k] / a;
    const double mu20 = m20[k] / a - cx * cx, mu02 = m02[k] / a - cy * cy, mu11 = m11[k] / a - cx * cy;
    const double common = std::sqrt(std::max(0.0, (mu20 - mu02) * (mu20 - mu02) + 4 * mu11 * mu11));
    const double major = mu20 + mu02 + common, minor = mu20 + mu02 - common;
    const double roundness = major > 0 ? std::sqrt(std::max(0.0, minor) / major) : 0;
    const double fill = a / (double(stats.at<int>(k, cv::CC_STAT_WIDTH)) * stats.at<int>(k, cv::CC_STAT_HEIGHT));
    if (roundness < ds.pip_blob_round || fill < ds.pip_blob_fill) continue;
    const bool inner = f.depth.at<float>(cvRound(cy), cvRound(cx)) >= min_depth;
    const double det = std::sqrt(std::max(1e-9, mu20 * mu02 - mu11 * mu11));
    blobs.push_back({cv::Point2f(float(cx + region.box.x), float(cy + region.box.y)), a, roundness, inner, mu20 / det,
                     mu11 / det, mu02 / det});
  }
  return blobs;
}

// The pips one spot-response map shows on the die, or pips == 0 when it shows no face.
// `peak_share`: the share of the map's peak (pip_peak_quantile on the face) at which it is
// thresholded: pip_edge_peak for the pips' edges, pip_core_peak for their cores alone.
PipReading read_response(const cv::Mat& response, const FaceContext& f, double peak_share) {
  PipReading out;
  const DieRegion& region = f.region;
  const DiceSettings& ds = f.ds;
  // Half-way up the strongest spots marks a pip's edge under blur; Otsu alone can sit lower
  // when pips fill much of the face, and then neighbouring pips run together.
  const int threshold = std::max({static_cast<int>(std::lround(ds.pip_threshold_floor)), masked_otsu(response, f.face),
                                  static_cast<int>(masked_percentile(response, f.face, ds.pip_peak_quantile) * peak_share)});
  cv::Mat pips;
  cv::compare(response, threshold, pips, cv::CMP_GT);
  pips &= f.face;

  std::vector<Blob> blobs = measure_blobs(pips, f);
  if (blobs.empty() || double(blobs.size()) > ds.pip_max_blobs) return out;  // many specks: texture, not a face
  // best_face tries every subset of the blobs: the eight largest bound that at 255 subsets
  // and leave room for two strays beside a 6.
  std::sort(blobs.begin(), blobs.end(), [](const Blob& a, const Blob& b) { return a.area > b.area; });
  const std::size_t largest = static_cast<std::size_t>(std::lround(ds.pip_subset_blobs));
  if (blobs.size() > largest) blobs.resize(largest);

  const Choice choice = best_face(blobs, top_face_centre(region, ds), f.face_half, region.shape, f.radial, ds);
  if (choice.pips == 0) return out;

  // Round spots on the face that the chosen pips do not explain mean the reading is not a face.
  double stray_ink = 0;
  for (int i = 0; i < static_cast<int>(blobs.size()); ++i)
    if (!(choice.subset >> i & 1) && blobs[i].inner && blobs[i].roundness >= ds.pip_round) stray_ink += blobs[i].area;
  const double leftover = stray_ink / cv::countNonZero(f.face);
  if (leftover > ds.pip_max_stray_ink) return out;

  out.pips = choice.pips;
  out.squash = std::min(1.0, pip_shape(blobs, choice.subset).evals(1));
  for (int i = 0; i < static_cast<int>(blobs.size()); ++i)
    if (choice.subset >> i & 1) out.centres.push_back(blobs[i].centre);
  out.face = region.box;
  // Each factor is 1 for a clear face: a layout misfit of pip_conf_misfit half-sides halves
  // the first, spots that stand out less than pip_conf_contrast levels lower the second, an outline longer than
  // square (side faces, or two dice) the third, and stray spots the fourth. The confidence is
  // their geometric mean: a weak factor lowers it less than it lowers their product.
  const double layout_score =
      1.0 / (1.0 + (choice.misfit / ds.pip_conf_misfit) * (choice.misfit / ds.pip_conf_misfit));
  const double contrast_score = std::min(1.0, threshold / ds.pip_conf_contrast);
  const double square_score = 1.0 / f.aspect;
  const double bare_score = 1.0 - leftover / ds.pip_max_stray_ink;
  out.confidence = std::sqrt(std::sqrt(layout_score * contrast_score * square_score * bare_score)) * region.split_quality;
  return out;
}

// The spot maps of one die (`crop`, 8-bit Lab; `side` the die's size in pixels): each Lab
// channel's spots against the face, their maximum, and L's spots of the other polarity.
struct SpotMaps {
  std::vector<cv::Mat> responses;  // L, a, b, and all three
  cv::Mat other_lightness;         // read only in the cases read_face names
};

SpotMaps spot_maps(const cv::Mat& crop, const FaceContext& f, double side) {
  // Pips are small spots that differ from the face around them in brightness or in hue
  // (red pips on a blue die differ little in brightness). In each Lab channel a morphological
  // top-hat with a disc wider than a pip keeps such spots and drops the slow shading of a
  // face turned from the light, or of side faces seen at an angle.
  const int disc = std::max(3, static_cast<int>(std::lround(side * f.ds.pip_spot_disc)) | 1);
  const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_ELLIPSE, {disc, disc});
  SpotMaps out;
  cv::Mat combined = cv::Mat::zeros(crop.size(), CV_8U);
  for (int c = 0; c < 3; ++c) {
    cv::Mat channel;
    cv::extractChannel(crop, channel, c);
    const int median = masked_median(channel, f.face);
    channel.setTo(median, ~f.region.mask);
    // The spots go the way that is further from the face's median: the face is the
    // majority colour, the pips a few percent of it.
    const bool darker =
        median - masked_percentile(channel, f.face, 0.02) >= masked_percentile(channel, f.face, 0.98) - median;
    cv::Mat hat;
    cv::morphologyEx(channel, hat, darker ? cv::MORPH_BLACKHAT : cv::MORPH_TOPHAT, kernel);
    if (c > 0) hat.convertTo(hat, CV_8U, f.ds.pip_chroma_gain);  // chroma differences are smaller in 8-bit Lab
    combined = cv::max(combined, hat);
    out.responses.push_back(hat);
    if (c == 0) {
      cv::morphologyEx(channel, out.other_lightness, darker ? cv::MORPH_TOPHAT : cv::MORPH_BLACKHAT, kernel);
    }
  }
  out.responses.push_back(combined);
  return out;
}

// `outward` runs from the photo's centre to the die's, in the pixels of `lab` (which may be a
// die's crop, enlarged).
PipReading read_face(const cv::Mat& lab, const DieRegion& region, cv::Point2f outward, const DiceSettings& ds) {
  const cv::Mat crop = lab(region.box);
  FaceContext f{region, ds, {}, {}, 0, 0, 1, radial_face(region.shape, outward, ds)};
  if (!f.radial.applies) f.radial = radial_face_of(region.mask, cv::Point2f(region.box.tl()), outward, ds);
  f.die_area = cv::countNonZero(region.mask);
  const double side = std::sqrt(f.die_area);
  if (side < ds.pip_min_side) return {};
  const float w = region.shape.size.width, h = region.shape.size.height;
  f.aspect = std::min(w, h) > 0 ? std::max(w, h) / std::min(w, h) : 99;
  // Up to 2:1, a die with a side face in full view (or a piece cut from a clump); beyond,
  // not one die.
  if (f.aspect > ds.pip_max_aspect) return {};
  // The top face is the die's shorter extent: a tilted view adds side faces along one axis.
  f.face_half = std::max(2.f, std::min(w, h) / 2);

  // The face without its rim: edges and shading at the border are not pips. The rim is kept
  // thin so that pips near an outline that cuts into the face stay whole and round.
  const int rim = std::max(1, static_cast<int>(std::lround(side * ds.pip_rim)));
  cv::erode(region.mask, f.face, cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * rim + 1, 2 * rim + 1}));
  if (cv::countNonZero(f.face) < f.die_area * ds.pip_min_face) return {};  // a sliver, not a die face
  cv::distanceTransform(region.mask, f.depth, cv::DIST_L2, 3);

  const SpotMaps maps = spot_maps(crop, f, side);

  // Each channel alone, and all together, may show the face best (noise in one channel
  // can merge pips that another shows apart). A face missing pips is the usual error, so
  // the reading with the most pips wins, then the surer one.
  PipReading best;
  for (const auto& response : maps.responses) {
    PipReading reading = read_response(response, f, ds.pip_edge_peak);
    // Pips joined by a fainter band of their own colour (a marbled face's vein, a smear of
    // blur between close pips) run together into one blob that is neither round nor pip-sized
    // at half the peak; nearer the peak only the pips' cores stand, apart. The reading there
    // counts when it finds more pips. Where half the peak showed no face at all, it must not
    // look slanted: motion blur drags pips into streaks whose cores are squashed alike, and a
    // face seen only in such cores would skip the pattern reader (count_pips' slant gate).
    if (reading.pips < 6) {
      PipReading cores = read_response(response, f, ds.pip_core_peak);
      if (cores.pips > reading.pips && (reading.pips > 0 || cores.squash >= ds.pip_core_squash)) reading = std::move(cores);
    }
    if (reading.pips > best.pips || (reading.pips == best.pips && reading.confidence > best.confidence))
      best = std::move(reading);
  }
  // The polarity spot_maps chose for lightness can be the wrong one: pips covering much of a
  // pale, translucent face can outweigh the face itself, and on a dark metallic or glossy face
  // (gold, brass) a specular highlight lies further above the face than its black pips lie
  // below it, so the highlight is read as a pip and the pips are not seen. A die that shows
  // no face otherwise is read with the other polarity; so is one on which that polarity finds
  // more pips, if its spots stand out at least half as strongly as the chosen polarity's
  // (on a white die, its shading and specks in the other polarity are faint beside its
  // black pips, and counting them lost matteop65 photos).
  const bool other_is_strong = masked_percentile(maps.other_lightness, f.face, ds.pip_peak_quantile) >=
                               ds.pip_other_polarity * masked_percentile(maps.responses[0], f.face, ds.pip_peak_quantile);
  if (best.pips == 0 || (best.pips < 6 && other_is_strong)) {
    PipReading other = read_response(maps.other_lightness, f, ds.pip_edge_peak);
    if (best.pips == 0 || other.pips > best.pips) best = std::move(other);
  }
  return best;
}

// A die's box resampled so that a reader sees the die at another size (read_blobs enlarges
// small dice, count_pips shrinks large ones): the crop of the photo's Lab, the region as it
// lies in that crop, and the way back to the photo's pixels.
struct ResampledDie {
  cv::Mat crop;
  DieRegion region;   // the box, mask, shape and split quality; nothing else of the photo's region
  cv::Point origin;   // the box's top-left corner in the photo
  float factor = 1;   // the die's shape, and any direction, scale by this
  cv::Point2f scale;  // crop pixels per photo pixel, along x and y (the crop's size is rounded)

  // The reading's pip centres and face in the photo's pixels.
  void to_photo(PipReading& reading) const {
    for (auto& c : reading.centres) c = cv::Point2f(c.x / scale.x, c.y / scale.y) + cv::Point2f(origin);
    const cv::Rect& face = reading.face;
    reading.face = cv::Rect(origin.x + cvRound(face.x / scale.x), origin.y + cvRound(face.y / scale.y),
                            cvRound(face.width / scale.x), cvRound(face.height / scale.y));
  }
};

// `region` of the photo `lab` resampled by `factor`: the crop with `interpolation`, the mask
// with `mask_interpolation` (an averaging one is thresholded back to on or off).
ResampledDie resample_die(const cv::Mat& lab, const DieRegion& region, double factor, int interpolation,
                          int mask_interpolation) {
  ResampledDie out;
  out.origin = region.box.tl();
  out.factor = static_cast<float>(factor);
  const cv::Size size(std::max(1, int(std::lround(region.box.width * factor))),
                      std::max(1, int(std::lround(region.box.height * factor))));
  cv::resize(lab(region.box), out.crop, size, 0, 0, interpolation);
  out.scale = cv::Point2f(float(size.width) / region.box.width, float(size.height) / region.box.height);
  out.region.box = cv::Rect({0, 0}, size);
  cv::resize(region.mask, out.region.mask, size, 0, 0, mask_interpolation);
  if (mask_interpolation != cv::INTER_NEAREST) cv::threshold(out.region.mask, out.region.mask, 127, 255, cv::THRESH_BINARY);
  const cv::Point2f centre = region.shape.center - cv::Point2f(out.origin);
  out.region.shape = cv::RotatedRect(cv::Point2f(centre.x * out.scale.x, centre.y * out.scale.y),
                                     region.shape.size * out.factor, region.shape.angle);
  out.region.split_quality = region.split_quality;
  return out;
}

// The blob reader: pips as round blobs of the spot maps, kept when they make a face layout.
PipReading read_blobs(const cv::Mat& lab, const DieRegion& region, cv::Point2f outward, const DiceSettings& ds) {
  // Small dice (a crowded tray) have pips of three or four pixels that blur into each other;
  // reading them at twice the size keeps neighbouring pips apart after thresholding.
  if (std::min(region.box.width, region.box.height) >= ds.pip_small_die) return read_face(lab, region, outward, ds);
  const ResampledDie zoomed = resample_die(lab, region, ds.pip_zoom, cv::INTER_CUBIC, cv::INTER_NEAREST);
  PipReading out = read_face(zoomed.crop, zoomed.region, outward * zoomed.factor, ds);
  zoomed.to_photo(out);
  out.face = region.box;  // read enlarged, the face is the whole box, whether a face was read or not
  return out;
}

}  // namespace

namespace {

// Both readers and the choice between them, on the region as `lab` shows it.
PipReading read_pips(const cv::Mat& lab, const DieRegion& region, cv::Point2f outward, const DiceSettings& ds) {
  PipReading out = read_blobs(lab, region, outward, ds);
  // The pattern reader's grid is square: it reads faces seen from above. A slant shows in the
  // pips' shape, but only on dice large enough for a pip to span several pixels; on smaller
  // dice the measured shape is mostly noise.
  const bool slanted =
      out.squash < ds.pip_slant_squash && std::min(region.box.width, region.box.height) >= ds.pip_shape_reliable;
  if (slanted) return out;
  const FacePattern pattern = read_face_pattern(lab, region, out.centres, ds);
  return choose_reading(std::move(out), pattern, region.split_quality, ds);
}

}  // namespace

PipReading count_pips(const cv::Mat& lab, const DieRegion& region, const DiceSettings& ds) {
  // Which way the die's side faces lie: from the photo's centre out, in any crop of it.
  const cv::Point2f outward = region.shape.center - cv::Point2f(lab.cols / 2.f, lab.rows / 2.f);
  // The die's size is the photo's typical die where the finder knows one: a region's box
  // may take in a shadow or a printed shape beside the die.
  const double side = region.die_side > 0 ? region.die_side : std::max(region.box.width, region.box.height);
  if (side <= ds.reader_die_max) return read_pips(lab, region, outward, ds);
  // Scale first: the readers' pixel sizes (pip specks, structuring elements, the spot maps'
  // discs) were chosen on dice 30-80 px across, and their cost grows with the die's area. A
  // larger die is read from its box shrunk to reader_die_target, whatever the photo's size.
  const double f = ds.reader_die_target / side;
  ResampledDie shrunk = resample_die(lab, region, f, cv::INTER_AREA, cv::INTER_AREA);
  shrunk.region.at_frame = region.at_frame;
  shrunk.region.die_side = region.die_side * f;
  PipReading out = read_pips(shrunk.crop, shrunk.region, outward * shrunk.factor, ds);
  shrunk.to_photo(out);
  return out;
}

}  // namespace puzzlesat::dice_vision

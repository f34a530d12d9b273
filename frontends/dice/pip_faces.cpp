#include "frontends/dice/pip_faces.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <bit>
#include <cmath>

#include "frontends/dice/pip_layout.h"
#include "frontends/image/masked_percentile.h"

namespace puzzlesat::dice_vision {

namespace {

// Geometry, not tuned (the settings table's finder_pip_* are): how Canny's ring lies round a
// spot, and how far a face's pips lie apart.
// The hole inside a spot's dilated edge ring lies this many pixels within the spot's rim,
// and the ring of lightness the spot is measured against starts as far outside it.
constexpr double kHoleInset = 1.5;
// The farthest two pips of a face (a 2's, across the diagonal) lie 0.5 sqrt(8) = 1.41
// half-sides apart, 8.3 pip radii at kPipRadius; looked for this much farther, for pips
// drawn smaller than kPipRadius.
constexpr double kReachSlack = 1.3;
// Pips a group is chosen among besides its seed: the other five of a 6 and a spare.
constexpr std::size_t kNearest = 7;
// A pip's disc, left out of the plain-face test, is this much wider than the spot measured
// (a blurred pip's rim is darker than the face too).
constexpr double kDiscMargin = 1.4;

// Pips of one face: the same polarity and within finder_pip_alike of each other's size.
bool alike(const PipSpot& a, const PipSpot& b, const DiceSettings& s) {
  return a.darker == b.darker && std::max(a.radius, b.radius) <= s.finder_pip_alike * std::min(a.radius, b.radius);
}

// A turned rectangle filled, as a mask of `box`.
cv::Mat filled(const cv::RotatedRect& rect, cv::Rect box) {
  cv::Mat mask = cv::Mat::zeros(box.size(), CV_8U);
  cv::Point2f corners[4];
  rect.points(corners);
  std::vector<cv::Point> polygon;
  for (const auto& c : corners) polygon.emplace_back(cv::Point(std::lround(c.x) - box.x, std::lround(c.y) - box.y));
  cv::fillConvexPoly(mask, polygon, cv::Scalar(255));
  return mask;
}

// The median lightness of a ring round a spot: what the spot stands out from. Not the
// mean: in a 6 the ring touches the neighbouring pips. -1 when the ring is off the image.
int ring_median(const cv::Mat& l, cv::Point2f centre, double inner, double outer) {
  const cv::Rect box = cv::Rect(cv::Point(int(std::floor(centre.x - outer)), int(std::floor(centre.y - outer))),
                                cv::Point(int(std::ceil(centre.x + outer)) + 1, int(std::ceil(centre.y + outer)) + 1)) &
                       cv::Rect(0, 0, l.cols, l.rows);
  cv::Mat ring = cv::Mat::zeros(box.size(), CV_8U);
  for (int y = 0; y < box.height; ++y)
    for (int x = 0; x < box.width; ++x) {
      const double d = std::hypot(box.x + x - centre.x, box.y + y - centre.y);
      ring.at<uchar>(y, x) = d >= inner && d <= outer ? 255 : 0;
    }
  return cv::countNonZero(ring) > 0 ? image::masked_median(l(box), ring) : -1;
}

// Root mean square distance of points from their centroid.
double spread(const std::vector<cv::Point2f>& points) {
  cv::Point2f c(0, 0);
  for (const auto& p : points) c += p;
  c *= 1.0f / float(points.size());
  double sum = 0;
  for (const auto& p : points) sum += (p - c).dot(p - c);
  return std::sqrt(sum / double(points.size()));
}

// The face the pips of a `k` lie on: centre, half-side and turn from the points alone (all
// layouts are symmetric about the face's centre; their spread fixes the scale).
cv::RotatedRect face_of(const std::vector<cv::Point2f>& points) {
  const int k = int(points.size());
  cv::Point2f centre(0, 0);
  for (const auto& p : points) centre += p;
  centre *= 1.0f / float(k);
  const double half = spread(points) / spread(pip_layout(k));
  double angle = 0;  // degrees
  if (k <= 3) {
    // A 2 or a 3 lies along a diagonal: the face's sides are 45 degrees off it.
    cv::Point2f far(0, 0);
    for (const auto& p : points)
      for (const auto& q : points)
        if ((p - q).dot(p - q) > far.dot(far)) far = p - q;
    angle = std::atan2(far.y, far.x) * 180 / CV_PI - 45;
  } else {
    angle = cv::minAreaRect(points).angle;  // a 4, 5 or 6's outer pips form a rectangle square to the face
  }
  const float side = float(2 * half);
  return cv::RotatedRect(centre, cv::Size2f(side, side), float(angle));
}

// Where a point lies in the face's own coordinates, in half-sides (|u|, |v| <= 1 on it).
cv::Point2f in_face(const cv::RotatedRect& face, cv::Point2f p) {
  const double a = face.angle * CV_PI / 180, half = face.size.width / 2;
  const cv::Point2f d = p - face.center;
  return {float((d.x * std::cos(a) + d.y * std::sin(a)) / half), float((-d.x * std::sin(a) + d.y * std::cos(a)) / half)};
}

// The share of a face, off its pips, as dark as a pip (as light, for light pips): the rest
// of a 6 whose one column was taken for a 3, the gap and table between two neighbours whose
// pips fit a 2. A face is otherwise plain.
double stray_share(const cv::Mat& lab, cv::Rect box, const cv::Mat& face, const std::vector<PipSpot>& spots,
                   const std::vector<std::size_t>& group) {
  cv::Mat l;
  cv::extractChannel(lab(box), l, 0);
  cv::Mat plain = face.clone();
  for (auto g : group)
    cv::circle(plain, cv::Point(spots[g].centre) - box.tl(), int(std::ceil(kDiscMargin * spots[g].radius)), cv::Scalar(0),
               cv::FILLED);
  const int n = cv::countNonZero(plain);
  if (n == 0) return 1;
  double pip_l = 0;
  for (auto g : group) pip_l += spots[g].level;
  pip_l /= double(group.size());
  // Halfway from the face to its pips.
  const double cut = 0.5 * (image::masked_median(l, plain) + pip_l);
  const cv::Mat stray = spots[group[0]].darker ? l <= cut : l >= cut;
  return double(cv::countNonZero(stray & plain)) / n;
}

struct Group {
  std::vector<std::size_t> spots;
  double misfit = 0;
};

// The largest group with spot `seed` whose pips fit their layout, of those the best fit;
// none (empty) when no two fit.
Group best_group_with(std::size_t seed, const std::vector<PipSpot>& spots, const DiceSettings& s) {
  const PipSpot& a = spots[seed];
  const double reach = kReachSlack * 2 * 0.5 * std::sqrt(2.0) / kPipRadius;
  std::vector<std::size_t> near;
  for (std::size_t j = 0; j < spots.size(); ++j)
    if (j != seed && alike(a, spots[j], s) && cv::norm(spots[j].centre - a.centre) <= reach * a.radius) near.push_back(j);
  std::sort(near.begin(), near.end(), [&](std::size_t x, std::size_t y) {
    return cv::norm(spots[x].centre - a.centre) < cv::norm(spots[y].centre - a.centre);
  });
  if (near.size() > kNearest) near.resize(kNearest);
  Group best{{}, s.finder_pip_misfit};
  for (unsigned bits = 1; bits < (1u << near.size()); ++bits) {
    const int k = 1 + std::popcount(bits);
    if (k > 6 || k < int(best.spots.size())) continue;
    std::vector<std::size_t> group{seed};
    for (std::size_t j = 0; j < near.size(); ++j)
      if (bits >> j & 1) group.push_back(near[j]);
    std::vector<cv::Point2f> points;
    double radius = 0;
    bool one_size = true;
    for (auto g : group) {
      points.push_back(spots[g].centre);
      radius += spots[g].radius;
      one_size = one_size && alike(spots[g], a, s);
    }
    if (!one_size) continue;
    // The face's size comes from the pips' spacing; their size only has to suit it, as
    // the outlined faces' pips must (dice are printed with larger and smaller pips).
    const double half = spread(points) / spread(pip_layout(k));
    const double pip = kPipRadius * half;
    radius /= k;
    if (radius > s.finder_outline_pip_alike * pip || radius * s.finder_outline_pip_alike < pip) continue;
    const double misfit = layout_misfit(points, k, float(half), s);
    if (k > int(best.spots.size()) ? misfit <= s.finder_pip_misfit : misfit < best.misfit) best = {group, misfit};
  }
  return best;
}

// Whether the group is a face's whole set of pips: no other spot of its kind lies on the face
// it implies (the rest of two neighbours' pips, finder_pip_clear), and its rows do not go on
// past it (finder_pip_lattice): a side face's 6, foreshortened to three by two, holds two 4s,
// and any step from one of its pips to another, taken once more, lands on a spot of its kind.
bool whole(const std::vector<std::size_t>& group, const cv::RotatedRect& face, const std::vector<PipSpot>& spots,
           const DiceSettings& s) {
  const PipSpot& first = spots[group[0]];
  for (std::size_t j = 0; j < spots.size(); ++j) {
    if (std::find(group.begin(), group.end(), j) != group.end() || !alike(spots[j], first, s)) continue;
    const cv::Point2f u = in_face(face, spots[j].centre);
    if (std::max(std::abs(u.x), std::abs(u.y)) <= s.finder_pip_clear) return false;
    for (const auto p : group)
      for (const auto q : group) {
        if (p == q) continue;
        const cv::Point2f step = spots[q].centre - spots[p].centre;
        if (cv::norm(spots[j].centre - (spots[q].centre + step)) < s.finder_pip_lattice * cv::norm(step)) return false;
      }
  }
  return true;
}

// Faces from groups of spots, the larger groups first: a 4's side pair fits a 2 too, its
// other pips off that 2's face.
std::vector<std::pair<cv::Mat, cv::Rect>> faces_from(const std::vector<PipSpot>& spots, const cv::Mat& lab,
                                                     const DiceSettings& s) {
  std::vector<Group> groups;
  for (std::size_t seed = 0; seed < spots.size(); ++seed) {
    Group best = best_group_with(seed, spots, s);
    const int least = int(spots[seed].darker ? s.finder_pip_least : s.finder_pip_least_light);
    if (int(best.spots.size()) >= least) groups.push_back(std::move(best));
  }
  std::stable_sort(groups.begin(), groups.end(), [](const Group& x, const Group& y) {
    return x.spots.size() != y.spots.size() ? x.spots.size() > y.spots.size() : x.misfit < y.misfit;
  });
  std::vector<bool> used(spots.size(), false);
  std::vector<std::pair<cv::Mat, cv::Rect>> out;
  for (const Group& group : groups) {
    if (std::any_of(group.spots.begin(), group.spots.end(), [&](std::size_t g) { return used[g]; })) continue;
    std::vector<cv::Point2f> points;
    for (auto g : group.spots) points.push_back(spots[g].centre);
    const cv::RotatedRect face = face_of(points);
    if (!whole(group.spots, face, spots, s)) continue;
    const cv::Rect box = face.boundingRect();
    // Strictly inside the frame: a face cut by it is the other finders' (at_frame regions).
    if (box.x <= 0 || box.y <= 0 || box.br().x >= lab.cols || box.br().y >= lab.rows) continue;
    cv::Mat mask = filled(face, box);
    if (stray_share(lab, box, mask, spots, group.spots) > s.finder_pip_stray) continue;
    for (auto g : group.spots) used[g] = true;
    out.emplace_back(std::move(mask), box);
  }
  return out;
}

}  // namespace

std::vector<PipSpot> pip_spots(const cv::Mat& lab, const EdgeContours& edges, const DiceSettings& s) {
  const auto& [contours, hierarchy] = edges;
  cv::Mat l;
  cv::extractChannel(lab, l, 0);
  // A face of the outlined faces' sizes holds pips of kPipRadius of its half-side.
  const double longest = std::max(lab.cols, lab.rows);
  const double least = kPipRadius * s.finder_outline_min_side * longest / 2;
  const double most = kPipRadius * s.finder_outline_max_side * longest / 2;
  std::vector<PipSpot> spots;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    // The inside of a spot's edge ring is a hole, with nothing inside: a face's hole is
    // round enough too, but holds its pips.
    if (edges.depth(i) % 2 == 0 || hierarchy[i][2] >= 0) continue;
    const double radius = std::sqrt(cv::contourArea(contours[i]) / CV_PI) + kHoleInset;
    if (radius < std::max(least, s.finder_pip_min_radius) || radius > most || !edges.round(i, s)) continue;
    const cv::Rect b = cv::boundingRect(contours[i]);
    cv::Mat inside = cv::Mat::zeros(b.size(), CV_8U);
    cv::drawContours(inside, contours, int(i), cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), 0, -b.tl());
    const double spot_l = cv::mean(l(b), inside)[0];
    const cv::Point2f centre(b.x + 0.5f * (b.width - 1), b.y + 0.5f * (b.height - 1));
    // A ring half a radius wide (two pixels at least) just outside the spot's rim.
    const double round_l = ring_median(l, centre, radius + kHoleInset, radius + kHoleInset + std::max(2.0, 0.5 * radius));
    if (round_l < 0 || std::abs(round_l - spot_l) < s.finder_outline_pip_contrast) continue;
    spots.push_back({centre, float(radius), spot_l < round_l, float(spot_l)});
  }
  return spots;
}

std::vector<std::pair<cv::Mat, cv::Rect>> pip_faces(const cv::Mat& lab, const EdgeContours& edges,
                                                    const DiceSettings& s, double die_side) {
  std::vector<PipSpot> spots = pip_spots(lab, edges, s);
  // Small dark dice on a light table are round dark spots too, laid out like pips when the
  // dice are: a spot as wide as a good share of the photo's typical die is no pip.
  if (die_side > 0)
    std::erase_if(spots, [&](const PipSpot& p) { return 2 * p.radius > s.finder_pip_of_die * die_side; });
  return faces_from(spots, lab, s);
}

std::vector<std::pair<cv::Mat, cv::Rect>> pip_faces(const cv::Mat& lab, const DiceSettings& s) {
  return pip_faces(lab, lightness_edges(lab, s), s);
}

}  // namespace puzzlesat::dice_vision

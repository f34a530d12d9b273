#include "frontends/set/size_field.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <random>

namespace puzzlesat::set_vision {

namespace {

// The plane through three (x, y, size) points; false when they are (nearly) on one line.
bool plane_through(const cv::Point2f p[3], const double s[3], SizeField& out) {
  const cv::Matx33d m(1, p[0].x, p[0].y, 1, p[1].x, p[1].y, 1, p[2].x, p[2].y);
  const double det = cv::determinant(m);
  // Twice the triangle's area: a sliver gives a plane that any noise tilts wildly.
  const double spread = std::max({cv::norm(p[1] - p[0]), cv::norm(p[2] - p[0]), cv::norm(p[2] - p[1])});
  if (std::abs(det) < 0.05 * spread * spread) return false;
  const cv::Vec3d abc = m.inv() * cv::Vec3d(s[0], s[1], s[2]);
  out.a = abc[0], out.b = abc[1], out.c = abc[2];
  return true;
}

// How well `f` fits: each candidate within the tolerance counts 1 - (r / tolerance)^2, r
// its log ratio to the plane (MSAC: a plane through the cards' middle beats one tilted to
// take in a piece of clutter at its edge), and how many are within it. Nothing when the
// plane is not believable over the candidates that agree with it (clutter far off the
// table may lie where the plane runs out).
struct Fit {
  double score = 0;
  int count = 0;
  double lo = HUGE_VAL, hi = 0;  // the plane's sizes where they lie
};
Fit fit_of(const SizeField& f, const std::vector<cv::Point2f>& centres, const std::vector<double>& sizes,
           double log_tolerance, double max_ratio) {
  Fit fit;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const double e = f.at(centres[i]);
    if (e <= 0) continue;
    const double r = std::log(sizes[i] / e) / log_tolerance;
    if (std::abs(r) > 1) continue;
    fit.score += 1 - r * r, ++fit.count;
    fit.lo = std::min(fit.lo, e), fit.hi = std::max(fit.hi, e);
  }
  if (fit.count > 0 && fit.hi > max_ratio * fit.lo) return {};
  return fit;
}

}  // namespace

SizeField fit_size_field(const std::vector<cv::Point2f>& centres, const std::vector<double>& sizes,
                         const SizeFieldOptions& options) {
  const double max_ratio = options.max_ratio;
  const int min_agreeing = options.min_agreeing;
  SizeField flat;
  if (sizes.empty()) return flat;
  std::vector<double> sorted = sizes;
  std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
  flat.a = sorted[sorted.size() / 2];
  const std::size_t n = sizes.size();
  if (n < 3 || int(n) < min_agreeing) return flat;

  const double log_tolerance = std::log(options.tolerance);
  SizeField best;
  Fit best_fit;
  auto consider = [&](const SizeField& f) {
    const Fit fit = fit_of(f, centres, sizes, log_tolerance, max_ratio);
    if (fit.score > best_fit.score) best = f, best_fit = fit;
  };
  auto try_triple = [&](std::size_t i, std::size_t j, std::size_t k) {
    const cv::Point2f p[3] = {centres[i], centres[j], centres[k]};
    const double s[3] = {sizes[i], sizes[j], sizes[k]};
    SizeField f;
    if (plane_through(p, s, f)) consider(f);
  };
  // Every triple of a small set; a fixed sample of a large one, so a photo always reads alike.
  constexpr std::size_t kAllTriplesUpTo = 24, kSampledTriples = 2000;
  if (n <= kAllTriplesUpTo) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        for (std::size_t k = j + 1; k < n; ++k) try_triple(i, j, k);
  } else {
    std::mt19937 rng(12345);
    for (std::size_t t = 0; t < kSampledTriples; ++t) {
      const std::size_t i = rng() % n, j = rng() % n, k = rng() % n;
      if (i != j && j != k && i != k) try_triple(i, j, k);
    }
  }
  // A triple's plane is as noisy as its three sizes: it only tells which candidates are
  // the cards. The plane is then refit by least squares on those within half the
  // tolerance of it (clutter that merely agrees would pull the fit), twice, which
  // averages the noise of all the cards.
  for (int round = 0; round < 2 && best_fit.count >= 3; ++round) {
    cv::Mat a(0, 3, CV_64F), b(0, 1, CV_64F);
    for (std::size_t i = 0; i < n; ++i)
      if (std::abs(std::log(sizes[i] / best.at(centres[i]))) <= 0.5 * log_tolerance) {
        a.push_back(cv::Mat(cv::Matx13d(1, centres[i].x, centres[i].y)));
        b.push_back(sizes[i]);
      }
    cv::Mat abc;
    if (a.rows < 3 || !cv::solve(a, b, abc, cv::DECOMP_SVD)) break;
    const SizeField refit{abc.at<double>(0), abc.at<double>(1), abc.at<double>(2)};
    const Fit fit = fit_of(refit, centres, sizes, log_tolerance, max_ratio);
    if (fit.count < 3) break;  // past the believable steepness
    best = refit, best_fit = fit;
  }
  // One size at the median is the plain reading: a plane must fit clearly better.
  const Fit flat_fit = fit_of(flat, centres, sizes, log_tolerance, max_ratio);
  if (best_fit.count < min_agreeing || best_fit.score < flat_fit.score + options.margin) return flat;
  best.agreeing = best_fit.count;
  // Beyond the agreeing candidates the plane runs on, but spans no more than `max_ratio`.
  best.lo = best_fit.hi / max_ratio, best.hi = best_fit.lo * max_ratio;
  return best;
}

}  // namespace puzzlesat::set_vision

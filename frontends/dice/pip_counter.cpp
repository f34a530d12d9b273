#include "frontends/dice/pip_counter.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>

#include "frontends/dice/pip_layout.h"

namespace puzzlesat::dice_vision {

namespace {

// Median of an 8-bit channel under a mask, from its histogram.
int masked_median(const cv::Mat& channel, const cv::Mat& mask) {
  std::array<int, 256> hist{};
  int n = 0;
  for (int y = 0; y < channel.rows; ++y) {
    const auto* c = channel.ptr<uchar>(y);
    const auto* m = mask.ptr<uchar>(y);
    for (int x = 0; x < channel.cols; ++x)
      if (m[x]) ++hist[c[x]], ++n;
  }
  int seen = 0;
  for (int v = 0; v < 256; ++v)
    if ((seen += hist[v]) * 2 >= n) return v;
  return 0;
}

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
};

}  // namespace

PipReading count_pips(const cv::Mat& lab, const DieRegion& region) {
  PipReading out;
  const cv::Mat crop = lab(region.box);
  const double die_area = cv::countNonZero(region.mask);
  const double side = std::sqrt(die_area);
  if (side < 8) return out;

  // The face without its rim: edges and shading at the border are not pips.
  cv::Mat face;
  const int rim = std::max(1, static_cast<int>(std::lround(side * 0.07)));
  cv::erode(region.mask, face, cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * rim + 1, 2 * rim + 1}));
  if (cv::countNonZero(face) < die_area * 0.25) return out;

  cv::Mat channels[3];
  cv::split(crop, channels);
  const int face_l = masked_median(channels[0], face);
  const int face_a = masked_median(channels[1], face);
  const int face_b = masked_median(channels[2], face);

  // Distance of each pixel from the face colour; chroma counts double so that coloured
  // pips on a face of similar brightness still stand out.
  cv::Mat distance(crop.size(), CV_8U);
  for (int y = 0; y < crop.rows; ++y) {
    const auto* p = crop.ptr<cv::Vec3b>(y);
    auto* d = distance.ptr<uchar>(y);
    for (int x = 0; x < crop.cols; ++x) {
      const double dl = p[x][0] - face_l, da = p[x][1] - face_a, db = p[x][2] - face_b;
      d[x] = cv::saturate_cast<uchar>(std::sqrt(dl * dl + 2 * (da * da + db * db)));
    }
  }
  const int threshold = std::max(30, masked_otsu(distance, face));
  cv::Mat pips;
  cv::compare(distance, threshold, pips, cv::CMP_GT);
  pips &= face;

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

  const double min_area = std::max(3.0, 0.004 * die_area);
  const double max_area = 0.12 * die_area;
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
    if (roundness < 0.45 || fill < 0.45) continue;
    blobs.push_back({cv::Point2f(float(cx + region.box.x), float(cy + region.box.y)), a, roundness});
  }
  if (blobs.empty()) return out;

  // Pips of one face are alike: drop blobs much smaller than the typical one.
  std::vector<double> areas;
  for (const auto& b : blobs) areas.push_back(b.area);
  std::nth_element(areas.begin(), areas.begin() + areas.size() / 2, areas.end());
  const double typical = areas[areas.size() / 2];
  std::erase_if(blobs, [&](const Blob& b) { return b.area < 0.35 * typical; });
  if (blobs.empty() || blobs.size() > 6) return out;

  out.pips = static_cast<int>(blobs.size());
  for (const auto& b : blobs) out.centres.push_back(b.centre);
  out.face = region.box;

  const double misfit = layout_misfit(out.centres, out.pips, static_cast<float>(side / 2));
  const double layout_score = 1.0 / (1.0 + (misfit / 0.15) * (misfit / 0.15));
  const double contrast_score = std::min(1.0, threshold / 60.0);
  const float w = region.shape.size.width, h = region.shape.size.height;
  const double square_score = std::max(w, h) > 0 ? std::min(w, h) / std::max(w, h) : 0;
  out.confidence = std::cbrt(layout_score * contrast_score * square_score) * region.split_quality;
  return out;
}

}  // namespace puzzlesat::dice_vision

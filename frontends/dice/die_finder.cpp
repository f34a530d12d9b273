#include "frontends/dice/die_finder.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace puzzlesat::dice_vision {

namespace {

// Thresholds on the difference from the background, in 8-bit Lab units. Darker-than-table
// needs more than brighter-than-table so that soft shadows stay background while black
// dice do not.
constexpr int kBrighter = 22;
constexpr int kDarker = 45;
constexpr int kChroma = 18;

// The table without the dice: a median over windows several dice wide, computed at low
// resolution because the table changes slowly and the median is the costly part.
cv::Mat background_estimate(const cv::Mat& lab) {
  const int longest = std::max(lab.cols, lab.rows);
  const double scale = 80.0 / longest;
  cv::Mat small, median, full;
  cv::resize(lab, small, cv::Size(), scale, scale, cv::INTER_AREA);
  cv::medianBlur(small, median, 15);
  cv::resize(median, full, lab.size(), 0, 0, cv::INTER_LINEAR);
  return full;
}

cv::Mat foreground_mask(const cv::Mat& lab) {
  const cv::Mat bg = background_estimate(lab);
  cv::Mat mask(lab.size(), CV_8U);
  for (int y = 0; y < lab.rows; ++y) {
    const auto* p = lab.ptr<cv::Vec3b>(y);
    const auto* b = bg.ptr<cv::Vec3b>(y);
    auto* m = mask.ptr<uchar>(y);
    for (int x = 0; x < lab.cols; ++x) {
      const int dl = int(p[x][0]) - int(b[x][0]);
      const int da = int(p[x][1]) - int(b[x][1]);
      const int db = int(p[x][2]) - int(b[x][2]);
      const bool differs = dl > kBrighter || dl < -kDarker || da * da + db * db > kChroma * kChroma;
      m[x] = differs ? 255 : 0;
    }
  }
  return mask;
}

struct Blob {
  std::vector<cv::Point> contour;
  double area = 0;
  cv::RotatedRect shape;
  double solidity = 0;
  double aspect = 1;
};

Blob describe(std::vector<cv::Point> contour) {
  Blob b;
  b.area = cv::contourArea(contour);
  b.shape = cv::minAreaRect(contour);
  std::vector<cv::Point> hull;
  cv::convexHull(contour, hull);
  const double hull_area = cv::contourArea(hull);
  b.solidity = hull_area > 0 ? b.area / hull_area : 0;
  const float w = b.shape.size.width, h = b.shape.size.height;
  b.aspect = std::min(w, h) > 0 ? std::max(w, h) / std::min(w, h) : 99;
  b.contour = std::move(contour);
  return b;
}

DieRegion region_from_mask(const cv::Mat& full_mask_piece, cv::Rect box, double quality) {
  DieRegion r;
  r.box = box;
  r.mask = full_mask_piece;
  std::vector<cv::Point> pts;
  cv::findNonZero(r.mask, pts);
  for (auto& p : pts) p += box.tl();
  r.shape = cv::minAreaRect(pts);
  r.split_quality = quality;
  return r;
}

// Cuts a blob of `k` touching dice into k compact pieces by clustering its pixels.
std::vector<DieRegion> split_blob(const cv::Mat& blob_mask, cv::Rect box, int k) {
  std::vector<cv::Point> pts;
  cv::findNonZero(blob_mask, pts);
  const int step = std::max<int>(1, static_cast<int>(pts.size() / 1500));
  cv::Mat samples(0, 2, CV_32F);
  for (std::size_t i = 0; i < pts.size(); i += step) {
    float row[2] = {float(pts[i].x), float(pts[i].y)};
    samples.push_back(cv::Mat(1, 2, CV_32F, row));
  }
  if (samples.rows < k * 4) return {region_from_mask(blob_mask, box, 0.5)};
  cv::Mat labels, centres;
  cv::setRNGSeed(12345);  // the same photo always gives the same reading
  cv::kmeans(samples, k, labels, cv::TermCriteria(cv::TermCriteria::EPS + cv::TermCriteria::COUNT, 30, 0.1),
             3, cv::KMEANS_PP_CENTERS, centres);
  std::vector<cv::Mat> pieces(k);
  for (auto& p : pieces) p = cv::Mat::zeros(blob_mask.size(), CV_8U);
  for (const auto& p : pts) {
    int best = 0;
    float best_d = 1e30f;
    for (int c = 0; c < k; ++c) {
      const float dx = p.x - centres.at<float>(c, 0), dy = p.y - centres.at<float>(c, 1);
      const float d = dx * dx + dy * dy;
      if (d < best_d) best_d = d, best = c;
    }
    pieces[best].at<uchar>(p) = 255;
  }
  std::vector<DieRegion> out;
  for (auto& piece : pieces) {
    const cv::Rect sub = cv::boundingRect(piece);
    if (sub.area() == 0) continue;
    out.push_back(region_from_mask(piece(sub).clone(), sub + box.tl(), 0.8));
  }
  return out;
}

}  // namespace

std::vector<DieRegion> find_die_regions(const cv::Mat& bgr) {
  cv::Mat lab;
  cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
  cv::Mat mask = foreground_mask(lab);
  cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));

  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);

  const double longest = std::max(bgr.cols, bgr.rows);
  const double min_area = std::pow(0.025 * longest, 2);
  const double max_area = std::pow(0.35 * longest, 2);
  std::vector<Blob> blobs;
  for (auto& c : contours) {
    Blob b = describe(std::move(c));
    if (b.area >= min_area && b.area <= max_area) blobs.push_back(std::move(b));
  }

  // The typical single die: the median of the blobs that look like one square.
  std::vector<double> single_areas;
  for (const auto& b : blobs)
    if (b.aspect < 1.35 && b.solidity > 0.88) single_areas.push_back(b.area);
  if (single_areas.empty())
    for (const auto& b : blobs) single_areas.push_back(b.area);
  double typical = 0;
  if (!single_areas.empty()) {
    std::nth_element(single_areas.begin(), single_areas.begin() + single_areas.size() / 2, single_areas.end());
    typical = single_areas[single_areas.size() / 2];
  }

  std::vector<DieRegion> regions;
  for (const auto& b : blobs) {
    const cv::Rect box = cv::boundingRect(b.contour);
    cv::Mat piece = cv::Mat::zeros(box.size(), CV_8U);
    cv::drawContours(piece, std::vector<std::vector<cv::Point>>{b.contour}, 0, 255, cv::FILLED, cv::LINE_8, cv::noArray(),
                     INT_MAX, -box.tl());
    const double ratio = typical > 0 ? b.area / typical : 1;
    const bool looks_single = b.aspect < 1.5 && b.solidity > 0.85;
    if (ratio > 1.6 && ratio < 10 && !(looks_single && ratio < 2.2)) {
      const int k = std::max(2, static_cast<int>(std::lround(ratio)));
      for (auto& r : split_blob(piece, box, k)) regions.push_back(std::move(r));
    } else {
      regions.push_back(region_from_mask(piece, box, 1.0));
    }
  }
  return regions;
}

}  // namespace puzzlesat::dice_vision

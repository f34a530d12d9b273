#include "frontends/hexcells/cells.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

#include <puzzlesat/input_error.h>

namespace puzzlesat::hexcells_vision {
namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// Colour classes in OpenCV's HSV (hue 0..180). The game's orange is hue ~19, its blue
// ~99, both strongly saturated; revealed black is a dark, nearly neutral grey.
cv::Mat1b orange_mask(const cv::Mat& hsv) {
  cv::Mat1b m;
  cv::inRange(hsv, cv::Scalar(8, 110, 150), cv::Scalar(30, 255, 255), m);
  return m;
}
cv::Mat1b blue_mask(const cv::Mat& hsv) {
  cv::Mat1b m;
  cv::inRange(hsv, cv::Scalar(88, 130, 110), cv::Scalar(112, 255, 255), m);
  return m;
}
cv::Mat1b dark_mask(const cv::Mat& hsv) {
  cv::Mat1b m;
  cv::inRange(hsv, cv::Scalar(0, 0, 0), cv::Scalar(180, 90, 95), m);
  return m;
}

struct Candidate {
  FoundCell cell;
  double area = 0;
};

void collect(const cv::Mat1b& mask, CellState state, int min_side, std::vector<Candidate>& out) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  for (auto& c : contours) {
    const cv::Rect box = cv::boundingRect(c);
    if (box.width < min_side || box.height < min_side) continue;
    const double area = cv::contourArea(c);
    const double fill = area / box.area();
    const double aspect = static_cast<double>(box.width) / box.height;
    // A flat-topped hexagon fills 3/4 of its box and is 2/sqrt(3) = 1.15 as wide as high.
    if (fill < 0.62 || fill > 0.88 || aspect < 0.95 || aspect > 1.4) continue;
    const cv::Moments m = cv::moments(c);
    FoundCell cell;
    cell.centre = {static_cast<float>(m.m10 / m.m00), static_cast<float>(m.m01 / m.m00)};
    cell.box = box;
    cell.contour = std::move(c);
    cell.state = state;
    out.push_back({std::move(cell), area});
  }
}

}  // namespace

std::vector<cv::Point> hexagon(cv::Point2f c, double width) {
  std::vector<cv::Point> pts;
  for (int k = 0; k < 6; ++k) {
    const double a = CV_PI / 3 * k;
    pts.emplace_back(static_cast<int>(std::lround((c.x + 0.5 * width * std::cos(a)) * 16)),
                     static_cast<int>(std::lround((c.y + 0.5 * width * std::sin(a)) * 16)));
  }
  return pts;
}

std::vector<FoundCell> find_cells(const cv::Mat& bgr, const cv::Mat& hsv) {
  const int min_side = std::max(8, std::min(bgr.cols, bgr.rows) / 100);
  std::vector<Candidate> candidates;
  collect(orange_mask(hsv), CellState::hidden, min_side, candidates);
  collect(blue_mask(hsv), CellState::blue, min_side, candidates);
  collect(dark_mask(hsv), CellState::black, min_side, candidates);
  if (candidates.empty()) return {};
  std::vector<double> widths;
  for (const auto& c : candidates) widths.push_back(c.cell.box.width);
  const double w = median(widths);
  std::vector<FoundCell> cells;
  for (auto& c : candidates)
    if (std::abs(c.cell.box.width - w) < 0.2 * w && std::abs(c.cell.box.height - w * 0.866) < 0.22 * w)
      cells.push_back(std::move(c.cell));
  return cells;
}

Lattice fit_lattice(std::vector<FoundCell>& cells) {
  Lattice lat;
  std::vector<double> widths;
  for (const auto& c : cells) widths.push_back(c.box.width);
  lat.cell_width = median(widths);
  const double w = lat.cell_width;
  // Neighbour vectors: (0, +-2 half rows) straight up/down, (+-col, +-1 half row) diagonal.
  std::vector<double> cols, halves;
  for (std::size_t i = 0; i < cells.size(); ++i)
    for (std::size_t j = i + 1; j < cells.size(); ++j) {
      const double dx = std::abs(cells[i].centre.x - cells[j].centre.x);
      const double dy = std::abs(cells[i].centre.y - cells[j].centre.y);
      if (dx * dx + dy * dy > 1.4 * w * 1.4 * w) continue;
      if (dx < 0.25 * w && dy > 0.6 * w) halves.push_back(dy / 2);
      else if (dx > 0.5 * w && dy > 0.25 * w && dy < 0.75 * w) cols.push_back(dx), halves.push_back(dy);
    }
  // Without neighbours, fall back to the regular lattice of cells with a small gap.
  lat.col_step = cols.empty() ? 0.8 * w : median(cols);
  lat.half_row = halves.empty() ? lat.col_step / std::sqrt(3.0) : median(halves);
  float min_x = cells.front().centre.x, min_y = cells.front().centre.y;
  for (const auto& c : cells) min_x = std::min(min_x, c.centre.x), min_y = std::min(min_y, c.centre.y);
  // Refine steps and origin by least squares over the rounded positions.
  for (int pass = 0; pass < 2; ++pass) {
    double sx = 0, sxx = 0, sp = 0, sxp = 0, sy = 0, syy = 0, sq = 0, syq = 0;
    for (auto& c : cells) {
      c.x = static_cast<int>(std::lround((c.centre.x - min_x) / lat.col_step));
      c.y = static_cast<int>(std::lround((c.centre.y - min_y) / lat.half_row));
      sx += c.x, sxx += double(c.x) * c.x, sp += c.centre.x, sxp += c.x * double(c.centre.x);
      sy += c.y, syy += double(c.y) * c.y, sq += c.centre.y, syq += c.y * double(c.centre.y);
    }
    const double n = static_cast<double>(cells.size());
    if (n * sxx - sx * sx > 1e-6) lat.col_step = (n * sxp - sx * sp) / (n * sxx - sx * sx);
    if (n * syy - sy * sy > 1e-6) lat.half_row = (n * syq - sy * sq) / (n * syy - sy * sy);
    min_x = static_cast<float>((sp - lat.col_step * sx) / n);
    min_y = static_cast<float>((sq - lat.half_row * sy) / n);
  }
  for (auto& c : cells) {
    const cv::Point2f p{static_cast<float>(min_x + c.x * lat.col_step), static_cast<float>(min_y + c.y * lat.half_row)};
    if (cv::norm(p - c.centre) > 0.25 * w)
      throw InputError("cells do not lie on one hexagonal grid (cell at pixel " + std::to_string(int(c.centre.x)) + "," +
                       std::to_string(int(c.centre.y)) + ")");
  }
  std::sort(cells.begin(), cells.end(), [](const FoundCell& a, const FoundCell& b) { return std::tie(a.y, a.x) < std::tie(b.y, b.x); });
  for (std::size_t i = 1; i < cells.size(); ++i)
    if (cells[i].x == cells[i - 1].x && cells[i].y == cells[i - 1].y) throw InputError("two cells found at one grid position");
  int mx = 0, my = 0;
  for (auto& c : cells) mx = std::min(mx, c.x), my = std::min(my, c.y);
  // Leave room for line hints above and to the left.
  for (auto& c : cells) c.x += 2 - mx, c.y += 2 - my;
  lat.origin = {static_cast<float>(min_x - (2 - mx) * lat.col_step), static_cast<float>(min_y - (2 - my) * lat.half_row)};
  return lat;
}

}  // namespace puzzlesat::hexcells_vision

#include "frontends/hexcells/line_hints.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <set>

#include "frontends/hexcells/glyphs.h"

namespace puzzlesat::hexcells_vision {

cv::Point2f line_direction(const Lattice& lattice, LineDir dir) {
  int dx = 0, dy = 0;
  dir_step(dir, dx, dy);
  const cv::Point2f v = lattice.centre_of(dx, dy) - lattice.centre_of(0, 0);
  return v / static_cast<float>(cv::norm(v));
}

cv::Point2f line_text_centre(const Lattice& lattice, int x, int y, LineDir dir) {
  const float pitch = static_cast<float>(2 * lattice.half_row);
  return lattice.centre_of(x, y) + 0.2f * pitch * line_direction(lattice, dir);
}

namespace {

struct Accepted {
  SceneLine line;
  cv::Point2f where;
  double quality;
};

// The patch around `centre` turned so that `down` points down: width x height pixels.
cv::Mat upright_patch(const cv::Mat& image, cv::Point2f centre, cv::Point2f down, int width, int height, int border) {
  const cv::Point2f right{down.y, -down.x};
  const float hw = width / 2.f, hh = height / 2.f;
  cv::Mat m = (cv::Mat_<double>(2, 3) << right.x, down.x, centre.x - hw * right.x - hh * down.x,  //
               right.y, down.y, centre.y - hw * right.y - hh * down.y);
  cv::Mat out;
  cv::warpAffine(image, out, m, {width, height}, cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, border, cv::Scalar::all(0));
  return out;
}

}  // namespace

std::vector<SceneLine> find_line_hints(const cv::Mat& bgr, const std::vector<FoundCell>& cells, const Lattice& lattice,
                                       std::vector<std::string>& warnings) {
  std::set<std::pair<int, int>> occupied;
  for (const auto& c : cells) occupied.insert({c.x, c.y});
  // Work on the board's surroundings only: hints sit within a slot of the cells.
  cv::Rect roi;
  for (const auto& c : cells) roi |= c.box;
  const int margin = static_cast<int>(1.6 * lattice.cell_width);
  roi = cv::Rect(roi.x - margin, roi.y - margin, roi.width + 2 * margin, roi.height + 2 * margin) & cv::Rect(0, 0, bgr.cols, bgr.rows);
  const cv::Point2f shift(static_cast<float>(roi.x), static_cast<float>(roi.y));
  // Ink on or right beside a cell is never a line hint.
  cv::Mat1b on_cells(roi.size(), uchar(0));
  std::vector<std::vector<cv::Point>> contours;
  for (const auto& c : cells) contours.push_back(c.contour);
  const int grow = std::max(1, static_cast<int>(lattice.cell_width * 0.05));
  cv::drawContours(on_cells, contours, -1, cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), INT_MAX, -roi.tl());
  cv::drawContours(on_cells, contours, -1, cv::Scalar(255), 2 * grow + 1, cv::LINE_8, cv::noArray(), INT_MAX, -roi.tl());
  cv::Mat1b grey;
  cv::cvtColor(bgr(roi), grey, cv::COLOR_BGR2GRAY);

  const double w = lattice.cell_width;
  const int pw = std::max(8, static_cast<int>(0.85 * w)), ph = std::max(6, static_cast<int>(0.5 * w));
  std::set<std::tuple<int, int, int>> tried;
  std::vector<Accepted> accepted;
  for (const auto& c : cells)
    for (LineDir dir : {LineDir::down, LineDir::down_right, LineDir::down_left}) {
      int dx = 0, dy = 0;
      dir_step(dir, dx, dy);
      const int sx = c.x - dx, sy = c.y - dy;
      if (occupied.count({sx, sy}) || !tried.insert({sx, sy, static_cast<int>(dir)}).second) continue;
      const cv::Point2f centre = line_text_centre(lattice, sx, sy, dir) - shift;
      const cv::Point2f down = line_direction(lattice, dir);
      cv::Mat1b patch = upright_patch(grey, centre, down, pw, ph, cv::BORDER_REPLICATE);
      cv::Mat1b covered = upright_patch(on_cells, centre, down, pw, ph, cv::BORDER_CONSTANT);
      // Background: the median grey of the free part of the patch.
      std::vector<uchar> vals;
      for (int y = 0; y < ph; ++y)
        for (int x = 0; x < pw; ++x)
          if (!covered(y, x)) vals.push_back(patch(y, x));
      if (vals.size() < static_cast<std::size_t>(pw * ph / 3)) continue;
      std::nth_element(vals.begin(), vals.begin() + vals.size() / 2, vals.end());
      const int bg = vals[vals.size() / 2];
      cv::Mat1b ink;
      cv::subtract(cv::Scalar(bg - 6), patch, ink);
      ink.setTo(0, covered);
      double max_ink = 0;
      cv::minMaxLoc(ink, nullptr, &max_ink);
      if (max_ink < 12) continue;
      // Keep the pieces near the middle; a neighbouring hint may reach into the patch.
      cv::Mat1i labels;
      cv::Mat stats, cents;
      const int n = cv::connectedComponentsWithStats(ink > max_ink / 2, labels, stats, cents, 8, CV_32S);
      cv::Mat1b keep(ink.size(), uchar(0));
      int kept_area = 0;
      for (int i = 1; i < n; ++i) {
        const double cx = cents.at<double>(i, 0), cy = cents.at<double>(i, 1);
        if (std::abs(cx - pw / 2.0) > 0.36 * pw || std::abs(cy - ph / 2.0) > 0.3 * ph) continue;
        // Hint lettering lies wholly inside the patch and is about a quarter of a cell
        // high; bigger or cut-off strokes are the level's title or background art.
        const int left = stats.at<int>(i, cv::CC_STAT_LEFT), top = stats.at<int>(i, cv::CC_STAT_TOP);
        const int bw = stats.at<int>(i, cv::CC_STAT_WIDTH), bh = stats.at<int>(i, cv::CC_STAT_HEIGHT);
        if (left == 0 || top == 0 || left + bw == pw || top + bh == ph || bh > 0.42 * w) continue;
        keep.setTo(255, labels == i);
        kept_area += stats.at<int>(i, cv::CC_STAT_AREA);
      }
      if (kept_area < 0.01 * pw * ph) continue;
      cv::Mat1b text_ink;
      cv::dilate(keep, keep, cv::Mat());
      ink.copyTo(text_ink, keep);
      const cv::Rect extent = cv::boundingRect(text_ink > max_ink / 2);
      const cv::Point2f offset(extent.x + extent.width / 2.f - pw / 2.f, extent.y + extent.height / 2.f - ph / 2.f);
      if (std::abs(offset.x) > 0.2 * pw || std::abs(offset.y) > 0.2 * ph) continue;
      const auto text = read_text(text_ink);
      if (!text) continue;
      const auto hint = parse_hint_text(text->text);
      if (!hint || hint->kind == HintKind::unknown) {
        if (max_ink > 60) warnings.push_back("unreadable line hint \"" + text->text + "\" near slot " + std::to_string(sx) + "," + std::to_string(sy));
        continue;
      }
      const cv::Point2f right{down.y, -down.x};
      const cv::Point2f where = centre + shift + offset.x * right + offset.y * down;
      const double quality = text->score - cv::norm(offset) / ph;
      accepted.push_back({{sx, sy, dir, *hint}, where, quality});
    }
  // One text, one hint: of candidates that saw the same text keep the best placed.
  std::sort(accepted.begin(), accepted.end(), [](const Accepted& a, const Accepted& b) { return a.quality > b.quality; });
  std::vector<SceneLine> lines;
  std::vector<cv::Point2f> taken;
  for (const auto& a : accepted) {
    if (std::any_of(taken.begin(), taken.end(), [&](cv::Point2f p) { return cv::norm(p - a.where) < 0.3 * w; })) continue;
    taken.push_back(a.where);
    lines.push_back(a.line);
  }
  std::sort(lines.begin(), lines.end(), [](const SceneLine& a, const SceneLine& b) { return std::tie(a.y, a.x) < std::tie(b.y, b.x); });
  return lines;
}

}  // namespace puzzlesat::hexcells_vision

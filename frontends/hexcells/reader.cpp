#include "frontends/hexcells/reader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include <puzzlesat/input_error.h>
#include "frontends/hexcells/counter.h"
#include "frontends/hexcells/glyphs.h"
#include "frontends/hexcells/line_hints.h"
#include "frontends/image/load_image.h"

namespace puzzlesat::hexcells_vision {
namespace {

// Light text on a coloured cell: ink is how much the darkest channel rises above the
// cell's own darkest channel (white lifts all three, blue and dark grey do not).
cv::Mat1b cell_text_ink(const cv::Mat& bgr, const FoundCell& cell, double cell_width) {
  const cv::Rect box = cell.box & cv::Rect(0, 0, bgr.cols, bgr.rows);
  // The inner part of a regular hexagon at the cell's centre: clear of the rim, where
  // the light border shows through, yet wide enough for "-6-".
  cv::Mat1b mask(box.size(), uchar(0));
  std::vector<std::vector<cv::Point>> inner{hexagon(cell.centre - cv::Point2f(box.tl()), 0.82 * cell_width)};
  cv::fillPoly(mask, inner, cv::Scalar(255), cv::LINE_8, 4);
  std::vector<cv::Mat1b> ch;
  cv::split(bgr(box), ch);
  cv::Mat1b low = cv::min(cv::min(ch[0], ch[1]), ch[2]);
  // The cell's body colour: the median of the darkest channel inside the mask.
  std::vector<uchar> vals;
  for (int y = 0; y < low.rows; ++y)
    for (int x = 0; x < low.cols; ++x)
      if (mask(y, x)) vals.push_back(low(y, x));
  if (vals.empty()) return cv::Mat1b(box.size(), uchar(0));
  std::nth_element(vals.begin(), vals.begin() + vals.size() / 2, vals.end());
  const int body = vals[vals.size() / 2];
  cv::Mat1b ink;
  cv::subtract(low, cv::Scalar(body + 25), ink);
  ink.setTo(0, mask == 0);
  return ink;
}

}  // namespace

ScreenRead read_screenshot(const cv::Mat& input) {
  if (input.empty()) throw InputError("empty image");
  cv::Mat bgr;
  if (input.channels() == 4) cv::cvtColor(input, bgr, cv::COLOR_BGRA2BGR);
  else if (input.channels() == 1) cv::cvtColor(input, bgr, cv::COLOR_GRAY2BGR);
  else bgr = input;
  // Colours and shapes are found on a copy about 1000 pixels wide: cells stay 25+ pixels
  // across at every supported resolution, and it is several times faster. Numbers are
  // read at full resolution.
  const double scale = std::min(1.0, 1000.0 / std::max(bgr.cols, bgr.rows));
  cv::Mat small = bgr;
  if (scale < 1) cv::resize(bgr, small, {}, scale, scale, cv::INTER_AREA);
  cv::Mat hsv;
  cv::cvtColor(small, hsv, cv::COLOR_BGR2HSV);
  std::vector<FoundCell> cells = find_cells(small, hsv);
  if (cells.empty()) throw InputError("no Hexcells board found in the image");
  if (scale < 1) {
    const double up = 1 / scale;
    for (auto& c : cells) {
      c.centre = (c.centre + cv::Point2f(0.5f, 0.5f)) * static_cast<float>(up) - cv::Point2f(0.5f, 0.5f);
      for (auto& p : c.contour) p = cv::Point(static_cast<int>(std::lround((p.x + 0.5) * up - 0.5)), static_cast<int>(std::lround((p.y + 0.5) * up - 0.5)));
      c.box = cv::boundingRect(c.contour);
    }
  }
  ScreenRead out;
  out.lattice = fit_lattice(cells);
  const double min_ink_area = 0.004 * out.lattice.cell_width * out.lattice.cell_width;
  for (const auto& c : cells) {
    SceneCell sc{c.x, c.y, c.state, std::nullopt};
    if (c.state != CellState::hidden) {
      const cv::Mat1b ink = cell_text_ink(bgr, c, out.lattice.cell_width);
      if (cv::countNonZero(ink > 60) > min_ink_area) {
        const auto text = read_text(ink);
        const auto hint = text ? parse_hint_text(text->text) : std::nullopt;
        if (!hint)
          throw InputError("unreadable number on the cell at grid " + std::to_string(c.x) + "," + std::to_string(c.y) +
                           (text ? " (read \"" + text->text + "\")" : ""));
        if (text->score < 0.6) out.warnings.push_back("doubtful number " + text->text + " on cell " + std::to_string(c.x) + "," + std::to_string(c.y));
        sc.hint = hint;
      }
    }
    out.scene.cells.push_back(sc);
  }
  out.scene.lines = find_line_hints(bgr, cells, out.lattice, out.warnings);
  out.scene.remaining = read_remaining(bgr, hsv, scale, out.lattice.cell_width);
  return out;
}

ScreenRead read_screenshot_file(const std::string& path) {
  const cv::Mat image = image::load_image(path);
  try {
    return read_screenshot(image);
  } catch (const InputError& e) {
    throw InputError(e.message(), {path, 0, 0});
  }
}

}  // namespace puzzlesat::hexcells_vision

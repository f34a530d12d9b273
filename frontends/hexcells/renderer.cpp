#include "frontends/hexcells/renderer.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <climits>
#include <cmath>

#include "frontends/hexcells/glyphs.h"
#include "frontends/hexcells/line_hints.h"

namespace puzzlesat::hexcells_vision {
namespace {

// Colours sampled from Hexcells Infinite screenshots (BGR).
const cv::Scalar kBackground(232, 232, 232);
const cv::Scalar kOrangeRim(0, 159, 255), kOrange(41, 175, 255);
const cv::Scalar kBlue(235, 164, 5);
const cv::Scalar kBlack(49, 47, 44);
const cv::Scalar kCellEdge(250, 250, 250);
const cv::Scalar kWhite(255, 255, 255);
const cv::Scalar kLineText(70, 70, 70);
// Lattice proportions of the game: column step and half-row relative to cell width.
constexpr double kColStep = 0.85, kHalfRow = 0.482;

void fill_hex(cv::Mat& img, cv::Point2f c, double width, const cv::Scalar& colour) {
  std::vector<std::vector<cv::Point>> poly{hexagon(c, width)};
  cv::fillPoly(img, poly, colour, cv::LINE_AA, 4);
}

}  // namespace

cv::Mat render_scene(const Scene& scene, const RenderOptions& options, Lattice* lattice_out) {
  cv::Mat img(options.height, options.width, CV_8UC3, kBackground);
  int min_x = INT_MAX, min_y = INT_MAX, max_x = INT_MIN, max_y = INT_MIN;
  auto extend = [&](int x, int y) {
    min_x = std::min(min_x, x), max_x = std::max(max_x, x), min_y = std::min(min_y, y), max_y = std::max(max_y, y);
  };
  for (const auto& c : scene.cells) extend(c.x, c.y);
  for (const auto& l : scene.lines) extend(l.x, l.y);
  if (min_x == INT_MAX) extend(0, 0);
  // The board's extent in cell widths, and the cell width that fits it in the image.
  const double span_w = (max_x - min_x) * kColStep + 1.0, span_h = (max_y - min_y) * kHalfRow + 0.9;
  const double cw = std::min(options.width * options.board_fraction / span_w, options.height * options.board_fraction / span_h);
  Lattice lat;
  lat.cell_width = cw;
  lat.col_step = kColStep * cw;
  lat.half_row = kHalfRow * cw;
  const double board_w = (max_x - min_x) * lat.col_step, board_h = (max_y - min_y) * lat.half_row;
  lat.origin = {static_cast<float>(options.width / 2.0 - board_w / 2 - min_x * lat.col_step),
                static_cast<float>(options.height / 2.0 - board_h / 2 - min_y * lat.half_row)};

  const double text_h = 0.3 * cw;
  for (const auto& c : scene.cells) {
    const cv::Point2f p = lat.centre_of(c.x, c.y);
    fill_hex(img, p, cw * 1.04, kCellEdge);
    switch (c.state) {
      case CellState::hidden:
        fill_hex(img, p, cw, kOrangeRim);
        fill_hex(img, p, cw * 0.8, kOrange);
        break;
      case CellState::blue: fill_hex(img, p, cw, kBlue); break;
      case CellState::black: fill_hex(img, p, cw, kBlack); break;
    }
    if (c.hint && c.state != CellState::hidden) draw_text(img, hint_text(*c.hint), p, text_h, {0, 1}, kWhite);
  }
  for (const auto& l : scene.lines)
    draw_text(img, hint_text(l.hint), line_text_centre(lat, l.x, l.y, l.dir), 0.27 * cw, line_direction(lat, l.dir), kLineText);

  if (scene.remaining) {
    // The counter box: a small word above a number twice its height, top right.
    const double bh = std::max(30.0, options.height * 0.067), bw = bh * 2.65;
    const cv::Rect box(static_cast<int>(options.width - bw - bh * 0.2), static_cast<int>(bh * 0.2), static_cast<int>(bw),
                       static_cast<int>(bh));
    cv::rectangle(img, box, kBlue, cv::FILLED);
    const double word_h = bh * 0.2, num_h = bh * 0.45;
    for (int k = 0; k < 9; ++k) {
      const cv::Point2f tl(static_cast<float>(box.x + bw * 0.25 + k * word_h * 0.8), static_cast<float>(box.y + bh * 0.1));
      cv::rectangle(img, cv::Rect(tl, cv::Size2f(static_cast<float>(word_h * 0.6), static_cast<float>(word_h))), kWhite, cv::FILLED);
    }
    const std::string number = std::to_string(*scene.remaining);
    const cv::Point2f centre(static_cast<float>(box.br().x - bh * 0.2 - number.size() * num_h * 0.38),
                             static_cast<float>(box.y + bh * 0.68));
    draw_text(img, number, centre, num_h, {0, 1}, kWhite);
  }
  if (lattice_out) *lattice_out = lat;
  return img;
}

}  // namespace puzzlesat::hexcells_vision

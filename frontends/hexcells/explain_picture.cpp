#include "frontends/hexcells/explain_picture.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "frontends/hexcells/annotate.h"
#include "frontends/hexcells/board_convert.h"
#include "problems/hexcells/render.h"

namespace puzzlesat::hexcells_vision {
namespace {

const cv::Scalar kReasonRing(0, 215, 255);  // yellow (BGR): the hints that force the cell
const cv::Scalar kCellRing(220, 40, 200);   // magenta: the forced cell
const cv::Scalar kLabel(90, 90, 90);

void ring(cv::Mat& img, cv::Point2f centre, double width, const cv::Scalar& colour, int thickness) {
  std::vector<std::vector<cv::Point>> poly{hexagon(centre, width)};
  cv::polylines(img, poly, true, colour, thickness, cv::LINE_AA, 4);
}

void label(cv::Mat& img, const std::string& text, cv::Point2f centre, double height) {
  const int font = cv::FONT_HERSHEY_SIMPLEX;
  double scale = height / 22.0;
  const int thickness = std::max(1, static_cast<int>(std::lround(height / 10)));
  int baseline = 0;
  cv::Size size = cv::getTextSize(text, font, scale, thickness, &baseline);
  if (size.width > img.cols * 0.96) {  // a long caption shrinks to fit the picture
    scale *= img.cols * 0.96 / size.width;
    size = cv::getTextSize(text, font, scale, thickness, &baseline);
  }
  cv::Point at(static_cast<int>(std::lround(centre.x - size.width / 2.0)),
               static_cast<int>(std::lround(centre.y + size.height / 2.0)));
  cv::putText(img, text, at, font, scale, kLabel, thickness, cv::LINE_AA);
}

std::string letters_of(const std::string& name) {
  std::string out;
  for (char c : name)
    if (std::isalpha(static_cast<unsigned char>(c))) out += c;
  return out;
}

std::string digits_of(const std::string& name) {
  std::string out;
  for (char c : name)
    if (std::isdigit(static_cast<unsigned char>(c))) out += c;
  return out;
}

}  // namespace

cv::Mat draw_explanation(const hexcells::Board& board, const hexcells::Reason& reason, const RenderOptions& options) {
  Lattice lat;
  cv::Mat img = render_scene(board_to_scene(board), options, &lat);
  const double cw = lat.cell_width;
  const int thick = std::max(2, static_cast<int>(std::lround(cw * 0.07)));

  // Names along the edges: a letter above each column, a number left of each row.
  int x0 = hexcells::kGridSize, x1 = -1, y0 = hexcells::kGridSize, y1 = -1;
  for (hexcells::Pos p : hexcells::Board::positions()) {
    if (board.at(p).kind == hexcells::Kind::empty) continue;
    x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  }
  const double text_h = std::max(8.0, std::min(cw * 0.3, lat.half_row * 0.8));
  for (int x = x0; x <= x1; ++x) {
    cv::Point2f c = lat.centre_of(x, y0);
    label(img, letters_of(hexcells::tile_name(board, {x, y0})), {c.x, static_cast<float>(c.y - lat.half_row * 1.6)},
          text_h);
  }
  for (int y = y0; y <= y1; ++y) {
    cv::Point2f c = lat.centre_of(x0, y);
    label(img, digits_of(hexcells::tile_name(board, {x0, y})), {static_cast<float>(c.x - lat.col_step * 1.1), c.y},
          text_h * 0.8);
  }

  std::string caption = hexcells::tile_name(board, reason.cell) + " is " +
                        (reason.colour == hexcells::Color::blue ? "blue" : "black") + " because ";
  const char* sep = "";
  for (const hexcells::Constraint& c : reason.because) {
    caption += sep + hexcells::describe(c, board);
    sep = " + ";
    if (!c.is_remaining) ring(img, lat.centre_of(c.source.x, c.source.y), cw * 1.12, kReasonRing, thick);
  }
  ring(img, lat.centre_of(reason.cell.x, reason.cell.y), cw * 1.12, kCellRing, thick);
  img = annotate(img, lat, {GridMark{reason.cell.x, reason.cell.y, reason.colour == hexcells::Color::blue}});

  const double caption_h = std::max(12.0, options.height * 0.03);
  const float bottom = static_cast<float>(options.height - caption_h * 1.2);
  label(img, caption, {static_cast<float>(options.width / 2.0), bottom}, caption_h);
  return img;
}

}  // namespace puzzlesat::hexcells_vision

#include "frontends/set/annotate.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>

#include "problems/set/card_text.h"

namespace puzzlesat::set_vision {
namespace {

// Distinct, saturated outline colours (BGR) for successive sets.
const cv::Scalar kSetColors[] = {{255, 80, 0},   {0, 200, 255}, {255, 0, 255}, {0, 255, 0},
                                 {0, 128, 255},  {255, 255, 0}, {128, 0, 255}, {0, 0, 255},
                                 {255, 128, 128}, {128, 255, 128}};

std::vector<cv::Point> polygon(const Quad& q, double to_image, double grow) {
  cv::Point2f c = quad_center(q);
  std::vector<cv::Point> poly;
  for (const auto& p : q) poly.push_back(cv::Point((c + (p - c) * float(grow)) * float(to_image)));
  return poly;
}

void label(cv::Mat& img, const std::string& text, cv::Point at, double font, cv::Scalar color) {
  int thick = std::max(1, int(font * 2));
  int base = 0;
  cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, font, thick, &base);
  at.x = std::clamp(at.x - size.width / 2, 0, std::max(0, img.cols - size.width));
  at.y = std::clamp(at.y, size.height + 2, img.rows - base - 2);
  cv::rectangle(img, at + cv::Point(-2, base + 2), at + cv::Point(size.width + 2, -size.height - 2), {0, 0, 0}, cv::FILLED);
  cv::putText(img, text, at, cv::FONT_HERSHEY_SIMPLEX, font, color, thick, cv::LINE_AA);
}

}  // namespace

cv::Mat annotate(const cv::Mat& image, double scale, const TableReading& table, const Annotation& what) {
  cv::Mat out = image.clone();
  double to_image = 1 / scale;
  double unit = std::max(image.cols, image.rows) / 1000.0;  // line widths follow image size
  int line = std::max(2, int(3 * unit));

  std::vector<int> depth(table.cards.size(), 0);
  for (size_t s = 0; s < what.sets.size(); ++s) {
    cv::Scalar color = kSetColors[s % std::size(kSetColors)];
    for (int i : what.sets[s]) {
      if (i < 0 || i >= int(table.cards.size())) continue;
      double grow = 1.04 + 0.05 * depth[i]++;
      std::vector<std::vector<cv::Point>> polys{polygon(table.cards[i].corners, to_image, grow)};
      cv::polylines(out, polys, true, color, 2 * line, cv::LINE_AA);
    }
  }
  for (size_t i = 0; i < table.cards.size(); ++i) {
    const auto& card = table.cards[i];
    bool doubtful = card.reading.confidence() < low_confidence();
    cv::Scalar color = doubtful ? cv::Scalar(0, 140, 255) : cv::Scalar(255, 255, 255);
    std::vector<std::vector<cv::Point>> polys{polygon(card.corners, to_image, 1.0)};
    cv::polylines(out, polys, true, color, line, cv::LINE_AA);
    cv::Point c = cv::Point(quad_center(card.corners) * float(to_image));
    std::string text = "#" + std::to_string(i + 1) + " " + set::to_code(card.reading.card()) + (doubtful ? "?" : "");
    label(out, text, c, 0.6 * unit, color);
  }
  if (what.banner) {
    double font = 1.2 * unit;
    int thick = std::max(2, int(2 * unit));
    int base = 0;
    cv::Size size = cv::getTextSize(*what.banner, cv::FONT_HERSHEY_SIMPLEX, font, thick, &base);
    int h = size.height + base + int(20 * unit);
    cv::rectangle(out, cv::Rect(0, 0, out.cols, h), {0, 0, 160}, cv::FILLED);
    cv::putText(out, *what.banner, cv::Point((out.cols - size.width) / 2, h - base - int(10 * unit)),
                cv::FONT_HERSHEY_SIMPLEX, font, {255, 255, 255}, thick, cv::LINE_AA);
  }
  return out;
}

}  // namespace puzzlesat::set_vision

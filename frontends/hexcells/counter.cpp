#include "frontends/hexcells/counter.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

#include "frontends/hexcells/glyphs.h"
#include "frontends/hexcells/scene.h"

namespace puzzlesat::hexcells_vision {

cv::Rect find_counter_box(const cv::Mat& hsv, double cell_width) {
  cv::Mat1b blue;
  cv::inRange(hsv, cv::Scalar(88, 130, 110), cv::Scalar(112, 255, 255), blue);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(blue, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  cv::Rect best;
  for (const auto& c : contours) {
    const cv::Rect box = cv::boundingRect(c);
    const double aspect = static_cast<double>(box.width) / std::max(1, box.height);
    // A wide rectangle (REMAINING / MISTAKES), about 1/15 of the screen high.
    if (aspect < 1.8 || aspect > 5 || box.height < 0.03 * hsv.rows || box.height > 0.15 * hsv.rows) continue;
    if (box.height < 0.15 * cell_width) continue;
    if (cv::contourArea(c) < 0.85 * box.area()) continue;
    if (best.area() == 0 || box.y < best.y) best = box;
  }
  return best;
}

std::optional<int> read_remaining(const cv::Mat& bgr, const cv::Mat& hsv, double scale, double cell_width) {
  const cv::Rect small_box = find_counter_box(hsv, cell_width * scale);
  if (small_box.area() == 0) return std::nullopt;
  // Back to full resolution, a pixel inside the box's edge.
  const cv::Rect box = cv::Rect(static_cast<int>(std::ceil((small_box.x + 1) / scale)), static_cast<int>(std::ceil((small_box.y + 1) / scale)),
                                static_cast<int>((small_box.width - 2) / scale), static_cast<int>((small_box.height - 2) / scale)) &
                       cv::Rect(0, 0, bgr.cols, bgr.rows);
  if (box.area() == 0) return std::nullopt;
  // White lettering: the darkest channel is high only there.
  std::vector<cv::Mat1b> ch;
  cv::split(bgr(box), ch);
  cv::Mat1b ink = cv::min(cv::min(ch[0], ch[1]), ch[2]);
  cv::subtract(ink, cv::Scalar(90), ink);
  cv::Mat1i labels;
  cv::Mat stats, centroids;
  const int n = cv::connectedComponentsWithStats(ink > 80, labels, stats, centroids, 8, CV_32S);
  int tallest = 0;
  for (int i = 1; i < n; ++i) tallest = std::max(tallest, stats.at<int>(i, cv::CC_STAT_HEIGHT));
  // The number is set about twice as tall as the word REMAINING above it.
  cv::Rect digits;
  for (int i = 1; i < n; ++i) {
    if (stats.at<int>(i, cv::CC_STAT_HEIGHT) < 0.75 * tallest) continue;
    const cv::Rect r(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                     stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    digits = digits.area() ? (digits | r) : r;
  }
  if (digits.area() == 0 || tallest < 6) return std::nullopt;
  cv::Mat1b only(ink.size(), uchar(0));
  ink(digits).copyTo(only(digits));
  const auto text = read_text(only(digits));
  if (!text) return std::nullopt;
  const auto hint = parse_hint_text(text->text);
  if (!hint || hint->kind != HintKind::plain) {
    if (text->text.size() >= 1 && std::all_of(text->text.begin(), text->text.end(), ::isdigit)) return std::stoi(text->text);
    return std::nullopt;
  }
  return hint->n;
}

}  // namespace puzzlesat::hexcells_vision

#include "frontends/dice/edge_contours.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>

namespace puzzlesat::dice_vision {

int EdgeContours::depth(std::size_t i) const {
  int d = 0;
  for (int p = hierarchy[i][3]; p >= 0; p = hierarchy[p][3]) ++d;
  return d;
}

bool EdgeContours::round(std::size_t i, const DiceSettings& s) const {
  const cv::Rect b = cv::boundingRect(contours[i]);
  const double wide = std::max(b.width, b.height), narrow = std::min(b.width, b.height) + 1;
  const double perimeter = cv::arcLength(contours[i], true);
  const double roundness = perimeter > 0 ? 4 * CV_PI * cv::contourArea(contours[i]) / (perimeter * perimeter) : 0;
  return wide / narrow < s.finder_single_aspect && roundness >= s.finder_outline_pip_round;
}

EdgeContours lightness_edges(const cv::Mat& lab, const DiceSettings& s) {
  cv::Mat l, edges;
  cv::extractChannel(lab, l, 0);
  // JPEG's blocks and paper grain make short edges of their own; a 5-pixel blur keeps
  // a die's outline and a pip's (at the working size both are tens of pixels).
  cv::GaussianBlur(l, l, {5, 5}, 0);
  cv::Canny(l, edges, s.finder_outline_low, s.finder_outline_high, 3, true);
  cv::dilate(edges, edges, cv::Mat());  // a gap of a pixel in an outline
  EdgeContours out;
  cv::findContours(edges, out.contours, out.hierarchy, cv::RETR_TREE, cv::CHAIN_APPROX_NONE);
  return out;
}

}  // namespace puzzlesat::dice_vision

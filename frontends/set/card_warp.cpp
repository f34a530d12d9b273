#include "frontends/set/card_warp.h"

#include <opencv2/imgproc.hpp>

#include <cmath>

namespace puzzlesat::set_vision {

namespace {

// The card whose length runs from quad[start] to quad[start + 1].
cv::Mat warp_from(const cv::Mat& image, const Quad& quad, int start) {
  cv::Point2f src[4], dst[4] = {{0, 0}, {kCardWidth, 0}, {kCardWidth, kCardHeight}, {0, kCardHeight}};
  for (int i = 0; i < 4; ++i) src[i] = quad[(start + i) % 4];
  cv::Mat m = cv::getPerspectiveTransform(src, dst);
  cv::Mat card;
  cv::warpPerspective(image, card, m, cv::Size(kCardWidth, kCardHeight), cv::INTER_LINEAR,
                      cv::BORDER_REPLICATE);
  return card;
}

// 0 when sides 0-1 and 2-3 are the longer pair, else 1.
int longer_pair(const Quad& quad) {
  auto len = [&](int i) {
    cv::Point2f d = quad[(i + 1) % 4] - quad[i];
    return std::hypot(d.x, d.y);
  };
  return len(0) + len(2) >= len(1) + len(3) ? 0 : 1;
}

}  // namespace

// Start at a corner whose next side is a long one, so the long side maps to x.
cv::Mat warp_card(const cv::Mat& image, const Quad& quad) { return warp_from(image, quad, longer_pair(quad)); }

cv::Mat warp_card_across(const cv::Mat& image, const Quad& quad) {
  return warp_from(image, quad, 1 - longer_pair(quad));
}

cv::Mat warp_card_along(const cv::Mat& image, const Quad& quad) { return warp_from(image, quad, 0); }

}  // namespace puzzlesat::set_vision

#include "frontends/dice/two_readings.h"

#include <opencv2/core.hpp>

#include <algorithm>
#include <cstddef>

namespace puzzlesat::dice_vision {

namespace {

cv::Point2d centre(const cv::Rect& b) { return {b.x + 0.5 * b.width, b.y + 0.5 * b.height}; }

int learned_value(const ScaleReading& r, std::size_t i) { return i < r.learned.size() ? r.learned[i] : 0; }

}  // namespace

std::vector<Die> merge_readings(const ScaleReading& first, ScaleReading again) {
  for (std::size_t i = 0; i < again.dice.size(); ++i) {
    Die& die = again.dice[i];
    std::size_t same = first.dice.size();
    double nearest = 0.5 * std::max(die.box.width, die.box.height);
    for (std::size_t f = 0; f < first.dice.size(); ++f) {
      const double d = cv::norm(centre(first.dice[f].box) - centre(die.box));
      if (d < nearest) nearest = d, same = f;
    }
    if (same == first.dice.size()) continue;
    const Die& before = first.dice[same];
    if (before.pips != die.pips && learned_value(first, same) == before.pips && learned_value(again, i) == before.pips) {
      die.pips = before.pips;
      die.confidence = before.confidence;
    }
  }
  return std::move(again.dice);
}

}  // namespace puzzlesat::dice_vision

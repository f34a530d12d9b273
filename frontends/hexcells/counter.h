// Reading the REMAINING counter: the upper of the two blue boxes in the top right of
// the game screen, whose large number is the count of hidden blue cells.
#pragma once

#include <opencv2/core.hpp>

#include <optional>

namespace puzzlesat::hexcells_vision {

// nullopt when no counter box is visible (e.g. a cropped screenshot). `hsv` may be a
// copy of `bgr` shrunk by `scale`; cell_width is in bgr's pixels.
std::optional<int> read_remaining(const cv::Mat& bgr, const cv::Mat& hsv, double scale, double cell_width);

// Where the counter box is in `hsv` (empty rect if none).
cv::Rect find_counter_box(const cv::Mat& hsv, double cell_width);

}  // namespace puzzlesat::hexcells_vision

// Test-only helpers shared by the dice tests: a rendered scene as the render bench writes it,
// and readings in the form a scene's truth takes (sorted_values, dice_scene.h).
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"

namespace puzzlesat::dice_vision::testing {

// `scene` rendered with `seed` and passed through a JPEG at quality 95, as
// scripts/dice-render-bench writes it.
cv::Mat render_jpeg(const Scene& scene, std::uint64_t seed);

// The dice's values, sorted.
std::vector<int> sorted_values(const std::vector<Die>& dice);

// The values read_dice reads in `image`, sorted.
std::vector<int> read_values(const cv::Mat& image, const ReadOptions& options = {});

// A die cut out alone: the square of `context` times `box`'s longer side centred on it,
// clamped to `frame`; empty when it takes in part of any of `others` (a neighbour cut by
// the crop's edge may rightly read as a die or not).
cv::Rect crop_alone(const cv::Rect& box, double context, cv::Size frame, const std::vector<cv::Rect>& others);

}  // namespace puzzlesat::dice_vision::testing

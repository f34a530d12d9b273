// Where the pips of each face of a standard six-sided die sit, in face coordinates
// (-1..1 across the face). The renderer draws from these, and the reader scores how well
// the blobs it found fit them, so both agree on what a face looks like.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/dice/dice_settings.h"

namespace puzzlesat::dice_vision {

// Pip centres of the face showing `pips` (1..6), in face coordinates with the face spanning
// [-1, 1] on both axes. Throws std::invalid_argument outside 1..6.
std::vector<cv::Point2f> pip_layout(int pips);

// Pip radius as a fraction of the face's half-side, for a typical die.
constexpr float kPipRadius = 0.17f;

// How far (in face half-sides, root mean square) the points are from the best placement of
// the `pips` layout, over the four quarter-turns and a fitted scale, translation and rotation.
// Points are in image pixels; `half_side` is the half-side of the die's outline in pixels, and
// faces from 0.55 to 1.15 times that size (by default) fit without penalty. Small is good; 0 means an
// exact fit. The sizes that fit without penalty are settings (layout_min_scale, layout_max_scale).
double layout_misfit(const std::vector<cv::Point2f>& points, int pips, float half_side,
                     const DiceSettings& settings = {});

}  // namespace puzzlesat::dice_vision

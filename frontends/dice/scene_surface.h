// The renderer's table tops and the clutter on them (cardboard, felt, printed paper, trays
// with walls; key caps, cables, stickers, coins, pencils, cards): what a reader must tell
// from dice.
// Split from dice_scene.cpp, which draws the dice and the photographic effects.
#pragma once

#include <opencv2/core.hpp>

#include "frontends/dice/dice_scene.h"

namespace puzzlesat::dice_vision {

// Paints `scene.surface` (not Wood, which dice_scene.cpp draws) over `image` (CV_32FC3,
// already filled with scene.table).
void draw_surface(cv::Mat& image, const Scene& scene, cv::RNG& rng);

// Draws one thing of the clutter.
void draw_thing(cv::Mat& image, const SceneThing& thing, cv::RNG& rng);

// A smooth random field in 0..1 of `size`, varying over about `cells` cells across.
cv::Mat smooth_field(cv::Size size, int cells, cv::RNG& rng);

}  // namespace puzzlesat::dice_vision

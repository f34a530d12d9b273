// Draws a Scene the way Hexcells Infinite shows it (light background, orange / blue /
// dark grey hexagons with white numbers, grey line hints turned along their lines, the
// blue REMAINING box), at any resolution. The drawing's ground truth is the scene, so
// read_screenshot(render(scene)) == scene tests the reader end to end.
#pragma once

#include <opencv2/core.hpp>

#include "frontends/hexcells/cells.h"
#include "frontends/hexcells/scene.h"

namespace puzzlesat::hexcells_vision {

struct RenderOptions {
  int width = 1920;
  int height = 1080;
  // Fraction of the image the board may use; smaller leaves more margin, as when the
  // game window does not fill the screen.
  double board_fraction = 0.8;
};

// The image, and the lattice that places grid slots in it.
cv::Mat render_scene(const Scene& scene, const RenderOptions& options = {}, Lattice* lattice = nullptr);

}  // namespace puzzlesat::hexcells_vision

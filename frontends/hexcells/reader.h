// Reads a Hexcells, Hexcells Plus or Hexcells Infinite screenshot into a Scene: cells
// and their numbers, line hints with their direction, and the REMAINING counter. Works
// at any resolution; the board may sit anywhere in the image.
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

#include "frontends/hexcells/cells.h"
#include "frontends/hexcells/scene.h"

namespace puzzlesat::hexcells_vision {

// A scene together with where each part was seen, for drawing on the screenshot.
struct ScreenRead {
  Scene scene;
  Lattice lattice;  // pixel centre of a grid slot (in the scene's coordinates)
  std::vector<std::string> warnings;  // doubtful glyphs and the like
};

// Throws InputError (no file name) when no board can be found or the cells do not
// form one hexagonal grid. The scene is not normalised: lattice.centre_of(x, y) is
// where grid slot (x, y) is in the image.
ScreenRead read_screenshot(const cv::Mat& bgr);

// Loads the image first; InputError naming the file when it is not a readable image.
ScreenRead read_screenshot_file(const std::string& path);

}  // namespace puzzlesat::hexcells_vision

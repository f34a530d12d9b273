// Finding the line hints printed beside the board: a number (with {n}/-n-) in the empty
// slot just before the first cell of a column or diagonal, turned so that its "down"
// points along the line. The slot and the turn give the hint's grid position and
// direction.
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

#include "frontends/hexcells/cells.h"
#include "frontends/hexcells/scene.h"

namespace puzzlesat::hexcells_vision {

// Unit vector in the image along a line direction of the lattice.
cv::Point2f line_direction(const Lattice& lattice, LineDir dir);

// Where the game centres a line hint's text: a fifth of a step from its slot towards
// the line's first cell.
cv::Point2f line_text_centre(const Lattice& lattice, int x, int y, LineDir dir);

std::vector<SceneLine> find_line_hints(const cv::Mat& bgr, const std::vector<FoundCell>& cells,
                                       const Lattice& lattice, std::vector<std::string>& warnings);

}  // namespace puzzlesat::hexcells_vision

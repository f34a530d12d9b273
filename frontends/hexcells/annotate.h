// Marks cells on the original screenshot: a blue disc for each cell forced blue, a
// dark disc for each forced black, both ringed in white so they show on any colour.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/hexcells/cells.h"

namespace puzzlesat::hexcells_vision {

struct GridMark {
  int x = 0, y = 0;  // scene (lattice) coordinates
  bool blue = false;
};

cv::Mat annotate(const cv::Mat& screenshot, const Lattice& lattice, const std::vector<GridMark>& marks);

}  // namespace puzzlesat::hexcells_vision

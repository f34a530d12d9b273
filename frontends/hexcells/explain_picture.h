// A picture of why one cell is forced: the board drawn as the game shows it, the forced
// cell marked with its colour (annotate's disc: a tick for blue, a cross for black) and
// ringed, each hint of its reason ringed in yellow, the tile names along the edges
// (column letters on top, row numbers on the left, as problems/hexcells/render.h names
// tiles) and a caption in words, e.g. "C7 is blue because black B6 (3) + line A2 (4)".
#pragma once

#include <opencv2/core.hpp>

#include "frontends/hexcells/renderer.h"
#include "problems/hexcells/explain.h"

namespace puzzlesat::hexcells_vision {

cv::Mat draw_explanation(const hexcells::Board& board, const hexcells::Reason& reason,
                         const RenderOptions& options = {});

}  // namespace puzzlesat::hexcells_vision

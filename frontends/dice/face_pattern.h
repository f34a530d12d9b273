// A pattern-level reader for one die's top face. Every face of a standard die is a subset of
// the nine points of a 3x3 grid on the face (1 = centre, 4 = corners, 6 = corners and one
// middle pair, ...). Rather than finding pip blobs first, and losing a pip whenever one blob
// is missed, this reader measures how much the die differs from its own colour in a pip-sized
// disc at each of the nine points and picks the pattern (and grid placement) that best splits
// the face into "pips" and "the rest" (Otsu's criterion, restricted to die faces). Faint pips
// of any colour still add their evidence, and pips that run together still count as two.
#pragma once

#include <opencv2/core.hpp>

#include <array>
#include <vector>

#include "frontends/dice/die_finder.h"

namespace puzzlesat::dice_vision {

struct FacePattern {
  int pips = 0;          // 1..6, or 0 when no pattern stands out
  double score = 0;      // share of the face's evidence variance the pattern explains (about
                         // 0..1; the pips' area is estimated, so tiny faces can exceed 1)
  double margin = 0;     // weakest "on" point minus strongest "off" point, in colour units:
                         // above 0 when every pip stands out from every empty point
  double runner_up = 0;  // score of the best pattern with another value
  std::array<double, 7> scores{};    // the best score of each value 1..6 (index 0 unused)
  std::vector<cv::Point2f> centres;  // the "on" points, in image pixels
  float pitch = 0;                   // grid spacing in image pixels
};

// `lab` is the whole image in 8-bit Lab. The face is sought around the region's outline
// (its minimum-area rectangle), with its centre, size and angle refined locally.
FacePattern read_face_pattern(const cv::Mat& lab, const DieRegion& region);

}  // namespace puzzlesat::dice_vision

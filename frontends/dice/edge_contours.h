// The lightness edge map that two of the die finder's ways in read (the outlined faces in
// die_finder.cpp, the pip faces in pip_faces.cpp), made once per photo: Canny on the Lab
// lightness after a 5-pixel blur, gaps of a pixel closed, as a tree of contours. A face's
// outline is a ring in it; the face is the ring's hole, and its pips are rings inside.
//
//   const EdgeContours edges = lightness_edges(lab, settings);
//   for (std::size_t i = 0; i < edges.contours.size(); ++i) if (edges.depth(i) % 2) ...  // a hole
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/dice/dice_settings.h"

namespace puzzlesat::dice_vision {

struct EdgeContours {
  std::vector<std::vector<cv::Point>> contours;  // every point kept: roundness is measured on length
  std::vector<cv::Vec4i> hierarchy;              // next, previous, first child, parent

  // How deep contour i lies in the tree: outer outlines at even depths, holes at odd ones.
  int depth(std::size_t i) const;
  // Whether contour i is as round as a pip's: its box no longer than finder_single_aspect
  // for its width, and 4 pi area / perimeter^2 at least finder_outline_pip_round.
  bool round(std::size_t i, const DiceSettings& settings) const;
};

// Canny's thresholds are finder_outline_low and finder_outline_high.
EdgeContours lightness_edges(const cv::Mat& lab, const DiceSettings& settings);

}  // namespace puzzlesat::dice_vision

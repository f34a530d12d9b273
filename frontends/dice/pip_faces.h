// A third way into the die finder, from the pips alone. A white die on white paper differs
// from the table only by a faint rim, which the table model sees in pieces and Canny may not
// close; its pips are the sharpest thing on it. Round spots of one size that lie as a face's
// pips lie (two to six, pip_layout) are one top face, and the face follows from them: its
// centre is theirs, its size their spacing, its turn their rows. As the SET reader frames a
// card from its symbols.
//
//   for (const auto& [mask, box] : pip_faces(lab, settings)) { ... }   // die_finder.cpp
//
// A group is a face only when no other spot of its kind lies on the face it implies: pips
// of two neighbouring dice may fit a 2 or a 4 by chance, but then the rest of those dice's
// pips lie on it too. A 1 is not proposed: one spot says nothing of a face.
#pragma once

#include <opencv2/core.hpp>

#include <utility>
#include <vector>

#include "frontends/dice/dice_settings.h"
#include "frontends/dice/edge_contours.h"

namespace puzzlesat::dice_vision {

// A round spot that stands out from what is round it: a pip candidate.
struct PipSpot {
  cv::Point2f centre;
  float radius = 0;     // pixels
  bool darker = true;   // darker than round it (black on white), else lighter
  float level = 0;      // its mean lightness (8-bit L)
};

// Round, pip-sized spots: holes in the lightness edge map with nothing inside, darker or
// lighter than a ring round them.
std::vector<PipSpot> pip_spots(const cv::Mat& lab, const EdgeContours& edges, const DiceSettings& settings);

// Faces implied by groups of pip_spots, each as a box-sized mask (the face's square, filled)
// with its box, strictly inside the image. The edge map is made here unless given. With the
// photo's typical die side (0: none known), spots wider than finder_pip_of_die of it are
// dropped: they are dice, not pips.
std::vector<std::pair<cv::Mat, cv::Rect>> pip_faces(const cv::Mat& lab, const EdgeContours& edges,
                                                    const DiceSettings& settings, double die_side = 0);
std::vector<std::pair<cv::Mat, cv::Rect>> pip_faces(const cv::Mat& lab, const DiceSettings& settings);

}  // namespace puzzlesat::dice_vision

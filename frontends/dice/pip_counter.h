// Stage two of reading dice: counts the pips on one die's top face. Pips are blobs that
// differ from the face colour (dark on light, light on dark, or just another hue), kept only
// when their size and roundness fit a pip and their arrangement fits a die face, so
// reflections, logos and the pips of side faces are not counted. On dice seen about
// square-on, a second reader that scores whole face patterns (face_pattern.h) may overrule
// that count, by the rules of reading_choice.h.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/dice/dice_settings.h"
#include "frontends/dice/die_finder.h"

namespace puzzlesat::dice_vision {

struct PipReading {
  int pips = 0;                     // 0 when no plausible face was seen
  double confidence = 0;            // 0..1
  std::vector<cv::Point2f> centres; // pip centres in image pixels
  cv::Rect face;                    // the top face's extent in image pixels
  double squash = 1;                // the pips' mean shape, minor over major axis (scaled
                                    // to unit area): below 1 when seen at a slant
};

// `lab` is the whole image in 8-bit Lab (cv::COLOR_BGR2Lab).
PipReading count_pips(const cv::Mat& lab, const DieRegion& region, const DiceSettings& settings = {});

}  // namespace puzzlesat::dice_vision

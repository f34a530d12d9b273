// Stage one of reading dice: separates the dice from the table. A die is whatever differs
// from a smooth background estimate (in brightness or colour), cleaned up, filled, and split
// into die-sized pieces when neighbours touch.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/dice/dice_settings.h"

namespace puzzlesat::dice_vision {

struct DieRegion {
  cv::Rect box;          // bounding box in image pixels
  cv::Mat mask;          // CV_8U, box-sized, 255 on the die
  cv::RotatedRect shape; // minimum-area rectangle around the die
  double split_quality;  // 1 for a free-standing die, lower when cut from touching dice
  bool at_frame = false; // touches the image's edge: a die only if a whole, clear top face is read
  double die_side = 0;   // at_frame regions: the photo's typical die side, in pixels
  // The whole die as the foreground showed it, where `box` is its top face alone (an
  // outlined face that took the place of the die with its side faces): the learned
  // reader's crop, which was trained on whole dice. Empty when the box is the whole die.
  cv::Rect body;
};

// Die candidates in a BGR image (8-bit, three channels). Candidates may still be non-dice
// (cables, labels); the pip counter rejects those that show no die face.
std::vector<DieRegion> find_die_regions(const cv::Mat& bgr, const DiceSettings& settings = {});
// The same, with the image's Lab (image::bgr_to_lab) already made by the caller.
std::vector<DieRegion> find_die_regions(const cv::Mat& bgr, const cv::Mat& lab, const DiceSettings& settings);

}  // namespace puzzlesat::dice_vision

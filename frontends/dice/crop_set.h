// Labelled die crops from rendered scenes, the training and test material of the learned
// reader: each die of a varied_scene cut as the reader cuts it (die_crop.h), around the
// regions the die finder returns and around the die's true extent moved and scaled a
// little, plus crops that are no die (bare table, clutter, a die's corner, finder regions
// on no die). Label 0 is "not a die", 1..6 the top face.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace puzzlesat::dice_vision {

struct LabelledCrop {
  cv::Mat image;     // kCropSize-square BGR unless asked otherwise
  int label = 0;     // 0 not a die, 1..6 pips on the top face
  std::string kind;  // "die", "found", "found-other", "table", "thing", "part"
};

// The crops of the scene varied_scene(seed, min_side, max_side) renders.
std::vector<LabelledCrop> scene_crops(std::uint64_t seed, int size, float min_side = 20, float max_side = 600);

}  // namespace puzzlesat::dice_vision

// Draws synthetic photos of dice on a table (faces, pips, rotation, shadows, wood grain,
// sensor noise) with known values and boxes. The tests read these back, and the demo image
// is drawn with it, so nothing the project ships is derived from real photos.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

#include "frontends/dice/dice_labels.h"

namespace puzzlesat::dice_vision {

struct SceneDie {
  int pips = 1;             // the top face, 1..6
  cv::Point2f centre;       // pixels
  float side = 50;          // edge length of the face in pixels
  float angle_deg = 0;      // rotation of the face
  cv::Scalar face{235, 240, 240};  // BGR
  cv::Scalar pip{30, 30, 30};      // BGR
};

struct Scene {
  cv::Size size{640, 480};
  cv::Scalar table{150, 190, 215};  // BGR, light wood by default
  double grain = 12;                // amplitude of the table's wood streaks
  bool shadows = true;
  double noise = 3;                 // standard deviation of the per-pixel noise
  std::vector<SceneDie> dice;
};

// The image of the scene; `seed` fixes the noise.
cv::Mat render_scene(const Scene& scene, std::uint64_t seed = 1);

// The axis-aligned box around a rendered die's face.
cv::Rect die_box(const SceneDie& die);

// The scene's truth in the form of a labelled photo's (`X.dice.txt` values, sorted, and
// `X.boxes.txt` boxes), so rendered scenes are scored exactly as dice-eval scores photos.
std::vector<int> sorted_values(const Scene& scene);
std::vector<LabelledDie> labelled_dice(const Scene& scene);

struct SceneOptions {
  int dice = 5;
  float min_side = 40, max_side = 60;
  bool dark_table = false;
  bool coloured = false;  // dice of many colours, some with light pips
  bool touching = false;  // the second die is pushed against the first
};

// A random but reproducible scene: dice that do not overlap, random values and angles.
Scene random_scene(std::uint64_t seed, const SceneOptions& options = {});

}  // namespace puzzlesat::dice_vision

// Composes photo-like table scenes from rendered cards with known labels and corners:
// random background (wood, rug, cloth, or a white desk), clutter, rotation, perspective,
// light gradient, a cast shadow, pointed shadows reaching the symbols, labels over
// the cards' corners, objects across the cards' ends, colour cast, blur, noise
// and JPEG compression. Used by the tests and the demo.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

#include "frontends/set/card_quads.h"
#include "problems/set/card.h"

namespace puzzlesat::set_vision {

struct SceneOptions {
  int width = 1600;
  int height = 1200;
  int cards = 12;            // distinct cards, at most 81
  bool clutter = true;       // coloured objects on the table besides the cards
  bool touching = false;     // the second card lies edge to edge against the first
  double perspective = 0.06; // corner displacement, as a fraction of the image size
  double max_tilt = 12;      // each card's rotation from the grid, degrees
  bool white_table = false;  // a pale desk nearly as bright as the cards' paper
  bool shadow = false;       // a sharp-edged cast shadow across part of the table
  bool labels = false;       // a black label drawn over one corner of every card
  bool end_covers = false;   // a dark straight-edged object across one end of every card, at a slant
  bool wedges = false;       // a pointed shadow (a finger's, a pen's) reaching a symbol of each card
};

struct Scene {
  cv::Mat image;                 // BGR
  std::vector<set::Card> cards;  // what is on the table
  std::vector<Quad> corners;     // where each card is, in image pixels
};

// The same seed and options give the same scene.
Scene compose_scene(std::uint32_t seed, const SceneOptions& options = {});

}  // namespace puzzlesat::set_vision

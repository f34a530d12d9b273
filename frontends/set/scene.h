// Composes photo-like table scenes from rendered cards with known labels and corners:
// random background (wood, rug, cloth, a white or light-grey desk), clutter, rotation,
// perspective, light gradient, a cast shadow, pointed shadows reaching the symbols,
// labels over the cards' corners, objects across the cards' ends, colour cast, blur,
// noise and JPEG compression; and the conditions the held-out photos showed (issue #18):
// low-contrast soft card edges, close-ups and tight crops of one card, a table seen
// obliquely, other print styles, glare, dim tinted light, shadows across cards and a
// face-up draw pile.
// Used by the tests, the demo and scripts/render-set-conditions.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

#include "frontends/set/card_quads.h"
#include "frontends/set/card_renderer.h"
#include "problems/set/card.h"

namespace puzzlesat::set_vision {

// What the picture shows: a table of cards, or one card photographed on its own.
enum class Framing {
  table,       // cards laid out in a grid, the photo taken from above
  closeup,     // one card filling most of the frame (85-110 % of its long side), maybe cut by the frame's edge
  tight_crop,  // one card cropped out with a margin of 0-20 % of its size on each side
};

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
  // Every option below leaves the scene exactly as before at its default.
  bool grey_table = false;   // a light-grey desk (188-212 grey); white_table wins when both are set
  double edge_contrast = 1;  // 0..1: the cards' cut edge's darkness and, on a white or grey desk, the
                             // desk's distance below the paper's white; low values melt the outline
  double edge_softness = 0;  // sigma in pixels of a blur of each card's outline (defocus, soft light)
  Framing framing = Framing::table;  // with closeup and tight_crop, `cards` is ignored: one card
  CardStyle print;           // stripe pitch, width and strength, line weight, ink shades, rim
  bool card_shadows = false; // a soft shadow over one side of a line across every card
  bool glare = false;        // a bright specular patch over one card
  double exposure = 1;       // below 1: dim light (and the camera's extra noise)
  cv::Scalar tint{1, 1, 1};  // BGR gains on top of the random colour cast: tinted light
  double falloff = 1;        // below 1: one lamp beside the table, its light falling to this share of
                             // its brightest in the farthest corner (a dim corner)
  bool draw_pile = false;    // a face-up stack of 4-9 cards at the left or right edge; only its
                             // top card shows, and only it is in `cards`
  bool steep_pile = false;   // with draw_pile: the pile seen steeply and turned 30-55 degrees, so that
                             // its top card is a sheared parallelogram foreshortened to 35-55 %, over
                             // a band of cut edges; it lies at the frame's edge, 5-20 % of it outside
  bool mottled_table = false; // a pale mottled stone worktop (a kitchen's): warm-grey blots of a symbol's
                             // size and a fine grain, no clutter; white_table and grey_table win
  bool grey_marks = false;   // four more cells of the grid, none of them a card: three cards printed in
                             // grey (a photocopy), one with pen outlines of symbols drawn on the table;
                             // never in `cards`, so any card read there costs precision
  double defocus = 0;        // above 0: the whole photo blurred by this much more (Gaussian sigma in
                             // pixels of the 1600-px photo): a camera focused elsewhere, or shaken
  double view_tilt = 0;      // above 0: the table seen obliquely, the camera turned this many degrees from
                             // straight down (and up to a sixth of it sideways), so that the far cards
                             // are smaller and foreshortened; the picture is fitted back into the frame
  double scale = 1;          // below 1: the finished photo shrunk by this (pixels averaged), as a camera
                             // of fewer pixels or one further away takes it; corners follow
};

struct Scene {
  cv::Mat image;                 // BGR
  std::vector<set::Card> cards;  // what is on the table
  std::vector<Quad> corners;     // where each card is, in image pixels (a close-up's may reach outside)
};

// The same seed and options give the same scene.
Scene compose_scene(std::uint32_t seed, const SceneOptions& options = {});

}  // namespace puzzlesat::set_vision

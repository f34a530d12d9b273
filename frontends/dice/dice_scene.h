// Draws synthetic photos of dice on a table (faces, pips, rotation, shadows, side faces,
// marbled, glossy and translucent bodies, logo faces, wood, cardboard, felt, printed paper, trays, clutter,
// perspective, blur, JPEG, sensor noise) with known values and boxes. The tests read these back, and the demo image
// is drawn with it, so nothing the project ships is derived from real photos.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

#include "frontends/dice/dice_labels.h"

namespace puzzlesat::dice_vision {

// The renderer draws a top face's outline as four rounded corners of this many points in
// all (SceneDie::edge_from and edge_span count along it).
constexpr int kFaceOutlinePoints = 28;

struct SceneDie {
  int pips = 1;             // the top face, 1..6
  cv::Point2f centre;       // pixels
  float side = 50;          // edge length of the face in pixels
  float angle_deg = 0;      // rotation of the face
  cv::Scalar face{235, 240, 240};  // BGR
  cv::Scalar pip{30, 30, 30};      // BGR
  // Appearance beyond a plain matte die; the defaults draw exactly what they always drew.
  cv::Scalar swirl{0, 0, 0};   // BGR of the marbling's second colour
  float marble = 0;            // 0..1: how much of the body the swirls cover
  float gloss = 0;             // 0..1: strength of the specular glints on the body
  float pip_size = 1;          // pip radius relative to kPipRadius
  float pip_spread = 1;        // the off-centre pips' (and highlight's) offset relative to pip_layout's
  // A lamp's highlight: a round, near-white spot about a pip in size where a pip could sit
  // but does not (the centre of a 2, 4 or 6), so that it completes another layout (a 4
  // with it looks like a 5). Blended toward white by this much; 0 draws none.
  float highlight = 0;
  cv::Point2f highlight_at{0, 0};  // in pip_layout's units (face half-sides), unrotated
  float highlight_size = 1;        // radius relative to the die's pips
  // A glossy die's rounded edge catching the lamp: a thin bright arc just inside the top
  // face's outline, blended toward white by this much (0 draws none), over `edge_span` of
  // the outline's kFaceOutlinePoints points from point `edge_from` (a corner's arc is a
  // quarter of them).
  float edge_light = 0;
  int edge_from = 0;
  int edge_span = 0;
  // Side faces seen at a slant: the bottom edge of the die is drawn this far from the top
  // face, in face sides (e.g. {0.2, 0.1}); {0, 0} is seen straight from above.
  cv::Point2f lean{0, 0};
  // How bright the side faces are against the top: 0 shades them by the slant (0.62 of the
  // face for the one seen most, 0.95 for the one seen edge-on); otherwise the one seen most
  // is this bright and the other a little brighter. Diffuse light leaves a white die's
  // sides nearly as bright as its top (matteop65's webcam photos, seen steeply), so that
  // only the rim and the pips tell the top face from a side.
  float side_light = 0;
  // A clear, tinted body (smoke, sapphire, emerald), 0..1: how much of what lies beneath
  // shows through its top face. The table shows darkened by the body's colour where the
  // body is thin to the eye (the face's middle) and the thick edges stay dark; the bottom
  // face's pips (7 - pips), mirrored, and the side faces' pips, squashed along each edge,
  // show through it blurred, at about half this strength, beside the top face's own.
  float translucent = 0;
  // A maker's emblem in place of a 1's pip, in the pip colour (the face still counts 1):
  // None, a five-pointed star, a ring round a dot, or a shield (a disc with a notch).
  enum class Logo { None, Star, Ring, Shield } logo = Logo::None;
};

// What the dice lie on. Check: a checked or gingham cloth in the table colour and a
// darker one, squares a quarter of a die to a die across (a checked square reads as a pip).
enum class Surface { Wood, Cardboard, Felt, Paper, Tray, Check };

// Something on the table that is no die, for a reader to refuse. A card is a light
// rounded rectangle printed with one to three symbols in `colour` (solid, striped or
// outlined diamonds, ovals or waves, as on SET cards): a card with one symbol looks much
// like a die showing 1, so it teaches "not a die" where pips alone cannot tell.
struct SceneThing {
  enum class Kind { KeyCap, Cable, Sticker, Coin, Pencil, Card } kind = Kind::KeyCap;
  cv::Point2f centre;
  float size = 40;       // pixels (a card: its long side)
  float angle_deg = 0;
  cv::Scalar colour{60, 60, 60};  // BGR
};

struct Scene {
  cv::Size size{640, 480};
  cv::Scalar table{150, 190, 215};  // BGR, light wood by default
  double grain = 12;                // amplitude of the table's wood streaks (Wood)
  bool shadows = true;
  double noise = 3;                 // standard deviation of the per-pixel noise
  std::vector<SceneDie> dice;
  // Photographic effects, off by default.
  Surface surface = Surface::Wood;
  std::vector<SceneThing> clutter;  // drawn under the dice
  double shadow_strength = 0.25;    // how much a die's shadow darkens the table
  double light_gradient = 0;        // 0..1: brightness falling off across the frame
  cv::Matx33d perspective = cv::Matx33d::eye();  // maps the flat scene into the photo
  double defocus = 0;               // Gaussian blur sigma, pixels
  double motion = 0;                // motion blur length, pixels
  double motion_angle_deg = 0;
  int jpeg_quality = 0;             // 1..100: JPEG round trip (4:2:0 chroma); 0: none
};

// The image of the scene; `seed` fixes the noise (and the clutter, marbling and glints).
cv::Mat render_scene(const Scene& scene, std::uint64_t seed = 1);

// The axis-aligned box around a rendered die's face, in the flat scene (no perspective).
cv::Rect die_box(const SceneDie& die);
// The same in the photo: through the scene's perspective.
cv::Rect die_box(const Scene& scene, const SceneDie& die);
// The whole die as the photo shows it: top face and the side faces its lean shows.
cv::Rect die_extent(const Scene& scene, const SceneDie& die);

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

// A scene drawn from everything the renderer can do, for training and testing a reader on
// what photos show: white, coloured, dark, marbled and glossy dice, pips that barely
// contrast, side faces, every surface, clutter, perspective, blur, JPEG. Dice are between
// `min_side` and `max_side` pixels (20..600); the frame is sized to hold them.
Scene varied_scene(std::uint64_t seed, float min_side = 20, float max_side = 600);
// The range varied_scene draws SceneDie::pip_size from (uniformly): from small pips, as
// many white dice in photos have (0.1 of the face), to large ones.
constexpr float kVariedPipSizeMin = 0.55f, kVariedPipSizeMax = 1.3f;

// A phone photo of plain dice (plain_scene.cpp): white dice with black pips, min_side to
// max_side pixels across, on cardboard, wood or printed paper, in a 4:3 frame of
// min_megapixels to max_megapixels, some seen at a slant. The dice are capped to what
// the frame holds. With `coloured`, about half the dice are of a common colour instead
// (green, red, blue or black with white pips, yellow with black), as a phone photo of
// mixed sets shows; the scene is otherwise the same as without it (same seed: same
// frame, table, places and values).
struct PlainSceneOptions {
  int dice = 5;
  float min_side = 200, max_side = 600;
  double min_megapixels = 2, max_megapixels = 9;
  bool coloured = false;
  // Seen steeply, in diffuse light: every die slanted by up to 0.55 of a side (against
  // 0.3, half of the scenes), its side faces 0.8-1 as bright as its top (side_light).
  bool steep = false;
};
Scene plain_scene(std::uint64_t seed, const PlainSceneOptions& options = {});

}  // namespace puzzlesat::dice_vision

// varied_scene (dice_scene.h): random scenes over everything the renderer draws, the
// training and test material of the learned die reader. The ranges are wide on purpose:
// a reader trained here should not depend on one camera, table or set of dice.
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>

#include "frontends/dice/dice_scene.h"
#include "frontends/dice/pip_layout.h"
#include <puzzlesat/seed_mix.h>

namespace puzzlesat::dice_vision {

namespace {

cv::Scalar jitter(cv::Scalar c, double by, cv::RNG& rng) {
  for (int i = 0; i < 3; ++i) c[i] = std::clamp(c[i] + rng.uniform(-by, by), 0.0, 255.0);
  return c;
}

cv::Scalar random_colour(cv::RNG& rng, double lo = 0, double hi = 255) {
  return {rng.uniform(lo, hi), rng.uniform(lo, hi), rng.uniform(lo, hi)};
}

double lightness(const cv::Scalar& c) { return 0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2]; }

// A body and pip colour pair, as sets of dice come (BGR).
void pick_colours(SceneDie& d, cv::RNG& rng) {
  const int kind = rng.uniform(0, 100);
  if (kind < 30) {  // white or ivory, black (sometimes coloured) pips
    d.face = jitter({225, 238, 242}, 18, rng);
    d.pip = rng.uniform(0, 5) ? jitter({30, 30, 30}, 25, rng) : jitter({40, 40, 150}, 40, rng);
  } else if (kind < 55) {  // saturated colour, white or black pips
    d.face = random_colour(rng, 20, 235);
    d.pip = lightness(d.face) > 140 ? jitter({25, 25, 25}, 20, rng) : jitter({235, 235, 235}, 20, rng);
    if (rng.uniform(0, 4) == 0) d.pip = random_colour(rng);  // yellow on blue, red on black ...
  } else if (kind < 70) {  // dark: black, maroon, navy, dark green with light or coloured pips
    d.face = random_colour(rng, 10, 90);
    d.pip = rng.uniform(0, 2) ? jitter({225, 225, 225}, 30, rng) : jitter({40, 200, 230}, 40, rng);
  } else if (kind < 85) {  // pips that barely contrast
    switch (rng.uniform(0, 3)) {
      case 0: d.face = jitter({40, 30, 110}, 20, rng), d.pip = jitter({25, 15, 60}, 15, rng); break;   // maroon, dark red
      case 1: d.face = jitter({150, 220, 150}, 25, rng), d.pip = jitter({235, 245, 235}, 10, rng); break;  // light green, white
      default: d.face = random_colour(rng, 40, 200), d.pip = d.face * rng.uniform(0.55, 0.75); break;
    }
  } else {  // marbled
    d.face = random_colour(rng, 20, 230);
    d.swirl = random_colour(rng, 0, 255);
    d.marble = float(rng.uniform(0.3, 0.9));
    d.pip = lightness(d.face) > 120 ? jitter({30, 30, 30}, 25, rng) : jitter({230, 230, 230}, 25, rng);
  }
}

cv::Matx33d random_perspective(cv::Size size, double amount, cv::RNG& rng) {
  const float w = float(size.width), h = float(size.height);
  const cv::Point2f src[4] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
  cv::Point2f dst[4];
  for (int i = 0; i < 4; ++i) {
    // One draw a statement: the order of a call's arguments is unspecified (g++ and clang
    // differ), and scenes must be the same whatever the compiler. This is the order g++ drew.
    const double dy = rng.uniform(-amount, amount), dx = rng.uniform(-amount, amount);
    dst[i] = src[i] + cv::Point2f(float(dx * w), float(dy * h));
  }
  return cv::Matx33d(cv::getPerspectiveTransform(src, dst));
}

// A random stream of its own for each later addition (`salt`), so that the scenes drawn
// before it stay as they were. cv::RNG's first draws follow the seed's low bits closely,
// so the seed is mixed first.
cv::RNG own_stream(std::uint64_t seed, std::uint64_t salt) { return cv::RNG(mix64(seed + salt * kGoldenGamma)); }

// A checked cloth instead of the table in one scene of eight.
void add_cloth(Scene& scene, std::uint64_t seed) {
  cv::RNG rng = own_stream(seed, 0xC10735ULL);
  if (rng.uniform(0, 8) != 0) return;
  scene.surface = Surface::Check;
  scene.table = random_colour(rng, 60, 250);
}

// Pips as makers print them: the corner pips 0.41-0.55 of the half-side from the centre
// (pip_layout's 0.5 times pip_spread), and red pips on dark, blue and marbled bodies, as
// in sets of gaming dice, on one such die in two, bright or dark. Small in a photo, two
// or three such pips run together in JPEG's half-resolution colour and barely part from
// a dark body, the commonest miss on photos of such sets (docs/dice-vision.md); a reader
// learns them only if the renders draw them. A stream of its own, so the scenes are
// otherwise unchanged.
void vary_pips(Scene& scene, std::uint64_t seed) {
  cv::RNG rng = own_stream(seed, 0x4ED919ULL);
  for (auto& d : scene.dice) {
    d.pip_spread = float(rng.uniform(0.82, 1.1));
    const bool dark = lightness(d.face) < 110, blue = d.face[0] > d.face[2] + 40;
    if (!(dark || blue || d.marble > 0) || rng.uniform(0, 2) == 0) continue;
    d.pip = rng.uniform(0, 2) ? jitter({45, 45, 205}, 35, rng) : jitter({35, 30, 140}, 25, rng);
  }
}

// Clear, tinted bodies (SceneDie::translucent) on one coloured or dark die in three: sets
// of gaming dice come in smoke, sapphire and emerald, and a small one shows the pips of
// its other faces through it among its own. One in three of them is smoke with red pips,
// the look of nellbyler's commonest misses (docs/dice-vision-misses.md). A stream of its own, drawn after vary_pips, so the
// scenes are otherwise unchanged.
void make_translucent(Scene& scene, std::uint64_t seed) {
  cv::RNG rng = own_stream(seed, 0x7C1EA4ULL);
  for (auto& d : scene.dice) {
    const bool white = lightness(d.face) > 200 && d.marble == 0;
    if (white || rng.uniform(0, 3) != 0) continue;
    d.translucent = float(rng.uniform(0.35, 0.85));
    if (rng.uniform(0, 3) == 0) {
      d.face = jitter({70, 70, 75}, 25, rng);
      d.pip = rng.uniform(0, 2) ? jitter({45, 45, 205}, 35, rng) : jitter({35, 30, 140}, 25, rng);
    }
  }
}

// A maker's emblem in place of the pip on one 1 in four (SceneDie::logo), as many sets
// print it. A stream of its own, so the scenes are otherwise unchanged.
void add_logos(Scene& scene, std::uint64_t seed) {
  cv::RNG rng = own_stream(seed, 0x1060ULL);
  for (auto& d : scene.dice)
    if (d.pips == 1 && rng.uniform(0, 4) == 0) d.logo = static_cast<SceneDie::Logo>(rng.uniform(1, 4));
}

// Lit edges: the rounded edge of a glossy or marbled die catches the lamp as a thin bright
// arc round a corner and along an edge or two, on two such dice in three and one other in
// four. On photos of sets of gaming dice it runs beside the pips and round a lone pip (a
// 1 then looks like a ring of six), and the network, trained without it, misread them.
// A stream of its own, so the scenes are otherwise unchanged.
void light_edges(Scene& scene, std::uint64_t seed) {
  cv::RNG rng = own_stream(seed, 0xED6E5ULL);
  for (auto& d : scene.dice) {
    const bool shiny = d.gloss > 0 || d.marble > 0;
    if (rng.uniform(0, 12) >= (shiny ? 8 : 3)) continue;
    d.edge_light = float(rng.uniform(0.35, 0.85));
    d.edge_from = rng.uniform(0, kFaceOutlinePoints);
    d.edge_span = rng.uniform(5, 17);  // from most of a corner to a corner, an edge and the next corner
  }
}

// A lamp above the table in one scene of two: most dice show its highlight, a round
// near-white spot about a pip in size at a place on the face where a pip could sit but
// does not, so that it completes another layout (a 4 with a bright centre looks like a 5).
// Photos under a lamp show this often, mostly near the face's middle (the lamp above the
// camera); glints() draws highlights anywhere, rarely so. On a white die it barely shows,
// so a crop set needs many such scenes for a reader to learn that a pip unlike the others
// in colour is none.
void add_highlights(Scene& scene, std::uint64_t seed) {
  cv::RNG rng = own_stream(seed, 0x1A3B9ULL);
  if (rng.uniform(0, 2) != 0) return;
  const std::vector<cv::Point2f> spots = [] {  // every place a pip sits on some face
    std::vector<cv::Point2f> all = pip_layout(6);
    all.push_back({0, 0});
    return all;
  }();
  for (auto& d : scene.dice) {
    if (rng.uniform(0, 4) == 0) continue;
    const std::vector<cv::Point2f> pips = pip_layout(d.pips);
    std::vector<cv::Point2f> free;
    for (const auto& s : spots)
      if (std::none_of(pips.begin(), pips.end(), [&](cv::Point2f p) { return cv::norm(p - s) < 0.1; })) free.push_back(s);
    const bool centre_free = d.pips % 2 == 0;
    const cv::Point2f at = centre_free && rng.uniform(0, 2) ? cv::Point2f(0, 0) : free[rng.uniform(0, int(free.size()))];
    const float dx = float(rng.uniform(-0.12, 0.12));  // one draw a statement (see random_perspective)
    const float dy = float(rng.uniform(-0.12, 0.12));
    d.highlight_at = at + cv::Point2f(dx, dy);
    d.highlight = float(rng.uniform(0.55, 1.0));
    d.highlight_size = float(rng.uniform(0.45, 1.1));
  }
}

// Playing cards in one scene of four: a few cards beside the dice (long sides 1.5-5 dice across;
// SET cards are about 5.5 dice of 16 mm), or a table laid with smaller ones, as in a game
// of SET, within what the frame holds.
void add_cards(Scene& scene, float base, std::uint64_t seed) {
  cv::RNG rng = own_stream(seed, 0x5E7CA4D5ULL);
  if (rng.uniform(0, 4) != 0) return;
  // A card table holds at most one die, as a SET photo holds none.
  const bool table = rng.uniform(0, 2) == 0;
  if (table && scene.dice.size() > 1) scene.dice.resize(1);
  const int cards = table ? rng.uniform(5, 13) : rng.uniform(1, 4);
  const float longest = 0.45f * float(std::min(scene.size.width, scene.size.height));
  const bool aligned = rng.uniform(0, 3) != 0;  // laid square to the frame, as on a table
  const cv::Scalar inks[3] = {{45, 40, 200}, {70, 150, 30}, {120, 40, 100}};  // red, green, purple
  for (int i = 0; i < cards; ++i) {
    SceneThing t;
    t.kind = SceneThing::Kind::Card;
    t.size = std::min(longest, base * float(table ? rng.uniform(1.5, 3.0) : rng.uniform(1.5, 5.0)));
    if (aligned) {
      const double tilt = rng.uniform(-12.0, 12.0);  // one draw a statement (see random_perspective)
      t.angle_deg = float(tilt + 90 * rng.uniform(0, 2));
    } else {
      t.angle_deg = float(rng.uniform(0.0, 180.0));
    }
    t.colour = rng.uniform(0, 4) ? jitter(inks[rng.uniform(0, 3)], 30, rng) : random_colour(rng, 0, 200);
    for (int attempt = 0; attempt < 50; ++attempt) {
      t.centre = {float(rng.uniform(0, scene.size.width)), float(rng.uniform(0, scene.size.height))};
      bool clear = true;
      for (const auto& d : scene.dice)
        if (cv::norm(d.centre - t.centre) < 0.6 * (d.side * 1.5 + t.size)) clear = false;
      for (const auto& o : scene.clutter)
        if (cv::norm(o.centre - t.centre) < 0.5 * (o.size + t.size)) clear = false;
      if (clear) {
        scene.clutter.push_back(t);
        break;
      }
    }
  }
}

}  // namespace

Scene varied_scene(std::uint64_t seed, float min_side, float max_side) {
  cv::RNG rng(seed);
  Scene scene;
  min_side = std::max(8.f, min_side);
  max_side = std::max(min_side, max_side);
  const float base = float(std::exp(rng.uniform(std::log(double(min_side)), std::log(double(max_side)) + 1e-9)));
  const int wanted = rng.uniform(1, 7);
  // Small dice sit in small frames and large ones in phone-sized ones; the frame never
  // gets beyond about 3000 px so that rendering stays quick.
  const double across = std::clamp(double(base) * rng.uniform(4.0, 9.0), 160.0, 3000.0);
  const double aspect = std::array<double, 3>{0.75, 1.0, 1.333}[rng.uniform(0, 3)];
  scene.size = cv::Size(cvRound(across), cvRound(across * aspect));

  scene.surface = static_cast<Surface>(rng.uniform(0, 5));  // Check comes later, from add_cloth
  switch (scene.surface) {
    case Surface::Wood: scene.table = jitter({130, 170, 200}, 50, rng), scene.grain = rng.uniform(2.0, 16.0); break;
    case Surface::Cardboard: scene.table = jitter({110, 150, 185}, 35, rng); break;
    case Surface::Felt: scene.table = random_colour(rng, 20, 170); break;
    case Surface::Paper: scene.table = jitter({235, 240, 240}, 15, rng); break;
    case Surface::Tray: scene.table = jitter({195, 195, 195}, 40, rng); break;
    case Surface::Check: break;
  }
  scene.shadows = rng.uniform(0, 5) != 0;
  scene.shadow_strength = rng.uniform(0.1, 0.5);
  scene.noise = rng.uniform(1.0, 7.0);
  scene.light_gradient = rng.uniform(0, 2) ? rng.uniform(0.0, 0.45) : 0.0;

  // The camera's slant shows every die's side faces on about the same side.
  // Photos are rarely taken straight down: most show side faces, pips and all.
  const bool slanted = rng.uniform(0, 4) != 0;
  cv::Point2f camera_lean(0, 0);
  if (slanted) {  // one draw a statement (see random_perspective)
    camera_lean.y = float(rng.uniform(-0.5, 0.5));
    camera_lean.x = float(rng.uniform(-0.5, 0.5));
  }
  // Dice lie far apart or in a crowd, where a crop around one shows parts of others.
  const double spacing = rng.uniform(0.75, 1.3);
  const bool one_set = rng.uniform(0, 3) == 0;  // all dice alike, as a set of five
  SceneDie set_die;
  pick_colours(set_die, rng);
  const bool glossy = rng.uniform(0, 2);
  for (int i = 0; i < wanted; ++i) {
    SceneDie d = set_die;
    if (!one_set) {
      d = SceneDie{};
      pick_colours(d, rng);
    }
    d.pips = rng.uniform(1, 7);
    d.side = base * float(rng.uniform(0.9, 1.1));
    d.angle_deg = float(rng.uniform(0.0, 90.0));
    d.pip_size = float(rng.uniform(double(kVariedPipSizeMin), double(kVariedPipSizeMax)));
    d.gloss = glossy ? float(rng.uniform(0.2, 0.9)) : 0.f;
    if (slanted) {  // one draw a statement (see random_perspective)
      const float dy = float(rng.uniform(-0.1, 0.1));
      const float dx = float(rng.uniform(-0.1, 0.1));
      d.lean = camera_lean + cv::Point2f(dx, dy);
    }
    bool placed = false;
    for (int attempt = 0; attempt < 200 && !placed; ++attempt) {
      const float margin = d.side * 0.9f;
      if (scene.size.width < 2 * margin || scene.size.height < 2 * margin) break;
      d.centre = {float(rng.uniform(margin, scene.size.width - margin)), float(rng.uniform(margin, scene.size.height - margin))};
      placed = true;
      for (const auto& o : scene.dice)
        if (cv::norm(o.centre - d.centre) < spacing * (o.side + d.side) * (1 + cv::norm(d.lean))) placed = false;
    }
    if (placed) scene.dice.push_back(d);
  }

  const int things = rng.uniform(0, 2) ? rng.uniform(1, 5) : 0;
  for (int i = 0; i < things; ++i) {
    SceneThing t;
    t.kind = static_cast<SceneThing::Kind>(rng.uniform(0, 5));
    t.size = base * float(rng.uniform(0.5, 1.4));
    t.angle_deg = float(rng.uniform(0.0, 180.0));
    t.colour = random_colour(rng, 20, 240);
    for (int attempt = 0; attempt < 50; ++attempt) {
      t.centre = {float(rng.uniform(0, scene.size.width)), float(rng.uniform(0, scene.size.height))};
      bool clear = true;
      for (const auto& d : scene.dice)
        if (cv::norm(d.centre - t.centre) < 1.2 * (d.side + t.size)) clear = false;
      if (clear) {
        scene.clutter.push_back(t);
        break;
      }
    }
  }

  add_cloth(scene, seed);
  add_cards(scene, base, seed);
  vary_pips(scene, seed);
  make_translucent(scene, seed);
  add_logos(scene, seed);
  light_edges(scene, seed);
  add_highlights(scene, seed);

  if (rng.uniform(0, 2)) scene.perspective = random_perspective(scene.size, 0.08, rng);
  if (rng.uniform(0, 5) < 2) scene.defocus = rng.uniform(0.3, 0.5 + 0.05 * base);
  if (rng.uniform(0, 5) == 0) {
    scene.motion = rng.uniform(1.0, 1.0 + 0.12 * base);
    scene.motion_angle_deg = rng.uniform(0.0, 180.0);
  }
  if (rng.uniform(0, 5) < 3) scene.jpeg_quality = rng.uniform(35, 96);
  return scene;
}

}  // namespace puzzlesat::dice_vision

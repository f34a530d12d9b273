// plain_scene (dice_scene.h): the phone photo the dev photos do not show: a set of plain
// white dice with black pips, hundreds of pixels across, on cardboard, wood or printed
// paper, in a frame of a few megapixels. Issue #19's held-out phone photos read worst on
// exactly these, so the renderer draws them on their own, to measure the reader at scale.
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

#include "frontends/dice/dice_scene.h"

namespace puzzlesat::dice_vision {

namespace {

cv::Scalar jitter(cv::Scalar c, double by, cv::RNG& rng) {
  for (int i = 0; i < 3; ++i) c[i] = std::clamp(c[i] + rng.uniform(-by, by), 0.0, 255.0);
  return c;
}

// A common coloured die (BGR body and pips), jittered: the colours dice shops sell most.
void colour_die(SceneDie& d, cv::RNG& rng) {
  struct Set {
    cv::Scalar face, pip;
  };
  static const Set kSets[] = {
      {{60, 140, 40}, {235, 240, 240}},   // green, white pips
      {{40, 40, 190}, {235, 240, 240}},   // red
      {{170, 90, 30}, {235, 240, 240}},   // blue
      {{35, 35, 35}, {235, 240, 240}},    // black
      {{40, 200, 235}, {28, 28, 28}},     // yellow, black pips
  };
  const Set& set = kSets[rng.uniform(0, 5)];
  d.face = jitter(set.face, 20, rng);
  d.pip = jitter(set.pip, 12, rng);
}

}  // namespace

Scene plain_scene(std::uint64_t seed, const PlainSceneOptions& o) {
  cv::RNG rng(seed * 0x2545F4914F6CDD1DULL + 0x91A1);
  Scene scene;
  // A phone's 4:3 frame of min..max megapixels, held either way.
  const double mp = rng.uniform(o.min_megapixels, o.max_megapixels);
  const double long_side = std::sqrt(mp * 1e6 * 4 / 3);
  const bool portrait = rng.uniform(0, 3) == 0;
  const cv::Size landscape(cvRound(long_side), cvRound(long_side * 3 / 4));
  scene.size = portrait ? cv::Size(landscape.height, landscape.width) : landscape;
  // The dice must fit: five of them, with room between, in the shorter side squared.
  const int shorter = std::min(scene.size.width, scene.size.height);
  const double largest = std::min<double>(o.max_side, shorter / 3.6);
  const double smallest = std::min<double>(o.min_side, largest);
  const double base = std::exp(rng.uniform(std::log(smallest), std::log(largest) + 1e-9));

  switch (rng.uniform(0, 3)) {
    case 0: scene.surface = Surface::Cardboard, scene.table = jitter({110, 150, 185}, 30, rng); break;
    case 1: scene.surface = Surface::Wood, scene.table = jitter({120, 160, 195}, 40, rng), scene.grain = rng.uniform(3.0, 12.0); break;
    default: scene.surface = Surface::Paper, scene.table = jitter({235, 240, 240}, 12, rng); break;
  }
  scene.shadows = true;
  scene.shadow_strength = rng.uniform(0.1, 0.4);
  scene.noise = rng.uniform(1.5, 5.0);
  scene.light_gradient = rng.uniform(0.0, 0.3);

  const cv::Scalar face = jitter({228, 238, 242}, 12, rng);
  const cv::Scalar pip = jitter({28, 28, 28}, 15, rng);
  const bool slanted = rng.uniform(0, 2) == 0 || o.steep;
  const double slant = o.steep ? 0.55 : 0.3;
  cv::Point2f camera_lean(0, 0);
  if (slanted) {  // one draw a statement: argument order is unspecified
    camera_lean.y = float(rng.uniform(-slant, slant));
    camera_lean.x = float(rng.uniform(-slant, slant));
  }
  // The steep view's side light from a stream of its own too (see `colours` below).
  cv::RNG light(seed * 0xD1B54A32D192ED03ULL + 0x5173);
  // Colours come from a stream of their own, so that `coloured` changes nothing else.
  cv::RNG colours(seed * 0x9E3779B97F4A7C15ULL + 0xC0102);
  for (int i = 0; i < o.dice; ++i) {
    SceneDie d;
    d.face = face;
    d.pip = pip;
    if (o.coloured && colours.uniform(0, 2) == 0) colour_die(d, colours);
    d.pips = rng.uniform(1, 7);
    d.side = float(base * rng.uniform(0.95, 1.05));
    d.angle_deg = float(rng.uniform(0.0, 90.0));
    d.pip_size = float(rng.uniform(0.85, 1.15));
    d.lean = camera_lean;
    if (o.steep) d.side_light = float(light.uniform(0.8, 1.0));
    bool placed = false;
    for (int attempt = 0; attempt < 300 && !placed; ++attempt) {
      const float margin = d.side;
      d.centre = {float(rng.uniform(margin, scene.size.width - margin)),
                  float(rng.uniform(margin, scene.size.height - margin))};
      placed = true;
      for (const auto& other : scene.dice)
        if (cv::norm(other.centre - d.centre) < 0.8 * (other.side + d.side) * (1 + cv::norm(d.lean))) placed = false;
    }
    if (placed) scene.dice.push_back(d);
  }
  // Phone optics: a little defocus that grows with the die (a pixel or two at 600 px),
  // sometimes a slight tilt of the phone, always JPEG.
  scene.defocus = rng.uniform(0.3, 0.3 + base / 300);
  if (rng.uniform(0, 2)) {
    const float w = float(scene.size.width), h = float(scene.size.height);
    const cv::Point2f src[4] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
    cv::Point2f dst[4];
    for (int i = 0; i < 4; ++i) {
      const double dy = rng.uniform(-0.05, 0.05), dx = rng.uniform(-0.05, 0.05);
      dst[i] = src[i] + cv::Point2f(float(dx * w), float(dy * h));
    }
    scene.perspective = cv::Matx33d(cv::getPerspectiveTransform(src, dst));
  }
  scene.jpeg_quality = rng.uniform(80, 96);
  return scene;
}

}  // namespace puzzlesat::dice_vision

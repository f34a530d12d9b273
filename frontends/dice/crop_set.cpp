#include "frontends/dice/crop_set.h"

#include <algorithm>
#include <cmath>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/die_crop.h"

namespace puzzlesat::dice_vision {

namespace {

cv::Rect2d scaled_about_centre(const cv::Rect2d& r, double scale, cv::Point2d shift) {
  const cv::Point2d c(r.x + r.width / 2 + shift.x, r.y + r.height / 2 + shift.y);
  return {c.x - r.width * scale / 2, c.y - r.height * scale / 2, r.width * scale, r.height * scale};
}

double iou(const cv::Rect2d& a, const cv::Rect2d& b) {
  const double i = (a & b).area();
  return i / (a.area() + b.area() - i + 1e-9);
}

}  // namespace

std::vector<LabelledCrop> scene_crops(std::uint64_t seed, int size, float min_side, float max_side) {
  const Scene scene = varied_scene(seed, min_side, max_side);
  const cv::Mat photo = render_scene(scene, seed);
  cv::RNG rng(seed ^ 0xC0FFEEULL);
  std::vector<LabelledCrop> out;
  std::vector<cv::Rect2d> extents, faces;
  for (const auto& d : scene.dice) {
    extents.emplace_back(die_extent(scene, d));
    faces.emplace_back(die_box(scene, d));
  }
  const cv::Rect2d frame(0, 0, photo.cols, photo.rows);

  // The dice as a finder that found them would cut them: a little off-centre, a little
  // large or small.
  for (std::size_t i = 0; i < scene.dice.size(); ++i) {
    const cv::Rect2d& e = extents[i];
    for (int k = 0; k < 2; ++k) {
      const double s = std::max(e.width, e.height);
      const cv::Rect2d box = scaled_about_centre(k == 0 ? e : faces[i], rng.uniform(0.85, 1.2),
                                                 {rng.uniform(-0.1, 0.1) * s, rng.uniform(-0.1, 0.1) * s});
      out.push_back({die_crop(photo, box, size), scene.dice[i].pips, "die"});
    }
    if (rng.uniform(0, 2)) {  // a corner or edge of the die, as a split clump may leave
      const double a = rng.uniform(0.0, 6.28), s = std::max(e.width, e.height);
      const cv::Rect2d box = scaled_about_centre(e, rng.uniform(0.4, 0.65),
                                                 {std::cos(a) * s * rng.uniform(0.45, 0.6), std::sin(a) * s * rng.uniform(0.45, 0.6)});
      out.push_back({die_crop(photo, box, size), 0, "part"});
    }
  }

  // The regions the reader's own finder returns: a die's region carries its value, a
  // region on no die is no die; one half on a die is left out.
  for (const cv::Rect& r : found_regions(photo)) {
    const cv::Rect2d region(r);
    const cv::Point2d c(region.x + region.width / 2, region.y + region.height / 2);
    int label = -1;
    double touching = 0;
    for (std::size_t i = 0; i < scene.dice.size(); ++i) {
      touching = std::max(touching, (region & extents[i]).area() / std::max(1.0, region.area()));
      if (faces[i].contains(c) && iou(region, extents[i]) > 0.4) label = scene.dice[i].pips;
    }
    if (label < 0 && touching < 0.1) label = 0;
    if (label >= 0) out.push_back({die_crop(photo, region, size), label, label ? "found" : "found-other"});
  }

  // Bare table, and the clutter, at about the dice's size.
  const double base = scene.dice.empty() ? 40.0 : std::max(extents[0].width, extents[0].height);
  for (int k = 0, tries = 0; k < 2 && tries < 40; ++tries) {
    const double s = base * rng.uniform(0.6, 1.4);
    // One draw a statement: the order of a call's arguments is unspecified (g++ and clang
    // differ), and scenes must be the same whatever the compiler. This is the order g++ drew.
    const double y = rng.uniform(0.0, std::max(1.0, photo.rows - s));
    const double x = rng.uniform(0.0, std::max(1.0, photo.cols - s));
    const cv::Rect2d box(x, y, s, s);
    const cv::Rect2d seen = scaled_about_centre(box, kCropMargin, {});
    bool clear = true;
    for (const auto& e : extents) clear &= (seen & e).area() == 0;
    if (!clear) continue;
    out.push_back({die_crop(photo, box, size), 0, "table"});
    ++k;
  }
  for (const auto& t : scene.clutter) {
    std::vector<cv::Point2f> at{t.centre}, seen;
    cv::perspectiveTransform(at, seen, cv::Mat(scene.perspective));
    const double s = t.size * rng.uniform(0.8, 1.3);
    const cv::Rect2d box(seen[0].x - s / 2, seen[0].y - s / 2, s, s);
    if ((box & frame).area() < 0.5 * box.area()) continue;
    bool clear = true;
    for (const auto& e : extents) clear &= (scaled_about_centre(box, kCropMargin, {}) & e).area() < 0.05 * e.area();
    if (clear) out.push_back({die_crop(photo, box, size), 0, "thing"});
  }
  return out;
}

}  // namespace puzzlesat::dice_vision

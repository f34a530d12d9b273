#include "frontends/dice/face_pattern.h"

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/pip_counter.h"

using namespace puzzlesat::dice_vision;

namespace {

// Small dice of one colour with pips of a nearby colour, as in a crowded tray photographed
// from above: the pips differ from the face by a few tens of Lab units at most, and are three
// or four pixels across.
struct Palette {
  const char* name;
  cv::Scalar face, pip;  // BGR
};
const Palette kLowContrast[] = {
    {"orange pips on red", {40, 40, 175}, {50, 120, 215}},
    {"pink pips on blue", {150, 70, 40}, {170, 120, 190}},
    {"black pips on brown", {50, 80, 120}, {25, 35, 50}},
};

Scene tray_of(const Palette& palette, int first_value) {
  Scene scene;
  scene.table = cv::Scalar(200, 200, 195);
  scene.grain = 0;
  scene.noise = 2;
  for (int i = 0; i < 6; ++i) {
    SceneDie d;
    d.pips = (first_value + i) % 6 + 1;
    d.centre = {80.f + 95.f * i, 240.f + 20.f * (i % 2)};
    d.side = 30.f + 2.f * (i % 3);
    d.angle_deg = 7.f * i;
    d.face = palette.face;
    d.pip = palette.pip;
    scene.dice.push_back(d);
  }
  return scene;
}

// The die read nearest to `die`, or pips 0 when none is near.
Die nearest(const std::vector<Die>& dice, const SceneDie& die) {
  for (const auto& d : dice) {
    const cv::Point2f c(d.box.x + d.box.width / 2.f, d.box.y + d.box.height / 2.f);
    if (cv::norm(c - die.centre) < die.side / 2) return d;
  }
  return {};
}

}  // namespace

TEST_CASE("faint dark pips on small brown dice are counted", "[dice_vision]") {
  // Pips only about 10 Lab units darker than the face, on dice 24-36 px wide: the blob
  // reader alone misses a pip or a whole face on about one die in six here (148 of 180 right
  // when this test was written); weighing the evidence at all nine pip positions reads
  // nearly all of them.
  const Palette faint{"faint black pips on brown", {50, 80, 120}, {35, 50, 70}};
  int right = 0, total = 0;
  for (float side : {24.f, 27.f, 30.f, 33.f, 36.f})
    for (int seed : {1, 2, 3})
      for (int first = 0; first < 6; first += 3) {
        Scene scene = tray_of(faint, first);
        for (auto& d : scene.dice) d.side = side;
        const auto dice = read_dice(render_scene(scene, 7 * seed + first));
        for (const auto& die : scene.dice) right += nearest(dice, die).pips == die.pips, ++total;
      }
  CHECK(right >= 0.95 * total);
}

TEST_CASE("small dice with low-contrast coloured pips are read pip for pip", "[dice_vision]") {
  int right = 0, total = 0;
  for (const auto& palette : kLowContrast)
    for (int first = 0; first < 6; first += 3) {
      const Scene scene = tray_of(palette, first);
      const auto dice = read_dice(render_scene(scene, 7 + first));
      for (const auto& die : scene.dice) {
        INFO(palette.name << ", value " << die.pips);
        const Die read = nearest(dice, die);
        CHECK(read.pips == die.pips);
        right += read.pips == die.pips;
        ++total;
      }
    }
  CHECK(right == total);
}

TEST_CASE("the pattern reader reads every face from the region alone", "[dice_vision]") {
  for (const auto& palette : kLowContrast) {
    const Scene scene = tray_of(palette, 0);
    const cv::Mat image = render_scene(scene, 3);
    cv::Mat lab;
    cv::cvtColor(image, lab, cv::COLOR_BGR2Lab);
    for (const auto& die : scene.dice) {
      INFO(palette.name << ", value " << die.pips);
      // The region as the die finder would give it: the face's outline.
      DieRegion region;
      region.box = die_box(die) & cv::Rect({0, 0}, image.size());
      region.shape = cv::RotatedRect(die.centre, cv::Size2f(die.side, die.side), die.angle_deg);
      region.mask = cv::Mat::zeros(region.box.size(), CV_8U);
      cv::Point2f corners[4];
      region.shape.points(corners);
      std::vector<cv::Point> polygon;
      for (const auto& c : corners) polygon.emplace_back(cvRound(c.x - region.box.x), cvRound(c.y - region.box.y));
      cv::fillConvexPoly(region.mask, polygon, cv::Scalar(255));
      region.split_quality = 1;
      const FacePattern face = read_face_pattern(lab, region);
      CHECK(face.pips == die.pips);
      CHECK(face.margin > 0);
      CHECK(face.score > face.runner_up);
      CHECK(static_cast<int>(face.centres.size()) == die.pips);
    }
  }
}

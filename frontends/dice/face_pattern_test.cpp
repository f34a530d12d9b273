#include "frontends/dice/face_pattern.h"

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/pip_layout.h"

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

// The region as the die finder would give it: the face's outline.
DieRegion region_of(const SceneDie& die, cv::Size image) {
  DieRegion region;
  region.box = die_box(die) & cv::Rect({0, 0}, image);
  region.shape = cv::RotatedRect(die.centre, cv::Size2f(die.side, die.side), die.angle_deg);
  region.mask = cv::Mat::zeros(region.box.size(), CV_8U);
  cv::Point2f corners[4];
  region.shape.points(corners);
  std::vector<cv::Point> polygon;
  for (const auto& c : corners) polygon.emplace_back(cvRound(c.x - region.box.x), cvRound(c.y - region.box.y));
  cv::fillConvexPoly(region.mask, polygon, cv::Scalar(255));
  region.split_quality = 1;
  return region;
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
      const FacePattern face = read_face_pattern(lab, region_of(die, image.size()));
      CHECK(face.pips == die.pips);
      CHECK(face.margin > 0);
      CHECK(face.score > face.runner_up);
      CHECK(static_cast<int>(face.centres.size()) == die.pips);
    }
  }
}

namespace {

// Paints `colour` over the image in proportion to the mask `spot` (drawn at 255), softened
// at its edge, so glints and swirls blend into the face like the renderer's pips.
void paint_spot(cv::Mat& image, cv::Mat spot, cv::Scalar colour) {
  cv::GaussianBlur(spot, spot, cv::Size(), 0.7);
  for (int y = 0; y < image.rows; ++y)
    for (int x = 0; x < image.cols; ++x) {
      const float a = spot.at<uchar>(y, x) / 255.f;
      if (a <= 0) continue;
      auto& p = image.at<cv::Vec3b>(y, x);
      for (int c = 0; c < 3; ++c) p[c] = cv::saturate_cast<uchar>((1 - a) * p[c] + a * colour[c]);
    }
}

// A specular highlight: a small, near-white, unsaturated spot brighter than the face.
void draw_glint(cv::Mat& image, cv::Point2f at, float radius) {
  cv::Mat spot = cv::Mat::zeros(image.size(), CV_8U);
  cv::circle(spot, at, cvRound(radius), cv::Scalar(255), cv::FILLED, cv::LINE_AA);
  paint_spot(image, spot, cv::Scalar::all(250));
}

}  // namespace

TEST_CASE("a glint at the centre of a 4 or a 2 is not a pip", "[dice_vision]") {
  // Glossy dice photographed under a lamp show a near-white highlight, about a pip in size,
  // often at the middle of the face. On these small dice both readers took it for the centre
  // pip (all twelve 4s read as 5 and 2s as 3 on the dark-pipped dice when this test was
  // written); a highlight is not the colour of the face's other pips, so it is not a pip.
  const Palette glossy[] = {
      {"black pips on red", {40, 40, 180}, {30, 30, 40}},
      {"black pips on blue", {160, 80, 40}, {30, 30, 30}},
      {"yellow pips on green", {70, 120, 40}, {60, 200, 220}},
  };
  for (const auto& palette : glossy)
    for (const float glint : {0.05f, 0.07f}) {
      Scene scene = tray_of(palette, 0);
      for (std::size_t i = 0; i < scene.dice.size(); ++i) scene.dice[i].pips = i % 2 ? 4 : 2;
      cv::Mat image = render_scene(scene, 11);
      for (const auto& die : scene.dice) draw_glint(image, die.centre, glint * die.side);
      const auto dice = read_dice(image);
      for (const auto& die : scene.dice) {
        INFO(palette.name << ", glint " << glint << " sides, value " << die.pips);
        CHECK(nearest(dice, die).pips == die.pips);
      }
    }
}

TEST_CASE("a spot unlike the other pips in colour makes a reading inconsistent", "[dice_vision]") {
  // A 4 of black pips on a red face with a white highlight at its centre: the 4's pips are
  // alike, the 5 that the highlight completes is not (the highlight shares the pips' drop in
  // redness, so the 5 may still score best; count_pips passes over it), and neither is a set
  // of spots that includes the highlight.
  const Palette red{"black pips on red", {40, 40, 180}, {30, 30, 40}};
  Scene scene = tray_of(red, 0);
  for (auto& d : scene.dice) d.pips = 4;
  cv::Mat image = render_scene(scene, 5);
  for (const auto& die : scene.dice) draw_glint(image, die.centre, 0.07f * die.side);
  cv::Mat lab;
  cv::cvtColor(image, lab, cv::COLOR_BGR2Lab);
  for (const auto& die : scene.dice) {
    // One corner pip and the highlight, as a blob reader that took it for a pip would give them.
    const cv::Point2f corner = pip_layout(4).back() * (die.side / 2);
    const float a = static_cast<float>(die.angle_deg * CV_PI / 180);
    const cv::Point2f turned(corner.x * std::cos(a) - corner.y * std::sin(a), corner.x * std::sin(a) + corner.y * std::cos(a));
    const std::vector<cv::Point2f> with_glint{die.centre + turned, die.centre};
    const FacePattern face = read_face_pattern(lab, region_of(die, image.size()), with_glint);
    INFO("die at " << die.centre);
    CHECK(face.consistency[4] > 0.6);
    CHECK(face.consistency[5] < DiceSettings{}.pattern_alike_colour);
    CHECK(face.given_consistency < DiceSettings{}.pattern_alike_colour);
  }
}

namespace {

// A swirl of a marbled face in the pips' own colour: an elongated streak (`length` by
// `width`, in die sides) across the face's centre, soft-edged like the rest of the render.
void draw_swirl(cv::Mat& image, const SceneDie& die, float length, float width, float angle_deg, cv::Scalar colour) {
  cv::Mat spot = cv::Mat::zeros(image.size(), CV_8U);
  cv::ellipse(spot, cv::RotatedRect(die.centre, cv::Size2f(length * die.side, width * die.side), angle_deg),
              cv::Scalar(255), cv::FILLED, cv::LINE_AA);
  paint_spot(image, spot, colour);
}

}  // namespace

TEST_CASE("an elongated swirl in the pips' colour at the centre of a 2 is not a pip", "[dice_vision]") {
  // Marbled dice carry swirls of the pips' colour. One lying across the centre of a 2 sits on
  // the grid point a 3 adds, and both readers took it for that pip (nellbyler's 2 -> 3
  // overcounts). Real pips are round discs; a swirl is about 0.35 by 0.14 of a side.
  // The rules' part: the network takes half of these swirls for a pip (0.93-0.98 surely, the
  // rules 0.84-0.87, as sure as they are of a steep die's side pips), and the default reader
  // follows it (docs/dice-vision.md, known limits).
  ReadOptions rules;
  rules.reader = DieReader::Rules;
  for (const auto& palette : kLowContrast)
    for (const float angle : {20.f, 70.f, 135.f}) {
      Scene scene = tray_of(palette, 0);
      for (std::size_t i = 0; i < scene.dice.size(); ++i) scene.dice[i].pips = i % 2 ? 3 : 2;
      cv::Mat image = render_scene(scene, 13);
      for (const auto& die : scene.dice)
        if (die.pips == 2) draw_swirl(image, die, 0.35f, 0.14f, die.angle_deg + angle, palette.pip);
      const auto dice = read_dice(image, rules);
      for (const auto& die : scene.dice) {
        INFO(palette.name << ", swirl at " << angle << " degrees, value " << die.pips);
        CHECK(nearest(dice, die).pips == die.pips);
      }
    }
}

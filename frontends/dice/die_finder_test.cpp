#include "frontends/dice/die_finder.h"

#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <functional>

#include "frontends/dice/dice_labels.h"
#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/dice_testing.h"
#include "frontends/dice/pip_layout.h"

using namespace puzzlesat::dice_vision;
using namespace puzzlesat::dice_vision::testing;

namespace {

// A plain white tray holding `white` dice of nearly its colour and `coloured` ones, spread
// out on a grid with random values and turns.
Scene white_tray(std::uint64_t seed, int white, int coloured) {
  cv::RNG rng(seed);
  Scene scene;
  scene.table = cv::Scalar(226, 229, 230);
  scene.grain = 0;
  scene.noise = 2;
  scene.shadows = false;  // overhead light: the dice stand out by their outlines alone
  static const cv::Scalar kFaces[] = {{40, 40, 200}, {170, 90, 40}, {60, 150, 40}};
  for (int i = 0; i < white + coloured; ++i) {
    SceneDie d;
    d.pips = rng.uniform(1, 7);
    d.side = rng.uniform(36.f, 44.f);
    d.angle_deg = rng.uniform(0.f, 90.f);
    d.centre = cv::Point2f(110.f + 140 * (i % 4), 120.f + 130 * (i / 4)) + cv::Point2f(rng.uniform(-15.f, 15.f), rng.uniform(-15.f, 15.f));
    if (i < white) {
      d.face = cv::Scalar(232, 236, 236);
    } else {
      d.face = kFaces[i % 3];
      d.pip = cv::Scalar(240, 240, 240);
    }
    scene.dice.push_back(d);
  }
  return scene;
}

// Every die of the rendered scene is found in place in `image` and nothing else is read.
void check_every_die_found_in(const cv::Mat& image, const Scene& scene, std::uint64_t seed) {
  const auto score = score_reading(read_dice(image), sorted_values(scene), labelled_dice(scene));
  INFO("seed " << seed << ": " << score.matched << " of " << scene.dice.size() << " found in place, " << score.correct
               << " right");
  CHECK(score.matched == int(scene.dice.size()));
  CHECK(score.found == int(scene.dice.size()));
}

void check_every_die_found(const Scene& scene, std::uint64_t seed) {
  check_every_die_found_in(render_scene(scene, seed), scene, seed);
}


// A plain grey tray inside a wall (the wall is drawn by `with_tray_wall`).
Scene grey_tray() {
  Scene scene;
  scene.table = cv::Scalar(200, 203, 205);
  scene.grain = 0;
  scene.noise = 2;
  return scene;
}

// `count` dice of side `side` in a row across the tray, at random values and turns.
void add_free_row(Scene& scene, cv::RNG& rng, int count, float side, cv::Point2f first, float step) {
  for (int i = 0; i < count; ++i) {
    SceneDie d;
    d.pips = rng.uniform(1, 7);
    d.side = side;
    d.angle_deg = rng.uniform(0.f, 90.f);
    d.centre = first + cv::Point2f(step * i, rng.uniform(-20.f, 20.f));
    scene.dice.push_back(d);
  }
}

const cv::Rect kTrayInner(70, 60, 500, 360);
const cv::Scalar kWall(120, 122, 124);

// The scene with a tray's wall (a band of darker grey round `kTrayInner`) that goes under
// the dice: the wall is drawn on the empty table, then the dice are pasted over it where
// they change the picture. `adjust` may edit that mask of changed pixels first.
cv::Mat with_tray_wall(const Scene& scene, std::uint64_t seed, const std::function<void(cv::Mat&)>& adjust = {}) {
  Scene empty = scene;
  empty.dice.clear();
  const cv::Mat with = render_scene(scene, seed), without = render_scene(empty, seed);
  cv::Mat image = without.clone();
  cv::rectangle(image, kTrayInner - cv::Point(14, 14) + cv::Size(28, 28), kWall, 28);
  cv::Mat diff;
  cv::absdiff(with, without, diff);
  cv::cvtColor(diff, diff, cv::COLOR_BGR2GRAY);
  cv::Mat changed = diff > 12;
  if (adjust) adjust(changed);
  cv::dilate(changed, changed, cv::Mat());
  with.copyTo(image, changed);
  return image;
}

}  // namespace

TEST_CASE("white dice on a plain white tray are found by their outlines", "[dice_vision]") {
  for (std::uint64_t seed = 0; seed < 4; ++seed) check_every_die_found(white_tray(seed, 5, 3), seed);
}

TEST_CASE("a white die touched by a spur of a coloured die is still found by its outline", "[dice_vision]") {
  // A dark streak (a shadow's edge, a crease) hangs off each coloured die and runs to a
  // white die's outline. The streak is part of the coloured die's foreground; taken for
  // found die, it (with the margin round found dice) would cut the white die's faint
  // outline ring, and the white die would be lost.
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    cv::RNG rng(seed + 40);
    Scene scene;
    scene.table = cv::Scalar(226, 229, 230);
    scene.grain = 0;
    scene.noise = 2;
    scene.shadows = false;
    static const cv::Scalar kFaces[] = {{40, 40, 200}, {170, 90, 40}, {60, 150, 40}};
    std::vector<std::pair<cv::Point2f, cv::Point2f>> streaks;
    for (int i = 0; i < 3; ++i) {
      SceneDie c, w;
      c.pips = rng.uniform(1, 7);
      w.pips = rng.uniform(1, 7);
      c.side = w.side = rng.uniform(36.f, 42.f);
      c.angle_deg = rng.uniform(0.f, 20.f);
      w.angle_deg = rng.uniform(0.f, 20.f);
      c.face = kFaces[i];
      c.pip = cv::Scalar(240, 240, 240);
      w.face = cv::Scalar(232, 236, 236);
      c.centre = cv::Point2f(120.f + 190 * i, 140.f + rng.uniform(-10.f, 10.f));
      w.centre = c.centre + cv::Point2f(rng.uniform(-10.f, 10.f), 2.2f * c.side);
      scene.dice.push_back(c);
      scene.dice.push_back(w);
      streaks.push_back({c.centre + cv::Point2f(0, 0.5f * c.side), w.centre - cv::Point2f(0, 0.5f * w.side)});
    }
    for (int i = 0; i < 2; ++i) {
      SceneDie w;
      w.pips = rng.uniform(1, 7);
      w.side = rng.uniform(36.f, 42.f);
      w.angle_deg = rng.uniform(0.f, 90.f);
      w.face = cv::Scalar(232, 236, 236);
      w.centre = cv::Point2f(200.f + 220 * i, 400.f);
      scene.dice.push_back(w);
    }
    cv::Mat image = render_scene(scene, seed);
    for (const auto& [from, to] : streaks) cv::line(image, from, to, cv::Scalar(70, 75, 80), 2, cv::LINE_AA);
    check_every_die_found_in(image, scene, seed);
  }
}

TEST_CASE("a white tray holding only white dice: the dice are found without a size to go by", "[dice_vision]") {
  for (std::uint64_t seed = 10; seed < 13; ++seed) check_every_die_found(white_tray(seed, 6, 0), seed);
}

TEST_CASE("a block of dice larger than the free ones is not cut into too many pieces", "[dice_vision]") {
  // Free dice of a smaller set give the typical size; a 2 x 2 block of larger dice then
  // holds about seven typical dice by area, but only four dice.
  static const cv::Scalar kFaces[] = {{40, 40, 200}, {60, 150, 40}, {40, 210, 230}, {170, 90, 40}};
  static const cv::Scalar kPips[] = {{240, 240, 240}, {240, 240, 240}, {20, 20, 20}, {60, 220, 240}};
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    cv::RNG rng(seed);
    Scene scene;
    const float big = 46, angle = rng.uniform(0.f, 30.f);
    const float c = std::cos(angle * float(CV_PI) / 180), s = std::sin(angle * float(CV_PI) / 180);
    for (int i = 0; i < 4; ++i) {
      SceneDie d;
      d.pips = rng.uniform(1, 7);
      d.side = big;
      d.angle_deg = angle;
      const cv::Point2f offset(((i % 2) - 0.5f) * big * 1.02f, ((i / 2) - 0.5f) * big * 1.02f);
      d.centre = cv::Point2f(320, 200) + cv::Point2f(c * offset.x - s * offset.y, s * offset.x + c * offset.y);
      d.face = kFaces[(i + seed) % 4];
      d.pip = kPips[(i + seed) % 4];
      scene.dice.push_back(d);
    }
    for (int i = 0; i < 4; ++i) {
      SceneDie d;
      d.pips = rng.uniform(1, 7);
      d.side = 34;
      d.angle_deg = rng.uniform(0.f, 90.f);
      d.centre = cv::Point2f(110.f + 140 * i, 400);
      scene.dice.push_back(d);
    }
    const auto dice = read_dice(render_scene(scene, seed));
    const auto score = score_reading(dice, sorted_values(scene), labelled_dice(scene));
    INFO("seed " << seed << ": " << score.found << " read, " << score.matched << " of 8 in place, " << score.correct
                 << " right");
    CHECK(score.matched == 8);
    CHECK(score.found == 8);
  }
}

TEST_CASE("dice against a tray's wall are cut from the wall's band", "[dice_vision]") {
  // A tray's wall seen from above: a band of darker grey all round, which the dice
  // touching it join into one ring of foreground far too large to be a clump.
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    cv::RNG rng(seed);
    Scene scene = grey_tray();
    const cv::Rect inner = kTrayInner;
    const float side = 38;
    const cv::Point2f against[] = {{inner.x + 0.5f * side - 2, 200}, {330, inner.y + 0.5f * side - 2},
                                   {inner.br().x - 0.5f * side + 2, 300}};
    for (const auto& c : against) {
      SceneDie d;
      d.pips = rng.uniform(1, 7);
      d.side = side;
      d.centre = c;
      scene.dice.push_back(d);
    }
    add_free_row(scene, rng, 3, side, {210, 250}, 110);
    const cv::Mat image = with_tray_wall(scene, seed);
    const auto dice = read_dice(image);
    const auto score = score_reading(dice, sorted_values(scene), labelled_dice(scene));
    INFO("seed " << seed << ": " << score.found << " read, " << score.matched << " of 6 in place");
    CHECK(score.matched == 6);
    CHECK(score.found == 6);
  }
}

TEST_CASE("an oblong bump on a tray's wall is not read as a die", "[dice_vision]") {
  // The wall's inner corners and fittings leave bumps on its band of foreground once the
  // straight stretches are taken away. A bump 1.3 times as long as it is wide, with a
  // dark round mark on it (a screw, a hole), is no die seen from above.
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    cv::RNG rng(seed);
    Scene scene = grey_tray();
    add_free_row(scene, rng, 4, 36, {160, 220}, 110);
    cv::Mat image = render_scene(scene, seed);
    const cv::Rect inner = kTrayInner;
    const cv::Scalar wall = kWall;
    cv::rectangle(image, inner - cv::Point(14, 14) + cv::Size(28, 28), wall, 28);
    const float w = 36 + rng.uniform(-2.f, 2.f), h = w / 1.3f;
    const cv::Rect bump(cvRound(300 + rng.uniform(-40.f, 40.f)), cvRound(inner.br().y - h + 1), cvRound(w), cvRound(h));
    cv::rectangle(image, bump, wall, cv::FILLED);
    cv::circle(image, (bump.tl() + bump.br()) / 2, 5, cv::Scalar(25, 25, 25), cv::FILLED, cv::LINE_AA);
    cv::GaussianBlur(image, image, {3, 3}, 0.7);
    const auto score = score_reading(read_dice(image), sorted_values(scene), labelled_dice(scene));
    INFO("seed " << seed << ": " << score.found << " read, " << score.matched << " of 4 in place");
    CHECK(score.matched == 4);
    CHECK(score.found == 4);
  }
}

TEST_CASE("a die larger than the others against a tray's wall is cut from the wall whole", "[dice_vision]") {
  // The typical die errs small and a die against the wall takes some of the wall's shading
  // with it, so the bump it makes on the wall's band measures up to three typical dice; it
  // is still one square die, not a clump (two dice side by side make an oblong bump).
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    cv::RNG rng(seed);
    Scene scene = grey_tray();
    scene.shadows = false;  // a shadow pasted over the wall would show the table between die and wall
    const cv::Rect inner = kTrayInner;
    SceneDie big;
    big.pips = rng.uniform(1, 7);
    big.face = cv::Scalar(40, 40, 190);  // a red die, as the photos' (its face all foreground)
    big.pip = cv::Scalar(235, 235, 235);
    big.side = 58;
    big.centre = cv::Point2f(280.f + rng.uniform(-40.f, 40.f), inner.br().y - 0.5f * big.side + 2);
    scene.dice.push_back(big);
    add_free_row(scene, rng, 4, 36, {160, 180}, 110);
    const cv::Mat image = with_tray_wall(scene, seed, [&](cv::Mat& changed) {
      // The big die's light rim would part it from the wall: the wall runs up to its face.
      cv::Point2f corners[4];
      cv::RotatedRect(big.centre, cv::Size2f(big.side - 6, big.side - 6), big.angle_deg).points(corners);
      std::vector<cv::Point> face(corners, corners + 4);
      cv::Mat rim = cv::Mat::zeros(changed.size(), CV_8U);
      cv::rectangle(rim, cv::Rect(big.centre - cv::Point2f(big.side, big.side), cv::Size2f(2 * big.side, 2 * big.side)), 255, cv::FILLED);
      changed.setTo(0, rim);
      cv::fillConvexPoly(changed, face, 255);
    });
    const auto score = score_reading(read_dice(image), sorted_values(scene), labelled_dice(scene));
    INFO("seed " << seed << ": " << score.found << " read, " << score.matched << " of 5 in place, " << score.correct
                 << " right");
    CHECK(score.matched == 5);
    CHECK(score.found == 5);
  }
}

TEST_CASE("a streak hanging off a die does not stretch the die's region", "[dice_vision]") {
  // A thin dark streak (a crease in the tray, a shadow's edge, a hair) running from a
  // die's side out over the table joins the die's foreground; its convex hull would then
  // span the table along the streak, and the face would be looked for in the wrong place.
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    cv::RNG rng(seed);
    Scene scene;
    for (int i = 0; i < 4; ++i) {
      SceneDie d;
      d.pips = rng.uniform(1, 7);
      d.side = rng.uniform(36.f, 44.f);
      d.angle_deg = rng.uniform(0.f, 90.f);
      d.centre = cv::Point2f(100.f + 150 * i, 240.f + rng.uniform(-30.f, 30.f));
      scene.dice.push_back(d);
    }
    cv::Mat image = render_scene(scene, seed);
    for (const auto& d : scene.dice) {
      // From the middle of the die's lower side, straight down and a bit aside.
      const float a = (d.angle_deg + 90) * float(CV_PI) / 180;
      const cv::Point2f out(std::cos(a), std::sin(a));
      const cv::Point2f from = d.centre + out * (0.5f * d.side + 1), to = from + out * (1.3f * d.side) + cv::Point2f(8, 0);
      cv::line(image, from, to, cv::Scalar(70, 75, 80), 2, cv::LINE_AA);
    }
    const auto dice = read_dice(image);
    const auto score = score_reading(dice, sorted_values(scene), labelled_dice(scene));
    INFO("seed " << seed << ": " << score.found << " read, " << score.matched << " of 4 in place, " << score.correct
                 << " right");
    CHECK(score.found == 4);
    CHECK(score.correct == 4);
    for (const auto& die : dice) {
      // The box is the die's own, give or take its rim: not stretched along the streak.
      bool fits = false;
      for (const auto& d : scene.dice) {
        const cv::Rect truth = die_box(d);
        fits = fits || (die.box & truth).area() >= 0.7 * (die.box | truth).area();
      }
      INFO("box " << die.box);
      CHECK(fits);
    }
  }
}

TEST_CASE("a die much larger than the others is read whole and not cut into pieces", "[dice_vision]") {
  // A die of a bigger set (or nearer the camera) has two to three times the area of the
  // typical die, so its area alone counts it as a clump of three; but it is one square.
  static const cv::Scalar kFaces[] = {{40, 40, 200}, {60, 150, 40}, {30, 30, 30}, {40, 210, 230}};
  static const cv::Scalar kPips[] = {{240, 240, 240}, {240, 240, 240}, {240, 240, 240}, {20, 20, 20}};
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    cv::RNG rng(seed);
    Scene scene;
    for (int i = 0; i < 5; ++i) {
      SceneDie d;
      d.pips = rng.uniform(1, 7);
      d.side = i == 0 ? 60 : 36;
      d.angle_deg = rng.uniform(0.f, 90.f);
      d.centre = i == 0 ? cv::Point2f(320, 150) : cv::Point2f(110.f + 140 * (i - 1), 350.f + rng.uniform(-20.f, 20.f));
      d.face = kFaces[(i + seed) % 4];
      d.pip = kPips[(i + seed) % 4];
      scene.dice.push_back(d);
    }
    const auto score = score_reading(read_dice(render_scene(scene, seed)), sorted_values(scene), labelled_dice(scene));
    INFO("seed " << seed << ": " << score.found << " read, " << score.matched << " of 5 in place, " << score.correct
                 << " right");
    CHECK(score.matched == 5);
    CHECK(score.found == 5);
    CHECK(score.correct == 5);
  }
}

TEST_CASE("two touching dice unlike in size are cut in two", "[dice_vision]") {
  // A large die with a smaller one against its side: about two typical dice by area (too
  // few to count as two by area alone), not oblong enough to count as two by shape, but
  // its two halves are far squarer than the whole.
  static const cv::Scalar kFaces[] = {{30, 30, 30}, {40, 40, 200}, {60, 150, 40}, {170, 90, 40}};
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    cv::RNG rng(seed + 60);
    Scene scene;
    for (int i = 0; i < 4; ++i) {
      SceneDie d;
      d.pips = rng.uniform(1, 7);
      d.side = 36;
      d.angle_deg = rng.uniform(0.f, 90.f);
      d.centre = cv::Point2f(100.f + 150 * i, 380.f + rng.uniform(-20.f, 20.f));
      scene.dice.push_back(d);
    }
    SceneDie big, small;
    big.pips = rng.uniform(1, 7);
    small.pips = rng.uniform(1, 7);
    big.side = 42;
    small.side = 28;
    big.face = kFaces[seed % 4];
    small.face = kFaces[(seed + 2) % 4];
    big.pip = small.pip = cv::Scalar(235, 235, 235);
    big.centre = cv::Point2f(300.f + rng.uniform(-30.f, 30.f), 150);
    small.centre = big.centre + cv::Point2f(12, 0.5f * (big.side + small.side) + 1);
    scene.dice.push_back(big);
    scene.dice.push_back(small);
    const auto score = score_reading(read_dice(render_scene(scene, seed)), sorted_values(scene), labelled_dice(scene));
    INFO("seed " << seed << ": " << score.found << " read, " << score.matched << " of 6 in place, " << score.correct
                 << " right");
    CHECK(score.matched == 6);
    CHECK(score.found == 6);
  }
}

TEST_CASE("white dice with a one-pixel outline are found on a white tray", "[dice_vision]") {
  // Seen straight down under soft light, a white die on a white tray shows its outline as
  // a ring a pixel wide, 30 levels darker than the tray (the renderer's rim is wider and
  // darker), which clearing specks would erase.
  // Three coloured dice give the die size.
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    const Scene scene = white_tray(seed + 20, 5, 3);
    Scene coloured = scene;
    std::erase_if(coloured.dice, [](const SceneDie& d) { return d.face[0] > 200; });
    cv::Mat image = render_scene(coloured, seed);
    for (const auto& d : scene.dice) {
      if (d.face[0] <= 200) continue;
      constexpr int kShift = 4;  // sub-pixel bits for OpenCV's drawing
      constexpr float kSub = 1 << kShift;
      cv::Point2f corners[4];
      cv::RotatedRect(d.centre, cv::Size2f(d.side, d.side), d.angle_deg).points(corners);
      std::vector<cv::Point> outline;
      for (const auto& c : corners) outline.emplace_back(cvRound(c.x * kSub), cvRound(c.y * kSub));
      cv::fillConvexPoly(image, outline, d.face, cv::LINE_AA, kShift);
      cv::polylines(image, outline, true, cv::Scalar::all(200), 1, cv::LINE_AA, kShift);
      const float half = 0.5f * d.side, a = d.angle_deg * float(CV_PI) / 180;
      for (const auto& p : pip_layout(d.pips)) {
        const cv::Point2f q(p.x * std::cos(a) - p.y * std::sin(a), p.x * std::sin(a) + p.y * std::cos(a));
        const cv::Point2f c = d.centre + q * half;
        cv::circle(image, cv::Point(cvRound(c.x * kSub), cvRound(c.y * kSub)), cvRound(kPipRadius * half * kSub), d.pip,
                   cv::FILLED, cv::LINE_AA, kShift);
      }
    }
    cv::GaussianBlur(image, image, {3, 3}, 0.7);
    check_every_die_found_in(image, scene, seed);
  }
}

TEST_CASE("outlined faces count pips lighter than the face as well as darker ones", "[dice_vision]") {
  // Varied scenes 55 (a translucent green die with white pips) and 111 (a pink die with
  // green pips among cards), written as scripts/dice-render-bench writes them, went unread
  // when outlined faces asked pips 40 darker than the face; with pips lighter or barely
  // darker allowed (finder_outline_pip_contrast) both read right. Scene 111 still needs the
  // outlined face; scene 55's die is also read without it since the model was retrained
  // (its veto no longer drops the rules' reading). The lamp that later lit scene 55 is put
  // out, so the scenes stay those the finder missed. (Scene 111's die with its pips as now
  // drawn, smaller, is not found at all.)
  for (const std::uint64_t seed : {55, 111}) {
    Scene scene = varied_scene(seed);
    for (auto& d : scene.dice) {
      d.highlight = 0;
      // And its pips as drawn then, before varied scenes drew pips smaller and spread
      // them as makers do (07d2f3b): the same draw mapped back to the range of then,
      // 0.75-1.3.
      const float u = (d.pip_size - kVariedPipSizeMin) / (kVariedPipSizeMax - kVariedPipSizeMin);
      d.pip_size = 0.75f + 0.55f * u;
      d.pip_spread = 1;
      d.edge_light = 0;  // and no lit edge (3beb6fd)
      d.translucent = 0;  // nor a clear body or a logo (3f3d808, cf2c04a)
      d.logo = SceneDie::Logo::None;
    }
    const cv::Mat photo = render_jpeg(scene, seed);
    const std::vector<int> read = read_values(photo);
    // What is tested is the finder: scene 111's die is found only with the outlined faces.
    // Its value is another matter: the rules read its 2 as a 1 in doubt, which the model
    // of 07d2f3b overruled and the model of 3beb6fd does not.
    ReadOptions no_outlines;
    no_outlines.settings.finder_outline_pip_contrast = 255;
    no_outlines.settings.reader_closeup_pad = 0;  // nor read again as a close-up, which finds it too
    INFO("varied scene " << seed);
    if (seed == 55) CHECK(read == sorted_values(scene));
    CHECK(read.size() == scene.dice.size());
    if (seed == 111) CHECK(read_values(photo, no_outlines).empty());
  }
}

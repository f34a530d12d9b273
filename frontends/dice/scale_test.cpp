// Scale first (issue #19): the reader reads dice of a few hundred pixels in a phone photo
// as it reads dice of tens of pixels in a webcam frame. On renders only: plain_scene draws
// the phone photo the dev photos do not show.
#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <utility>
#include <vector>

#include "frontends/dice/dice_labels.h"
#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/dice_testing.h"
#include "frontends/image/image_file.h"

using namespace puzzlesat::dice_vision;
using namespace puzzlesat::dice_vision::testing;

namespace {

cv::Mat scaled(const cv::Mat& image, double factor) {
  cv::Mat out;
  cv::resize(image, out, cv::Size(), factor, factor, factor < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
  return out;
}

// Five white dice with black pips, `side` pixels across, on light wood in a 640×480 frame.
Scene webcam_scene(std::uint64_t seed, float side) {
  SceneOptions o;
  o.min_side = side * 0.95f;
  o.max_side = side * 1.05f;
  return random_scene(seed, o);
}

}  // namespace

TEST_CASE("plain scenes are phone photos of white dice 200-600 px across", "[dice_vision][scene]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Scene scene = plain_scene(seed);
    INFO("seed " << seed);
    const double mp = scene.size.area() / 1e6;
    CHECK(mp >= 1.9);
    CHECK(mp <= 9.1);
    CHECK(scene.dice.size() >= 3);
    for (const auto& d : scene.dice) {
      CHECK(d.side >= 190);
      CHECK(d.side <= 630);
      CHECK(d.face[0] > 200);  // white body, black pips
      CHECK(d.pip[0] < 60);
    }
    CHECK((scene.surface == Surface::Cardboard || scene.surface == Surface::Wood || scene.surface == Surface::Paper));
    CHECK(plain_scene(seed).dice.size() == scene.dice.size());
  }
}

namespace {

// The largest slant of any die of plain_scene(seed, o), seeds 1..20, and the range of
// their side_light.
struct Slants {
  double most_lean = 0;
  float least_light = 1, most_light = 0;
};
Slants slants(const PlainSceneOptions& o) {
  Slants out;
  for (std::uint64_t seed = 1; seed <= 20; ++seed)
    for (const auto& d : plain_scene(seed, o).dice) {
      out.most_lean = std::max(out.most_lean, double(cv::norm(d.lean)));
      out.least_light = std::min(out.least_light, d.side_light);
      out.most_light = std::max(out.most_light, d.side_light);
    }
  return out;
}

}  // namespace

// Steep scenes (dice-scene --plain --steep) slant their dice up to 0.55 of a side in x and
// y and light their sides 0.8-1 of the top; plain scenes slant up to 0.3 and leave the
// sides shaded by the slant (side_light 0).
TEST_CASE("steep plain scenes slant every die further and light its sides", "[dice_vision][scene]") {
  PlainSceneOptions steep;
  steep.steep = true;
  const Slants plain = slants({}), seen = slants(steep);
  CHECK(plain.most_lean <= 0.3 * std::sqrt(2.0) + 1e-6);
  CHECK(plain.most_light == 0);
  CHECK(seen.most_lean > 0.5);
  CHECK(seen.most_lean <= 0.55 * std::sqrt(2.0) + 1e-6);
  CHECK(seen.least_light >= 0.8f);
  CHECK(seen.most_light <= 1.0f);
  for (std::uint64_t seed = 1; seed <= 20; ++seed)
    for (const auto& d : plain_scene(seed, steep).dice) CHECK(cv::norm(d.lean) > 0);  // every one slanted
}

TEST_CASE("coloured plain scenes are the same scenes with about half the dice coloured", "[dice_vision][scene]") {
  PlainSceneOptions coloured;
  coloured.coloured = true;
  int dice = 0, coloured_dice = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Scene white = plain_scene(seed), mixed = plain_scene(seed, coloured);
    INFO("seed " << seed);
    CHECK(mixed.size == white.size);
    CHECK(mixed.surface == white.surface);
    REQUIRE(mixed.dice.size() == white.dice.size());
    for (std::size_t i = 0; i < white.dice.size(); ++i) {
      CHECK(mixed.dice[i].pips == white.dice[i].pips);
      CHECK(mixed.dice[i].centre == white.dice[i].centre);
      CHECK(mixed.dice[i].side == white.dice[i].side);
      const bool is_coloured = mixed.dice[i].face != white.dice[i].face;
      coloured_dice += is_coloured;
      ++dice;
      if (!is_coloured) continue;
      // Pips that stand out from the body, light on dark or dark on yellow.
      const auto lightness = [](const cv::Scalar& c) { return 0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2]; };
      CHECK(std::abs(lightness(mixed.dice[i].face) - lightness(mixed.dice[i].pip)) > 80);
    }
  }
  CHECK(coloured_dice >= 0.3 * dice);
  CHECK(coloured_dice <= 0.7 * dice);
}

TEST_CASE("a coloured die among white ones is a die, not an odd key cap", "[dice_vision]") {
  // Plain scenes 9 and 28 with coloured dice: a die with light pips on a dark body among
  // white dice with black pips, its side faces costing it a little confidence, was dropped
  // as a key cap would be (drop_odd_colours); the learned reader vouches for it.
  PlainSceneOptions coloured;
  coloured.coloured = true;
  for (std::uint64_t seed : {9, 28}) {
    INFO("seed " << seed);
    const Scene scene = plain_scene(seed, coloured);
    const cv::Mat photo = render_jpeg(scene, seed);
    CHECK(read_values(photo) == sorted_values(scene));
    DiceSettings never;
    never.agree_vouched = 1;
    ReadOptions options;
    options.settings = never;
    CHECK(read_values(photo, options).size() + 1 == scene.dice.size());
  }
}

TEST_CASE("a phone photo of large dice reads as the same photo shrunk to 640 px", "[dice_vision]") {
  // Seeds 1, 2 and 5 are cardboard and wood, read exactly at full size.
  for (const std::uint64_t seed : {1, 2, 5}) {
    const Scene scene = plain_scene(seed);
    const cv::Mat photo = render_scene(scene, seed);
    INFO("seed " << seed << ", " << photo.cols << "x" << photo.rows);
    REQUIRE(std::max(photo.cols, photo.rows) >= 2000);
    const auto full = read_values(photo);
    CHECK(full == sorted_values(scene));
    CHECK(read_values(scaled(photo, 640.0 / std::max(photo.cols, photo.rows))) == full);
  }
}

TEST_CASE("a webcam frame reads the same scaled up 2x and 4x and down to half", "[dice_vision]") {
  // Dice 60 px across: 120 and 240 px scaled up (beyond the dev photos' sizes, where the
  // reader reads them again at reader_die_target), 30 px scaled down.
  int same = 0, total = 0;
  for (std::uint64_t seed = 700; seed < 706; ++seed) {
    const Scene scene = webcam_scene(seed, 60);
    const cv::Mat photo = render_scene(scene, seed);
    const auto original = read_values(photo);
    INFO("seed " << seed);
    CHECK(original == sorted_values(scene));
    for (const double f : {2.0, 4.0, 0.5}) {
      INFO("factor " << f);
      const bool alike = read_values(scaled(photo, f)) == original;
      CHECK(alike);
      same += alike;
      ++total;
    }
  }
  CHECK(same == total);
}

TEST_CASE("large dice are read again at the canonical die size", "[dice_vision]") {
  // Varied scenes 16 and 39 (dice 144 and 362 px across): read at the working size alone,
  // a glint or a side face's pip counts as a pip (5 read as 6, 1 as 2); read again with
  // the dice reader_die_target wide, they read right.
  const auto check = [](const Scene& scene, std::uint64_t seed) {
    INFO("seed " << seed);
    // As scripts/dice-render-bench writes it: a JPEG at quality 95.
    const cv::Mat photo = render_jpeg(scene, seed);
    const auto dice = read_dice(photo);
    CHECK(sorted_values(dice) == sorted_values(scene));
    // The boxes are in the photo's pixels, whatever size the dice were read at.
    const auto score = score_reading(dice, sorted_values(scene), labelled_dice(scene));
    CHECK(score.matched == score.labelled);
  };
  check(varied_scene(16), 16);
  check(varied_scene(39), 39);
}

TEST_CASE("small dice are read again enlarged to the canonical size", "[dice_vision]") {
  // Varied scene 32 halved (its die read 17 px across, under reader_die_min) and saved again at
  // quality 95: read at its own size, its 3's pips run together and it reads as a 1; read
  // again with the photo enlarged so the die is reader_small_target wide, it reads right.
  const std::uint64_t seed = 32;
  const Scene scene = varied_scene(seed);
  const cv::Mat half = scaled(render_jpeg(scene, seed), 0.5);
  const cv::Mat photo = puzzlesat::image::decode_image(puzzlesat::image::encode_jpeg(half, 95));
  const auto dice = read_dice(photo);
  CHECK(sorted_values(dice) == sorted_values(scene));
  // The boxes are in the photo's pixels, whatever size the dice were read at.
  std::vector<LabelledDie> labels = labelled_dice(scene);
  for (auto& l : labels) l.box = cv::Rect2d(l.box.x / 2, l.box.y / 2, l.box.width / 2, l.box.height / 2);
  const auto score = score_reading(dice, sorted_values(scene), labels);
  CHECK(score.matched == score.labelled);
  ReadOptions once;
  once.settings.reader_die_min = 0;
  CHECK(read_values(photo, once) != sorted_values(scene));
}

TEST_CASE("white dice on white paper: their pips alone are not the typical die", "[dice_vision]") {
  // Plain scene 28: four white dice on white paper whose faces match the paper; the
  // finder used to take their pips for dice and read nothing. Now the faces' holes are
  // filled and the dice found whole set the typical die.
  const Scene scene = plain_scene(28);
  REQUIRE(scene.surface == Surface::Paper);
  CHECK(read_values(render_scene(scene, 28)) == sorted_values(scene));
}

TEST_CASE("white dice on printed paper are found by their faces' outlines", "[dice_vision][sweep]") {
  // Plain scenes 1..20, as scripts/dice-render-bench writes them (JPEG at quality 95): the
  // dice the table model saw only in pieces (a grey rim on paper of nearly the face's
  // colour, print touching it) are found as outlined faces holding pips. Measured: 15 of
  // 20 read exactly before the outline pass, 18 with it; the floor leaves a photo's margin.
  int exact = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Scene scene = plain_scene(seed);
    const cv::Mat photo = render_jpeg(scene, seed);
    const bool right = read_values(photo) == sorted_values(scene);
    UNSCOPED_INFO("seed " << seed << (right ? " exact" : " missed"));
    exact += right;
  }
  CHECK(exact >= 17);
  // Scene 19: four dice on printed paper, none found by the table model.
  const Scene scene = plain_scene(19);
  REQUIRE(scene.surface == Surface::Paper);
  const cv::Mat photo = render_jpeg(scene, 19);
  CHECK(read_values(photo) == sorted_values(scene));
}

namespace {

// Each die of `scene` that lies clear of the others, cut out with `context` times its
// labelled box's longer side around it: {read alone as that one die with the box on it,
// dice cut}, read with `options`.
std::pair<int, int> closeups(const Scene& scene, std::uint64_t seed, double context, const ReadOptions& options) {
  const cv::Mat photo = render_jpeg(scene, seed);
  const auto labels = labelled_dice(scene);
  std::vector<cv::Rect> boxes;
  for (const auto& l : labels) boxes.emplace_back(l.box);
  int right = 0, cut = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const cv::Rect die = boxes[i];
    const cv::Rect crop = crop_alone(die, context, photo.size(), boxes);
    if (crop.empty()) continue;
    ++cut;
    const auto alone = read_dice(photo(crop).clone(), options);
    const cv::Rect truth = die - crop.tl();
    right += alone.size() == 1 && alone[0].pips == labels[i].pips &&
             (alone[0].box & truth).area() >= 0.5 * truth.area();
  }
  return {right, cut};
}

}  // namespace

// A photo of one die that fills most of the frame: the finder's table model, a median over a
// fifth of the photo, takes the die for table, and the die is larger than any it looks for.
// Read again with the photo's edges repeated round it (reader_closeup_pad), it is a die on a
// table. On webcam scenes (dice 60 px) and phone scenes (200-600 px), each die cut out at
// 1.4 and 2 times its side: read right, with its box on it.
TEST_CASE("a close-up of one die reads as that die", "[dice_vision]") {
  ReadOptions off;
  off.settings.reader_closeup_pad = 0;
  for (const double context : {1.4, 2.0}) {
    int right = 0, right_off = 0, cut = 0;
    for (std::uint64_t seed = 700; seed < 704; ++seed) {
      const Scene scene = webcam_scene(seed, 60);
      const auto [r, n] = closeups(scene, seed, context, {});
      right += r, cut += n;
      right_off += closeups(scene, seed, context, off).first;
    }
    for (const std::uint64_t seed : {1, 2, 5}) {
      const Scene scene = plain_scene(seed);
      const auto [r, n] = closeups(scene, seed, context, {});
      right += r, cut += n;
      right_off += closeups(scene, seed, context, off).first;
    }
    INFO("cut at " << context << "x: " << right << " of " << cut << " read right, " << right_off
                   << " without reader_closeup_pad");
    CHECK(cut >= 10);
    CHECK(right >= 0.9 * cut);
    // Cut at 2x, the table round the die is enough for the first reading (29 of 29 on
    // 2 Dec 2026); at 1.4x it finds 5 of 32.
    if (context < 2) CHECK(right_off <= 0.3 * cut);
  }
}

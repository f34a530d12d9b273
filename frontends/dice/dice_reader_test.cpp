#include "frontends/dice/dice_reader.h"

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <puzzlesat/input_error.h>
#include "frontends/dice/dice_labels.h"
#include "frontends/dice/dice_scene.h"

using namespace puzzlesat::dice_vision;

namespace {

// Reads `count` random scenes of one kind; returns how many were read exactly and checks
// every die was found in its place.
int exact_readings(const SceneOptions& options, int count, std::uint64_t first_seed) {
  int exact = 0;
  for (int i = 0; i < count; ++i) {
    const Scene scene = random_scene(first_seed + i, options);
    const auto dice = read_dice(render_scene(scene, first_seed + i));
    const auto score = score_reading(dice, sorted_values(scene), labelled_dice(scene));
    INFO("seed " << first_seed + i);
    CHECK(score.found == score.labelled);
    exact += score.exact;
    for (const auto& d : dice) {
      CHECK(d.confidence >= 0);
      CHECK(d.confidence <= 1);
    }
  }
  return exact;
}

}  // namespace

TEST_CASE("every value 1..6 is read on a clean white die", "[dice_vision]") {
  for (int pips = 1; pips <= 6; ++pips) {
    Scene scene;
    SceneDie die;
    die.pips = pips;
    die.centre = {320, 240};
    die.side = 70;
    die.angle_deg = 10.f * pips;
    scene.dice.push_back(die);
    const auto dice = read_dice(render_scene(scene, pips));
    REQUIRE(dice.size() == 1);
    CHECK(dice[0].pips == pips);
    CHECK(dice[0].confidence > 0.5);
    CHECK((cv::Rect2d(dice[0].box) & cv::Rect2d(die_box(die))).area() > 0.6 * die_box(die).area());
  }
}

TEST_CASE("white dice on light wood are read", "[dice_vision]") {
  CHECK(exact_readings({}, 12, 100) >= 10);
}

TEST_CASE("coloured dice with dark or light pips on a dark table are read", "[dice_vision]") {
  SceneOptions options;
  options.dark_table = true;
  options.coloured = true;
  options.dice = 8;
  options.min_side = 30;
  options.max_side = 45;
  CHECK(exact_readings(options, 12, 200) >= 10);
}

TEST_CASE("coloured dice on a light table are read", "[dice_vision]") {
  SceneOptions options;
  options.coloured = true;
  options.dice = 8;
  options.min_side = 26;
  options.max_side = 40;
  CHECK(exact_readings(options, 12, 300) >= 10);
}

TEST_CASE("two dice pressed together are split apart", "[dice_vision]") {
  SceneOptions options;
  options.touching = true;
  options.dice = 3;
  CHECK(exact_readings(options, 10, 400) >= 9);
}

TEST_CASE("a clump of nine dice of many colours pressed together is split into nine", "[dice_vision]") {
  // A crowded tray: a staircase of 4 + 3 + 2 touching dice, slightly turned, and three free
  // dice that show the size of one. The clump holds nine dice by area; neighbours of
  // different colours are cut along their seam.
  static const cv::Scalar kFaces[] = {{40, 40, 200}, {60, 150, 40}, {40, 210, 230}, {170, 90, 40}, {235, 240, 240}};
  static const cv::Scalar kPips[] = {{240, 240, 240}, {240, 240, 240}, {20, 20, 20}, {60, 220, 240}, {30, 30, 30}};
  int exact = 0;
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    cv::RNG rng(seed);
    Scene scene;
    const float side = 40, angle = rng.uniform(0.f, 20.f);
    const cv::Point2f centre(320, 240);
    const float c = std::cos(angle * float(CV_PI) / 180), s = std::sin(angle * float(CV_PI) / 180);
    for (int row = -1; row <= 1; ++row)
      for (int col = -1; col <= 2 - (row + 1); ++col) {
        SceneDie d;
        d.pips = rng.uniform(1, 7);
        d.side = side;
        d.angle_deg = angle;
        const cv::Point2f offset(col * side * 1.02f, row * side * 1.02f);
        d.centre = centre + cv::Point2f(c * offset.x - s * offset.y, s * offset.x + c * offset.y);
        const int k = (row + 1) * 3 + col + 1 + static_cast<int>(seed);
        d.face = kFaces[k % 5];
        d.pip = kPips[k % 5];
        scene.dice.push_back(d);
      }
    for (int i = 0; i < 3; ++i) {
      SceneDie d;
      d.pips = rng.uniform(1, 7);
      d.side = side;
      d.angle_deg = rng.uniform(0.f, 90.f);
      d.centre = cv::Point2f(100 + 200 * i, 400);
      scene.dice.push_back(d);
    }
    const auto dice = read_dice(render_scene(scene, seed));
    const auto score = score_reading(dice, sorted_values(scene), labelled_dice(scene));
    INFO("seed " << seed << ": " << score.matched << " found in place, " << score.correct << " right");
    CHECK(score.matched >= 11);
    CHECK(score.correct >= 10);
    exact += score.exact;
  }
  CHECK(exact >= 2);
}

TEST_CASE("an empty table shows no dice", "[dice_vision]") {
  Scene scene;
  CHECK(read_dice(render_scene(scene, 5)).empty());
  const cv::Mat grey(200, 300, CV_8U, cv::Scalar(128));
  CHECK(read_dice(grey).empty());
  // Too small or narrow for a die (load_image refuses such files): no die, not an OpenCV
  // assertion from a copy shrunk to no pixels.
  for (const cv::Size size : {cv::Size(5000, 2), cv::Size(2, 5000), cv::Size(1, 1), cv::Size(31, 200)}) {
    INFO(size.width << "x" << size.height);
    CHECK(read_dice(cv::Mat(size, CV_8UC3, cv::Scalar(120, 140, 160))).empty());
  }
}

TEST_CASE("bad images are input errors", "[dice_vision]") {
  using puzzlesat::InputError;
  CHECK_THROWS_AS(read_dice(cv::Mat()), InputError);
  CHECK_THROWS_AS(read_dice_file("/no/such/dice.jpg"), InputError);
  const auto dir = std::filesystem::temp_directory_path();
  const auto text = dir / "puzzlesat_dice_not_an_image.jpg";
  std::ofstream(text) << "these are not pixels\n";
  CHECK_THROWS_AS(read_dice_file(text.string()), InputError);
  const auto empty = dir / "puzzlesat_dice_empty.png";
  std::ofstream(empty).close();
  CHECK_THROWS_AS(read_dice_file(empty.string()), InputError);
  CHECK_THROWS_AS(read_dice_file(dir.string()), InputError);
  std::filesystem::remove(text);
  std::filesystem::remove(empty);
}

namespace {

using Pip = std::pair<cv::Point, cv::Size>;  // an ellipse: centre and half-axes

// A plain table to draw dice on directly, of the renderer's wood colour.
cv::Mat plain_table() { return cv::Mat(480, 640, CV_8UC3, cv::Scalar(70, 110, 150)); }

// A white die as its outline (a slanted view makes it a rectangle, not a square) with
// dark elliptical pips.
void draw_outline(cv::Mat& image, cv::Rect outline, std::initializer_list<Pip> pips) {
  cv::rectangle(image, outline, cv::Scalar(235, 238, 240), cv::FILLED, cv::LINE_AA);
  for (const auto& [centre, axes] : pips)
    cv::ellipse(image, centre, axes, 0, 0, 360, cv::Scalar(30, 30, 30), cv::FILLED, cv::LINE_AA);
}

// A white die drawn square-on with `pips` pips (layout of a real die, no rotation).
void draw_die(cv::Mat& image, cv::Point centre, int side, int pips) {
  cv::rectangle(image, cv::Rect(centre.x - side / 2, centre.y - side / 2, side, side), cv::Scalar(235, 238, 240),
                cv::FILLED, cv::LINE_AA);
  const int d = side / 4;
  const auto pip = [&](int dx, int dy) {
    cv::circle(image, centre + cv::Point(dx, dy), side / 12, cv::Scalar(30, 30, 30), cv::FILLED, cv::LINE_AA);
  };
  if (pips % 2) pip(0, 0);
  if (pips >= 2) pip(-d, -d), pip(d, d);
  if (pips >= 4) pip(d, -d), pip(-d, d);
  if (pips == 6) pip(-d, 0), pip(d, 0);
}

// The drawing softened as a camera would, then read: the values, sorted.
std::vector<int> read_blurred_values(cv::Mat image, const ReadOptions& options = {}) {
  cv::GaussianBlur(image, image, {3, 3}, 0);
  std::vector<int> values;
  for (const auto& d : read_dice(image, options)) values.push_back(d.pips);
  std::sort(values.begin(), values.end());
  return values;
}

// An outline taller than wide (seen at a slant) holding a pip on its top face and a
// second pip on the diagonal below it, each an ellipse of the given half-axes.
std::vector<int> read_slanted_die(cv::Size top_pip, cv::Size second_pip) {
  cv::Mat image = plain_table();
  draw_outline(image, cv::Rect(285, 195, 70, 90), {{{308, 218}, top_pip}, {{332, 242}, second_pip}});
  return read_blurred_values(image);
}

// A photo of free dice (the typical size) and one die at the bottom edge of the frame,
// `cut` pixels of its 60-pixel top face below the frame; when `cut` is 0, its near side
// face (a grey band) runs off the frame instead.
std::vector<int> read_with_die_at_frame(int cut) {
  cv::Mat image = plain_table();
  draw_die(image, {150, 150}, 60, 3);
  draw_die(image, {450, 150}, 60, 6);
  const int top = 480 - 60 + cut - (cut == 0 ? 14 : 0);
  if (cut == 0) cv::rectangle(image, cv::Rect(290, top + 60, 60, 480 - top - 60), cv::Scalar(160, 165, 170), cv::FILLED);
  draw_die(image, {320, top + 30}, 60, 5);
  return read_blurred_values(image);
}

}  // namespace

TEST_CASE("two pips squashed alike are a 2, a top pip and a side-face pip are not", "[dice_vision]") {
  // Seen at a slant, the top face's pips are squashed the same way (wider than tall).
  CHECK(read_slanted_die({5, 3}, {5, 3}) == std::vector<int>{2});
  // A pip on a side face is squashed across the other way; it cannot pair with the top pip.
  CHECK(read_slanted_die({5, 3}, {3, 5}) == std::vector<int>{1});
}

TEST_CASE("a face seen at a slant, pips and spacing squashed alike, reads right", "[dice_vision]") {
  // A 4 whose face is squashed to two thirds of its height: the pips are ellipses and
  // their spacing is a wide rectangle, which fits a square layout only once stretched back.
  cv::Mat image = plain_table();
  draw_outline(image, cv::Rect(280, 215, 80, 50),
               {{{293, 222}, {6, 4}}, {{347, 222}, {6, 4}}, {{293, 258}, {6, 4}}, {{347, 258}, {6, 4}}});
  CHECK(read_blurred_values(image) == std::vector<int>{4});
}

TEST_CASE("a pip below the top face that a slant allows is not one of its pips", "[dice_vision]") {
  // A 1 seen at a slant: the top face (the upper 42 px of a 70 px wide outline, its pip
  // squashed to 0.6 as it is) and the front face below it, with a pip squashed alike
  // that would pair with the top pip into a 2.
  cv::Mat image = plain_table();
  draw_outline(image, cv::Rect(285, 190, 70, 100), {{{320, 211}, {5, 3}}, {{338, 255}, {5, 3}}});
  CHECK(read_blurred_values(image) == std::vector<int>{1});
}

TEST_CASE("a steeply seen 1 is read from the top face the slant allows", "[dice_vision]") {
  // The pip is flatter than a square-on pip (0.57) and sits well above the outline's middle,
  // where a die photographed steeply from the front has its top face. Read by the rules:
  // the model, which learned dice from renders, calls this bare outline "not a die" at
  // 0.85-0.9 and its veto (0.85) drops it; the slant is the rules' to read.
  cv::Mat image = plain_table();
  draw_outline(image, cv::Rect(285, 200, 70, 80), {{{320, 214}, {7, 4}}});
  ReadOptions rules;
  rules.reader = DieReader::Rules;
  CHECK(read_blurred_values(image, rules) == std::vector<int>{1});
}

TEST_CASE("a die touching a dark cable that runs off the frame is found", "[dice_vision]") {
  cv::Mat image = plain_table();
  draw_die(image, {450, 150}, 60, 3);  // a free die: the typical size
  // A black cable from the left edge ending in a ferrite block that touches the die.
  cv::line(image, {0, 330}, {200, 300}, cv::Scalar(25, 25, 25), 10, cv::LINE_AA);
  cv::rectangle(image, cv::Rect(200, 285, 60, 30), cv::Scalar(25, 25, 25), cv::FILLED);
  draw_die(image, {290, 300}, 60, 5);
  CHECK(read_blurred_values(image) == std::vector<int>{3, 5});
}

TEST_CASE("a die whose side face runs off the frame is read from its whole top face", "[dice_vision]") {
  CHECK(read_with_die_at_frame(0) == std::vector<int>{3, 5, 6});
}

TEST_CASE("a die whose top face the frame cuts is not read", "[dice_vision]") {
  CHECK(read_with_die_at_frame(8) == std::vector<int>{3, 6});   // most of the face: it touches the frame
  CHECK(read_with_die_at_frame(30) == std::vector<int>{3, 6});  // half a die: too small
}

TEST_CASE("a grey key cap with a light mark at the frame among white dice is not a die", "[dice_vision]") {
  cv::Mat image = plain_table();
  draw_die(image, {150, 150}, 60, 3);
  draw_die(image, {450, 150}, 60, 6);
  draw_die(image, {300, 300}, 60, 2);
  // A key cap, its side running off the left edge, its letter a round light dot; only
  // somewhat darker than the dice, so it must be told apart by its mark's polarity.
  cv::rectangle(image, cv::Rect(0, 380, 72, 60), cv::Scalar(175, 175, 175), cv::FILLED);
  cv::circle(image, {42, 410}, 5, cv::Scalar(255, 255, 255), cv::FILLED, cv::LINE_AA);
  CHECK(read_blurred_values(image) == std::vector<int>{2, 3, 6});
}

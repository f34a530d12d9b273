#include "frontends/dice/dice_agreement.h"

#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/dice_testing.h"

using namespace puzzlesat::dice_vision;
using testing::sorted_values;

namespace {

// Four white dice in a row on light wood, values 1..4, turned a little.
Scene white_row(std::uint64_t seed) {
  cv::RNG rng(seed);
  Scene scene;
  for (int i = 0; i < 4; ++i) {
    SceneDie d;
    d.pips = i + 1;
    d.side = 48;
    d.angle_deg = rng.uniform(0.f, 40.f);
    d.centre = cv::Point2f(130.f + 120 * i, 300);
    scene.dice.push_back(d);
  }
  return scene;
}

Candidate candidate(cv::Rect box, int pips, double confidence, double body, double contrast) {
  Candidate c;
  c.die.box = box;
  c.die.pips = pips;
  c.die.confidence = confidence;
  c.body = body;
  c.pip_contrast = contrast;
  return c;
}

}  // namespace

TEST_CASE("a key cap beside white dice is not read as a die", "[dice_vision]") {
  // A laptop key at the edge of the view: a black cap with a light letter whose strokes
  // can pass for pips.
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    const Scene scene = white_row(seed);
    cv::Mat image = render_scene(scene, seed);
    const cv::Rect key(300, 90, 46, 44);
    cv::rectangle(image, key, cv::Scalar(8, 8, 8), cv::FILLED, cv::LINE_AA);
    cv::circle(image, key.tl() + cv::Point(16, 22), 3, cv::Scalar(200, 200, 200), cv::FILLED, cv::LINE_AA);
    cv::circle(image, key.tl() + cv::Point(30, 22), 3, cv::Scalar(200, 200, 200), cv::FILLED, cv::LINE_AA);
    const auto dice = read_dice(image);
    INFO("seed " << seed << ": " << dice.size() << " dice read");
    CHECK(sorted_values(dice) == std::vector<int>{1, 2, 3, 4});
  }
}

TEST_CASE("a black die with white pips among white dice is kept", "[dice_vision]") {
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    Scene scene = white_row(seed);
    SceneDie black;
    black.pips = 5;
    black.side = 48;
    black.centre = cv::Point2f(320, 120);
    black.face = cv::Scalar(25, 25, 25);
    black.pip = cv::Scalar(235, 235, 235);
    scene.dice.push_back(black);
    const auto dice = read_dice(render_scene(scene, seed));
    INFO("seed " << seed);
    CHECK(sorted_values(dice) == std::vector<int>{1, 2, 3, 4, 5});
  }
}

TEST_CASE("dice of one photo agree: a die read twice counts once, lone odd marks are dropped", "[dice_vision]") {
  std::vector<Candidate> c = {candidate({100, 100, 40, 40}, 4, 0.9, 200, -120),
                              candidate({200, 100, 42, 40}, 2, 0.9, 200, -120),
                              candidate({300, 100, 40, 41}, 6, 0.8, 200, -120)};
  SECTION("a piece inside a die is the same die") {
    c.push_back(candidate({205, 105, 20, 20}, 1, 0.95, 200, -120));
    CHECK(agreeing_dice(c).size() == 3);
  }
  SECTION("a die with its shading around it is the same die") {
    c.push_back(candidate({195, 95, 60, 58}, 1, 0.95, 200, -120));
    const auto dice = agreeing_dice(c);
    REQUIRE(dice.size() == 3);
    CHECK(sorted_values(dice) == std::vector<int>{2, 4, 6});
  }
  SECTION("neighbours whose boxes overlap a little are both dice") {
    c.push_back(candidate({230, 130, 40, 40}, 3, 0.9, 200, -120));
    CHECK(agreeing_dice(c).size() == 4);
  }
  SECTION("light marks on a black body, read less surely than the dice, are no die") {
    c.push_back(candidate({400, 20, 40, 40}, 2, 0.5, 5, 90));
    CHECK(sorted_values(agreeing_dice(c)) == std::vector<int>{2, 4, 6});
  }
  SECTION("a dark thing at the frame, read less surely than the dice, is no die") {
    c.push_back(candidate({0, 300, 40, 40}, 1, 0.85, 110, -70));
    c.back().near_frame = true;
    CHECK(sorted_values(agreeing_dice(c)) == std::vector<int>{2, 4, 6});
  }
  SECTION("a dark die with dark pips inside the photo, read less surely, is a die") {
    c.push_back(candidate({300, 300, 40, 40}, 5, 0.6, 50, -20));
    CHECK(agreeing_dice(c).size() == 4);
  }
  SECTION("light marks on a dark body that both readers are sure of are a die: a red die among white ones") {
    c.push_back(candidate({400, 20, 40, 40}, 2, 0.85, 5, 90));
    c.back().learned_pips = 2;
    c.back().learned_probability = 0.95;
    CHECK(sorted_values(agreeing_dice(c)) == std::vector<int>{2, 2, 4, 6});
    DiceSettings never;
    never.agree_vouched = 1;
    CHECK(sorted_values(agreeing_dice(c, never)) == std::vector<int>{2, 4, 6});
    c.back().learned_probability = 0.8;  // the network below agree_vouched
    CHECK(sorted_values(agreeing_dice(c)) == std::vector<int>{2, 4, 6});
    c.back().learned_probability = 0.99;
    c.back().learned_pips = 3;  // the network sure of another value
    CHECK(sorted_values(agreeing_dice(c)) == std::vector<int>{2, 4, 6});
    c.back().learned_pips = 2;
    c.back().die.confidence = 0.6;  // the rules in doubt: a key cap's letter read as a die
    CHECK(sorted_values(agreeing_dice(c)) == std::vector<int>{2, 4, 6});
  }
  SECTION("a black die read as surely as the white ones is a die") {
    c.push_back(candidate({400, 20, 40, 40}, 5, 0.95, 40, 150));
    CHECK(agreeing_dice(c).size() == 4);
  }
  SECTION("in a photo of mixed dice no kind is odd") {
    c.push_back(candidate({400, 20, 40, 40}, 5, 0.5, 40, 150));
    c.push_back(candidate({500, 20, 40, 40}, 3, 0.9, 60, 140));
    CHECK(agreeing_dice(c).size() == 5);
  }
}

TEST_CASE("a side face is dropped when the learned reader doubts it and vouches for the die beside it", "[dice_vision]") {
  // Two 300-px regions sharing 22 % of a box: a steep die's top face and the side
  // face beside it, or two neighbours turned face to face.
  const auto read_by_both = [](Candidate c, int learned, double probability) {
    c.learned_pips = learned;
    c.learned_probability = probability;
    c.detail = 300;  // a 300-px die in a sharp photo
    return c;
  };
  const Candidate top = read_by_both(candidate({1000, 1000, 300, 300}, 2, 0.9, 230, -200), 2, 0.99);
  const Candidate side = read_by_both(candidate({800, 900, 300, 300}, 3, 0.7, 220, -190), 3, 0.3);
  SECTION("the doubted one goes, whichever comes first") {
    CHECK(sorted_values(agreeing_dice({top, side})) == std::vector<int>{2});
    CHECK(sorted_values(agreeing_dice({side, top})) == std::vector<int>{2});
  }
  SECTION("read as another value by the network, it goes too") {
    CHECK(sorted_values(agreeing_dice({top, read_by_both(side, 6, 0.95)})) == std::vector<int>{2});
  }
  SECTION("neighbours the network vouches for both stay") {
    CHECK(agreeing_dice({top, read_by_both(side, 3, 0.95)}).size() == 2);
  }
  SECTION("neither vouched for: the overlap alone decides nothing") {
    CHECK(agreeing_dice({read_by_both(top, 2, 0.6), side}).size() == 2);
  }
  SECTION("boxes that barely touch are neighbours") {
    Candidate apart = side;
    apart.die.box.x = 720;  // sharing 4 % of a box
    CHECK(agreeing_dice({top, apart}).size() == 2);
  }
  SECTION("dice the network saw blurred, where its doubt is the blur's, all stay") {
    Candidate blurred_top = top, blurred_side = side;
    blurred_top.detail = blurred_side.detail = 40;  // the size of nellbyler's dice, or blurred as much
    CHECK(agreeing_dice({blurred_top, blurred_side}).size() == 2);
    DiceSettings any_blur;
    any_blur.agree_side_detail = 0;
    CHECK(agreeing_dice({blurred_top, blurred_side}, any_blur).size() == 1);
    Candidate unread = side;  // no crop read: no network to go by
    unread.detail = 0;
    CHECK(agreeing_dice({top, unread}, any_blur).size() == 2);
  }
}

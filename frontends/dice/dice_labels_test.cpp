#include "frontends/dice/dice_labels.h"

#include <catch2/catch.hpp>

#include <puzzlesat/input_error.h>

using namespace puzzlesat::dice_vision;
using puzzlesat::InputError;

TEST_CASE("dice values are parsed and sorted, bad tokens name their place", "[dice_vision]") {
  CHECK(parse_dice_values("5 1 3\n", "x.dice.txt") == std::vector<int>{1, 3, 5});
  CHECK(parse_dice_values("", "x.dice.txt").empty());
  try {
    parse_dice_values("1 7", "x.dice.txt");
    FAIL("accepted a 7");
  } catch (const InputError& e) {
    CHECK(e.where().file == "x.dice.txt");
    CHECK(e.where().line == 1);
    CHECK(e.where().column == 3);
  }
  CHECK_THROWS_AS(parse_dice_values("1 x", "f"), InputError);
}

TEST_CASE("boxes are converted from YOLO units to pixels", "[dice_vision]") {
  const auto boxes = parse_dice_boxes("3 0.5 0.25 0.1 0.2\n\n6 0.1 0.1 0.05 0.05\n", {640, 480}, "b");
  REQUIRE(boxes.size() == 2);
  CHECK(boxes[0].pips == 3);
  CHECK(boxes[0].box.x == Approx(288));
  CHECK(boxes[0].box.y == Approx(72));
  CHECK(boxes[0].box.width == Approx(64));
  CHECK(boxes[0].box.height == Approx(96));
  CHECK_THROWS_AS(parse_dice_boxes("3 0.5 0.5 0.1\n", {640, 480}, "b"), InputError);
  CHECK_THROWS_AS(parse_dice_boxes("3 0.5 1.5 0.1 0.1\n", {640, 480}, "b"), InputError);
  CHECK_THROWS_AS(parse_dice_boxes("0 0.5 0.5 0.1 0.1\n", {640, 480}, "b"), InputError);
}

TEST_CASE("labels written by format_dice_* read back as they were, boxes clipped to the image", "[dice_vision]") {
  const cv::Size image(640, 480);
  CHECK(parse_dice_values(format_dice_values({1, 4, 4, 6}), "v") == std::vector<int>{1, 4, 4, 6});
  std::vector<LabelledDie> dice(2);
  dice[0].pips = 2;
  dice[0].box = cv::Rect2d(100.5, 40.25, 60, 58);
  dice[1].pips = 5;
  dice[1].box = cv::Rect2d(610, 450, 50, 50);  // runs off the bottom right corner
  const auto back = parse_dice_boxes(format_dice_boxes(dice, image), image, "b");
  REQUIRE(back.size() == 2);
  CHECK(back[0].pips == 2);
  CHECK(back[0].box.x == Approx(100.5).margin(1e-3));
  CHECK(back[0].box.y == Approx(40.25).margin(1e-3));
  CHECK(back[0].box.width == Approx(60).margin(1e-3));
  CHECK(back[0].box.height == Approx(58).margin(1e-3));
  CHECK(back[1].pips == 5);
  CHECK(back[1].box.x + back[1].box.width == Approx(640).margin(1e-3));
  CHECK(back[1].box.y + back[1].box.height == Approx(480).margin(1e-3));
  CHECK(back[1].box.width == Approx(30).margin(1e-3));
}

TEST_CASE("a reading is scored by multiset and by position", "[dice_vision]") {
  const std::vector<LabelledDie> boxes = {{2, {100, 100, 40, 40}}, {5, {300, 100, 40, 40}}};
  const std::vector<int> values = {2, 5};
  // Both right.
  auto s = score_reading({{2, {102, 98, 40, 40}, 1}, {5, {298, 101, 42, 40}, 1}}, values, boxes);
  CHECK(s.exact);
  CHECK(s.correct == 2);
  CHECK(s.by_position);
  // Values swapped between the two positions: the multiset is right, every die is wrong.
  s = score_reading({{5, {102, 98, 40, 40}, 1}, {2, {298, 101, 42, 40}, 1}}, values, boxes);
  CHECK(s.exact);
  CHECK(s.correct == 0);
  CHECK(s.matched == 2);
  // A die read far from any label matches nothing.
  s = score_reading({{2, {102, 98, 40, 40}, 1}, {5, {500, 400, 40, 40}, 1}}, values, boxes);
  CHECK(s.correct == 1);
  CHECK(s.matched == 1);
  CHECK(s.found == 2);
  // Without boxes, dice are matched by value.
  s = score_reading({{2, {0, 0, 1, 1}, 1}, {6, {0, 0, 1, 1}, 1}}, values, {});
  CHECK_FALSE(s.exact);
  CHECK(s.correct == 1);
  CHECK_FALSE(s.by_position);
}

TEST_CASE("a reading's faults name each labelled die read wrong or missed, and each extra", "[dice_vision]") {
  const std::vector<LabelledDie> boxes = {{2, {100, 100, 40, 40}}, {5, {300, 100, 40, 40}}, {3, {100, 300, 40, 40}}};
  const std::vector<int> values = {2, 3, 5};
  // All right: no fault.
  auto s = score_reading({{2, {102, 98, 40, 40}, 1}, {5, {298, 101, 42, 40}, 1}, {3, {101, 300, 40, 40}, 1}},
                         values, boxes);
  CHECK(s.faults.empty());
  // The 5 read as 4, the 2 read as 6, the 3 not found, and a 1 read on bare table.
  s = score_reading({{6, {102, 98, 40, 40}, 1}, {4, {298, 101, 42, 40}, 1}, {1, {500, 400, 40, 40}, 1}}, values, boxes);
  REQUIRE(s.faults.size() == 4);
  CHECK(s.faults[0].kind == DieFault::Kind::TooManyPips);
  CHECK(s.faults[0].labelled_pips == 2);
  CHECK(s.faults[0].read_pips == 6);
  CHECK(s.faults[1].kind == DieFault::Kind::TooFewPips);
  CHECK(s.faults[1].labelled_pips == 5);
  CHECK(s.faults[1].read_pips == 4);
  CHECK(s.faults[2].kind == DieFault::Kind::NotFound);
  CHECK(s.faults[2].labelled_pips == 3);
  CHECK(s.faults[2].box == cv::Rect(100, 300, 40, 40));
  CHECK(s.faults[3].kind == DieFault::Kind::Extra);
  CHECK(s.faults[3].read_pips == 1);
  CHECK(s.faults[3].box == cv::Rect(500, 400, 40, 40));
  // Counting agrees with the faults: every labelled die is right or a fault.
  CHECK(s.correct + 3 == static_cast<int>(boxes.size()));
  // Without boxes there is no position to name.
  CHECK(score_reading({{6, {0, 0, 1, 1}, 1}}, values, {}).faults.empty());
  CHECK(std::string(fault_name(DieFault::Kind::TooFewPips)) == "too few pips");
}

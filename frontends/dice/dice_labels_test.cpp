#include "frontends/dice/dice_labels.h"

#include <catch2/catch.hpp>

#include "common/input_error.h"

using namespace puzzlesat::dice_vision;
using puzzlesat::InputError;

TEST_CASE("dice values are parsed and sorted; bad tokens name their place", "[dice_vision]") {
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

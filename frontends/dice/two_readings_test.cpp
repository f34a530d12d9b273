#include "frontends/dice/two_readings.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace puzzlesat::dice_vision;

namespace {

Die die(int pips, cv::Rect box, double confidence = 0.9) {
  Die d;
  d.pips = pips;
  d.box = box;
  d.confidence = confidence;
  return d;
}

std::vector<int> values(const std::vector<Die>& dice) {
  std::vector<int> out;
  for (const Die& d : dice) out.push_back(d.pips);
  return out;
}

// The rule spelled out over every combination of the four values that matter.
int expected_value(int first, int first_learned, int again, int again_learned) {
  return first != again && first_learned == first && again_learned == first ? first : again;
}

}  // namespace

TEST_CASE("two readings: the first reading's value stands only where the learned reader read it on both crops",
          "[dice][scale]") {
  const cv::Rect box(100, 100, 200, 200), moved(110, 95, 190, 205);
  for (int first = 1; first <= 3; ++first)
    for (int first_learned = 0; first_learned <= 3; ++first_learned)
      for (int again = 1; again <= 3; ++again)
        for (int again_learned = 0; again_learned <= 3; ++again_learned) {
          const ScaleReading a{{die(first, box, 0.97)}, {first_learned}};
          const ScaleReading b{{die(again, moved, 0.6)}, {again_learned}};
          const std::vector<Die> merged = merge_readings(a, b);
          INFO(first << " (" << first_learned << ") then " << again << " (" << again_learned << ")");
          REQUIRE(merged.size() == 1);
          const int want = expected_value(first, first_learned, again, again_learned);
          CHECK(merged[0].pips == want);
          CHECK(merged[0].box == moved);  // the box is the shrunk reading's
          CHECK(merged[0].confidence == (want == again ? 0.6 : 0.97));
        }
}

TEST_CASE("two readings: dice are matched by the nearest box centre, not by their order", "[dice][scale]") {
  // The first reading lists the dice left to right, the second right to left; the left die
  // was misread as 2 when shrunk (a 4 whose two pips were lost), the right one as 5 at
  // first (a speck) and rightly as 6 when shrunk.
  const ScaleReading first{{die(4, {0, 0, 100, 100}), die(5, {400, 0, 100, 100})}, {4, 6}};
  const ScaleReading again{{die(6, {405, 3, 96, 96}), die(2, {4, 2, 96, 96})}, {6, 4}};
  CHECK(values(merge_readings(first, again)) == std::vector<int>{6, 4});
}

TEST_CASE("two readings: without the learned reader, or a die of its own, the shrunk reading stands",
          "[dice][scale]") {
  const ScaleReading rules_only{{die(4, {0, 0, 100, 100})}, {}};
  const ScaleReading again_rules{{die(2, {0, 0, 100, 100})}, {}};
  CHECK(values(merge_readings(rules_only, again_rules)) == std::vector<int>{2});

  // A die of the shrunk reading farther than half its side from every first die.
  const ScaleReading first{{die(4, {0, 0, 100, 100})}, {4}};
  const ScaleReading far{{die(2, {60, 0, 100, 100})}, {4}};
  CHECK(values(merge_readings(first, far)) == std::vector<int>{2});
  const ScaleReading near{{die(2, {40, 0, 100, 100})}, {4}};
  CHECK(values(merge_readings(first, near)) == std::vector<int>{4});
}

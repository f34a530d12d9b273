#include "frontends/dice/reading_choice.h"

#include <catch2/catch.hpp>

using namespace puzzlesat::dice_vision;

namespace {

// A blob reading of `pips`, with one centre per pip so a replacement is visible.
PipReading blob_reading(int pips) {
  PipReading r;
  r.pips = pips;
  r.confidence = 0.5;
  for (int i = 0; i < pips; ++i) r.centres.emplace_back(float(i), 0.f);
  return r;
}

// A pattern reading in which every value's pips are alike in colour and stand out (margin
// 5), with the given scores; its own best value is the highest-scoring one.
FacePattern pattern_with(std::array<double, 7> scores) {
  FacePattern f;
  f.scores = scores;
  for (int p = 1; p <= 6; ++p) {
    f.margins[p] = 5;
    f.consistency[p] = 1;
    f.centres_of[p].assign(p, cv::Point2f(100.f + p, 100.f));
    if (f.pips == 0 || scores[p] > scores[f.pips]) f.pips = p;
  }
  return f;
}

}  // namespace

TEST_CASE("the pattern reader raises the count only when its value explains the face clearly better",
          "[dice_vision]") {
  // A 4 whose missed fifth pip the pattern reader sees: 5 explains the face 1.5 times as well.
  FacePattern pattern = pattern_with({0, 0.1, 0.1, 0.1, 0.4, 0.6, 0.1});
  PipReading read = choose_reading(blob_reading(4), pattern, 1.0);
  CHECK(read.pips == 5);
  CHECK(read.centres == pattern.centres_of[5]);
  CHECK(read.confidence > 0);
  CHECK(read.confidence <= 1);
  // Scaled by the region's split quality, as the blob reader's confidence is.
  CHECK(choose_reading(blob_reading(4), pattern, 0.5).confidence == Approx(read.confidence * 0.5));

  // Only slightly better: the blob reader's 4 stands.
  pattern = pattern_with({0, 0.1, 0.1, 0.1, 0.55, 0.6, 0.1});
  read = choose_reading(blob_reading(4), pattern, 1.0);
  CHECK(read.pips == 4);
  CHECK(read.confidence == 0.5);
  CHECK(read.centres.size() == 4);

  // Clearly better, but one of its pips does not stand out from an empty grid point.
  pattern = pattern_with({0, 0.1, 0.1, 0.1, 0.4, 0.6, 0.1});
  pattern.margins[5] = -1;
  CHECK(choose_reading(blob_reading(4), pattern, 1.0).pips == 4);

  // Clearly better, but its pips are not alike in colour (a glint completed it).
  pattern = pattern_with({0, 0.1, 0.1, 0.1, 0.4, 0.6, 0.1});
  pattern.consistency[5] = DiceSettings{}.pattern_alike_colour / 2;
  CHECK(choose_reading(blob_reading(4), pattern, 1.0).pips == 4);
}

TEST_CASE("lowering the count needs a far larger lead than raising it", "[dice_vision]") {
  // A lead that would raise the count does not lower it.
  CHECK(choose_reading(blob_reading(5), pattern_with({0, 0.1, 0.1, 0.1, 0.6, 0.4, 0.1}), 1.0).pips == 5);
  // A lead of several times does.
  CHECK(choose_reading(blob_reading(5), pattern_with({0, 0.1, 0.1, 0.1, 0.6, 0.1, 0.1}), 1.0).pips == 4);
}

TEST_CASE("blob pips unlike in colour give way to a lower value the pattern prefers", "[dice_vision]") {
  FacePattern pattern = pattern_with({0, 0.1, 0.1, 0.1, 0.6, 0.4, 0.1});
  CHECK(choose_reading(blob_reading(5), pattern, 1.0).pips == 5);  // alike: the lead is too small
  pattern.given_consistency = 0;  // one of the blob reader's five pips is a glint
  CHECK(choose_reading(blob_reading(5), pattern, 1.0).pips == 4);
}

TEST_CASE("a die the blob reader found no face on is read only from a clear pattern", "[dice_vision]") {
  FacePattern pattern = pattern_with({0, 0.1, 0.1, 0.6, 0.1, 0.1, 0.1});
  pattern.margins[3] = 40;
  CHECK(choose_reading(blob_reading(0), pattern, 1.0).pips == 3);
  // Pips that barely stand out from the empty grid points: texture, not a face.
  pattern.margins[3] = 5;
  CHECK(choose_reading(blob_reading(0), pattern, 1.0).pips == 0);
  // A pattern that explains little of how the face varies: a cable or a patch of texture.
  pattern = pattern_with({0, 0.05, 0.05, 0.2, 0.05, 0.05, 0.05});
  pattern.margins[3] = 40;
  CHECK(choose_reading(blob_reading(0), pattern, 1.0).pips == 0);
}

TEST_CASE("three or more blob pips are never lowered to a single pip", "[dice_vision]") {
  // Scores as measured on nellbyler dice showing 4 whose blob reading was right: one pip
  // stands out, the other three are faint to the pattern reader, and its 1 leads the 4 by
  // four times (all alike in colour) or by two (the blob pips unlike in colour).
  FacePattern pattern = pattern_with({0, 0.21, 0.03, 0.07, 0.05, 0.04, 0.06});
  CHECK(choose_reading(blob_reading(4), pattern, 1.0).pips == 4);
  CHECK(choose_reading(blob_reading(3), pattern, 1.0).pips == 3);
  pattern = pattern_with({0, 0.41, 0.1, 0.1, 0.2, 0.1, 0.1});
  pattern.given_consistency = 0;
  CHECK(choose_reading(blob_reading(4), pattern, 1.0).pips == 4);
  // The same lead still lowers a 2 (a 1 beside a swirl or a glint), and a doubtful 4 to a
  // lower value of several pips.
  CHECK(choose_reading(blob_reading(2), pattern, 1.0).pips == 1);
  pattern = pattern_with({0, 0.1, 0.1, 0.41, 0.2, 0.1, 0.1});
  pattern.given_consistency = 0;
  CHECK(choose_reading(blob_reading(4), pattern, 1.0).pips == 3);
}

TEST_CASE("a raise is refused when every pip it adds is a streak, not a round spot", "[dice_vision]") {
  // A 2 read by the blob reader at two corners; the pattern reader's 3 adds the centre.
  PipReading two;
  two.pips = 2;
  two.confidence = 0.5;
  two.centres = {{90, 90}, {110, 110}};
  FacePattern pattern = pattern_with({0, 0.1, 0.3, 0.45, 0.1, 0.1, 0.1});
  pattern.centres_of[3] = {{90, 90}, {100, 100}, {110, 110}};
  // Round pips throughout: the missed centre pip is added.
  pattern.elongation_of[3] = {1.1, 1.2, 1.1};
  CHECK(choose_reading(two, pattern, 1.0).pips == 3);
  // The centre spot is twice as long as wide (a marbled face's swirl): the 2 stands.
  pattern.elongation_of[3] = {1.1, 2.2, 1.1};
  CHECK(choose_reading(two, pattern, 1.0).pips == 2);
  // As elongated as the pips the blob reader found (a slanted or blurred face): not a streak.
  pattern.elongation_of[3] = {1.9, 2.2, 1.8};
  CHECK(choose_reading(two, pattern, 1.0).pips == 3);
  // A 4 that adds two pips, only one of them elongated: the raise stands.
  PipReading corners = two;
  pattern.centres_of[4] = {{90, 90}, {110, 90}, {90, 110}, {110, 110}};
  pattern.elongation_of[4] = {1.1, 2.5, 1.2, 1.1};
  pattern.scores = {0, 0.1, 0.3, 0.1, 0.45, 0.1, 0.1};
  CHECK(choose_reading(corners, pattern, 1.0).pips == 4);
}

TEST_CASE("a blob value with a streak among its pips gives way to the value of its round pips", "[dice_vision]") {
  // The blob reader's 2: a lone pip and a streak it took for a pip. The pattern prefers the 1,
  // though by far less than the lead lowering otherwise needs.
  FacePattern pattern = pattern_with({0, 0.5, 0.3, 0.1, 0.1, 0.1, 0.1});
  pattern.given_elongation = {1.1, 2.6};
  CHECK(choose_reading(blob_reading(2), pattern, 1.0).pips == 1);
  // Both blobs round: the 2 stands.
  pattern.given_elongation = {1.1, 1.5};
  CHECK(choose_reading(blob_reading(2), pattern, 1.0).pips == 2);
  // Both drawn out (blur, slant): no round pip to go by, the 2 stands.
  pattern.given_elongation = {2.2, 2.4};
  CHECK(choose_reading(blob_reading(2), pattern, 1.0).pips == 2);
  // A streak, but the pattern does not prefer the 1: the 2 stands.
  pattern.scores = {0, 0.25, 0.3, 0.1, 0.1, 0.1, 0.1};
  pattern.given_elongation = {1.1, 2.6};
  CHECK(choose_reading(blob_reading(2), pattern, 1.0).pips == 2);
  // A 5 whose fifth blob is a streak, the pattern's 4 preferred and alike: the 4.
  pattern = pattern_with({0, 0.1, 0.1, 0.1, 0.5, 0.45, 0.1});
  pattern.given_elongation = {1.0, 1.2, 1.1, 3.0, 1.2};
  CHECK(choose_reading(blob_reading(5), pattern, 1.0).pips == 4);
}

TEST_CASE("a blob value the pattern cannot place gives way to its round pips by a looser streak test",
          "[dice_vision]") {
  // The blob reader's 6 on a purple 4 (nellbyler 100242): a white swirl across the face's
  // middle fell into two cores that passed for round, one 1.9 and one 2.2 elongated beside
  // corner pips of 1.1 to 1.2. The pattern's 4 scores higher than the 6 and stands out.
  FacePattern pattern = pattern_with({0, 0.1, 0.2, 0.25, 0.44, 0.3, 0.34});
  pattern.given_elongation = {1.2, 1.1, 1.1, 1.2, 1.9, 2.2};
  // The pattern places the 6 with every pip standing out: the plain streak test (2.0, and 1.3
  // times the most elongated pip below that, the 1.9) finds no streak, and the 6 stands.
  CHECK(choose_reading(blob_reading(6), pattern, 1.0).pips == 6);
  // The 6 cannot be placed (an empty grid point outshines one of its pips): both cores are
  // streaks by the looser test (1.6, and 1.3 times the round pips' 1.2), and the 4 is read.
  pattern.margins[6] = -50;
  CHECK(choose_reading(blob_reading(6), pattern, 1.0).pips == 4);
  // The same, but the cores as round as the corners (1.3): the 6 stands.
  pattern.given_elongation = {1.2, 1.1, 1.1, 1.2, 1.3, 1.3};
  CHECK(choose_reading(blob_reading(6), pattern, 1.0).pips == 6);
  // A misplaced 2 whose second pip is only slightly drawn out (1.5): below the looser test too.
  pattern = pattern_with({0, 0.5, 0.3, 0.1, 0.1, 0.1, 0.1});
  pattern.margins[2] = -20;
  pattern.given_elongation = {1.1, 1.5};
  CHECK(choose_reading(blob_reading(2), pattern, 1.0).pips == 2);
}

TEST_CASE("a blob value whose pattern placement has one point on a streak gives way to the value without it",
          "[dice_vision]") {
  // The blob reader's 3 on a purple 2 (nellbyler 095735): a round blob beside a white swirl
  // at the face's centre. The pattern's 3 puts its centre point on the swirl itself (2.9
  // elongated beside 1.2); its 2 stands out far more clearly and scores about as high.
  FacePattern pattern = pattern_with({0, 0.2, 0.35, 0.37, 0.17, 0.22, 0.19});
  pattern.margins[2] = 45;
  pattern.margins[3] = 16;
  pattern.elongation_of[3] = {1.2, 2.9, 1.2};
  CHECK(choose_reading(blob_reading(3), pattern, 1.0).pips == 2);
  // Every point of the 3 round: the 3 stands.
  pattern.elongation_of[3] = {1.2, 1.3, 1.2};
  CHECK(choose_reading(blob_reading(3), pattern, 1.0).pips == 3);
  // The streak, but the 2 stands out no more clearly than the 3: the 3 stands.
  pattern.elongation_of[3] = {1.2, 2.9, 1.2};
  pattern.margins[2] = 10;
  CHECK(choose_reading(blob_reading(3), pattern, 1.0).pips == 3);
  // The streak, but the 2 explains the face far worse: the 3 stands.
  pattern.margins[2] = 45;
  pattern.scores[2] = 0.2;
  CHECK(choose_reading(blob_reading(3), pattern, 1.0).pips == 3);
  // Two points of a 4 on streaks (a swirl on either side): not this rule's case, the 4 stands.
  pattern = pattern_with({0, 0.1, 0.21, 0.27, 0.25, 0.2, 0.1});
  pattern.margins[3] = 45;
  pattern.margins[4] = -45;
  pattern.elongation_of[4] = {1.1, 3.6, 1.2, 3.3};
  CHECK(choose_reading(blob_reading(4), pattern, 1.0).pips == 4);
}

#include "frontends/set/card_reader.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "frontends/set/attribute_decisions.h"
#include "frontends/set/card_renderer.h"
#include "frontends/set/reader_settings.h"
#include "frontends/set/card_warp.h"
#include "frontends/set/reinked.h"
#include "problems/set/card_text.h"

using namespace puzzlesat;
using namespace puzzlesat::set_vision;
using puzzlesat::set_vision::testing::reinked;

namespace {

cv::Mat canonical(const cv::Mat& img) {
  Quad q = {cv::Point2f(0, 0), cv::Point2f(float(img.cols), 0), cv::Point2f(float(img.cols), float(img.rows)),
            cv::Point2f(0, float(img.rows))};
  return warp_card(img, q);
}

}  // namespace

TEST_CASE("every one of the 81 rendered cards is read back with confidence") {
  for (int i = 0; i < set::kDeckSize; ++i) {
    set::Card card = set::card_at(i);
    CardReading r = read_card(canonical(render_card(card).image));
    INFO(set::to_string(card) << " read as " << set::to_string(r.card()));
    CHECK(r.card() == card);
    CHECK(r.confidence() >= low_confidence());
  }
}

TEST_CASE("cards read right under a colour cast, dim light and a small size") {
  int wrong = 0;
  for (int i = 0; i < set::kDeckSize; ++i) {
    set::Card card = set::card_at(i);
    cv::Mat img = render_card(card, 160).image;  // about 100 px wide, as in a webcam frame
    cv::Mat cast;
    cv::multiply(img, cv::Scalar(1.0, 0.85, 0.7), cast);  // warm lamp light, dimmed
    cv::GaussianBlur(cast, cast, cv::Size(), 0.8);
    set::Card got = read_card(canonical(cast)).card();
    if (got != card) WARN(set::to_string(card) << " read as " << set::to_string(got));
    wrong += got != card;
  }
  CHECK(wrong == 0);
}

TEST_CASE("stripes too fine to resolve, which only tint the inside, read as striped") {
  // Another print run's stripes at a photo's resolution: the inside of an open symbol
  // tinted a share of the way towards the solid ink, with no texture left to see.
  for (double share : {0.15, 0.3}) {
    int wrong = 0;
    for (int i = 0; i < set::kDeckSize; ++i) {
      set::Card card = set::card_at(i);
      if (card.shading != 2) continue;
      set::Card solid = card;
      solid.shading = 0;
      cv::Mat open = render_card(card).image, full = render_card(solid).image, tinted;
      cv::addWeighted(open, 1 - share, full, share, 0, tinted);
      set::Card want = card;
      want.shading = 1;
      CardReading r = read_card(canonical(tinted));
      if (r.card() != want) WARN(set::to_string(want) << " at tint " << share << " read as " << set::to_string(r.card()));
      wrong += r.card() != want;
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("a blank card has no symbols and no confidence") {
  cv::Mat blank(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(245, 245, 245));
  CardReading r = read_card(blank);
  CHECK(r.features.symbols == 0);
  CHECK(r.confidence() == 0);
}


// Thin purple outlines lose colour to JPEG's halved chroma resolution and to blur, and
// can drift past the red boundary in hue: on a real photo their white-normalised hue
// read 343 deg with chroma only 0.12 of their darkness. Red ink is far more saturated
// (>= 0.44 on every real photo), so chroma per darkness settles what hue cannot.
TEST_CASE("a greyed purple whose hue lies on red's side is still purple, pale red stays red") {
  const cv::Scalar printed_red = kInk[0], printed_purple = kInk[2];
  const cv::Scalar grey_magenta(116, 112, 136), pale_red(100, 95, 200);
  for (int i = 0; i < set::kDeckSize; ++i) {
    set::Card card = set::card_at(i);
    if (card.color == 1) continue;
    cv::Mat img = render_card(card).image;
    img = card.color == 2 ? reinked(img, printed_purple, grey_magenta) : reinked(img, printed_red, pale_red);
    CardReading r = read_card(canonical(img));
    INFO(set::to_string(card) << " read as " << set::to_string(r.card()) << ", hue " << r.features.hue << ", chroma "
                              << r.features.colour_chroma);
    CHECK(r.attributes[set::kColor].value == card.color);
  }
}

// A far diamond in dim light, as the reader measured it on a render seen at 40 degrees:
// blur rounds its corners and noise frays its edge, so solidity and fill both sink to a
// squiggle's. Its outline still has no bay, which a squiggle's two bays (a third of its
// width) always have.
TEST_CASE("a symbol without a bay is no squiggle, however blur and noise left its fill") {
  const double solidity = 0.867, rect_fill = 0.619;
  const AttributeReading measured_alone = read_shape(solidity, rect_fill);
  REQUIRE(measured_alone.value == 1);  // squiggle
  const AttributeReading convex = read_shape(solidity, rect_fill, 0.11);
  CHECK(convex.value == 0);  // diamond
  CHECK(convex.confidence <= measured_alone.confidence);  // no surer than the squiggle was
  CHECK(read_shape(solidity, rect_fill, 0.33).value == 1);  // a squiggle's bays: unchanged
  // Shapes read as diamonds or ovals stay as they were, confidence and all.
  for (double fill : {0.53, 0.88}) {
    const AttributeReading plain = read_shape(0.97, fill), with_bays = read_shape(0.97, fill, 0.02);
    CHECK(with_bays.value == plain.value);
    CHECK(with_bays.confidence == plain.confidence);
  }
  ScopedReaderSetting off("shape_convex_bay", 0);
  CHECK(read_shape(solidity, rect_fill, 0.11).value == 1);
}

// Every rendered card's symbols measure their shape's bays: squiggles deep, the others not.
TEST_CASE("rendered squiggles have deep bays, diamonds and ovals none") {
  for (int i = 0; i < set::kDeckSize; ++i) {
    const set::Card card = set::card_at(i);
    const CardReading r = read_card(canonical(render_card(card).image));
    INFO(set::to_string(card) << ": concavity " << r.features.concavity);
    if (card.shape == 1) CHECK(r.features.concavity > 0.2);
    else CHECK(r.features.concavity < 0.08);
  }
}

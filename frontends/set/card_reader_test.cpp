#include "frontends/set/card_reader.h"

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include "frontends/set/card_renderer.h"
#include "frontends/set/card_warp.h"
#include "problems/set/card_text.h"

using namespace puzzlesat;
using namespace puzzlesat::set_vision;

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
    CHECK(r.confidence() >= kLowConfidence);
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

TEST_CASE("a blank card has no symbols and no confidence") {
  cv::Mat blank(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(245, 245, 245));
  CardReading r = read_card(blank);
  CHECK(r.features.symbols == 0);
  CHECK(r.confidence() == 0);
}

#include "frontends/hexcells/glyphs.h"

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include "frontends/hexcells/scene.h"

using namespace puzzlesat::hexcells_vision;

namespace {

// Dark text drawn on a light patch, then turned into ink strength like the reader does.
std::optional<TextRead> draw_and_read(const std::string& text, double height) {
  cv::Mat img(static_cast<int>(height * 3), static_cast<int>(height * 4), CV_8UC3, cv::Scalar(235, 235, 235));
  draw_text(img, text, {img.cols / 2.f, img.rows / 2.f}, height, {0, 1}, cv::Scalar(70, 70, 70));
  cv::Mat1b grey, ink;
  cv::cvtColor(img, grey, cv::COLOR_BGR2GRAY);
  cv::subtract(cv::Scalar(235), grey, ink);
  return read_text(ink);
}

}  // namespace

TEST_CASE("every hint text the game can show reads back from the project's own drawing", "[hexcells_vision]") {
  std::vector<std::string> texts = {"?"};
  for (int n = 0; n <= 20; ++n) {
    const std::string s = std::to_string(n);
    texts.insert(texts.end(), {s, "{" + s + "}", "-" + s + "-"});
  }
  // 10 px is the smallest hint text of a large board at 1280x720.
  for (double height : {10.0, 14.0, 30.0}) {
    for (const auto& t : texts) {
      INFO(t << " at height " << height);
      const auto read = draw_and_read(t, height);
      REQUIRE(read);
      CHECK(read->text == t);
    }
  }
}

TEST_CASE("read_text finds nothing in an empty patch", "[hexcells_vision]") {
  CHECK_FALSE(read_text(cv::Mat1b(20, 30, uchar(0))));
}

TEST_CASE("hint texts parse and print back", "[hexcells_vision]") {
  for (const char* s : {"0", "7", "12", "{3}", "-2-", "{15}", "?"}) {
    const auto h = parse_hint_text(s);
    REQUIRE(h);
    CHECK(hint_text(*h) == s);
  }
  for (const char* s : {"", "{", "-", "{3", "3}", "--", "a", "123", "07", "{?}", "-}"}) CHECK_FALSE(parse_hint_text(s));
}

#include "frontends/dice/crop_set.h"

#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <set>
#include <utility>

#include "frontends/dice/dice_scene.h"
#include "frontends/dice/die_crop.h"

using namespace puzzlesat::dice_vision;

namespace {

// One die of `side` px showing `pips`, upright in a clean frame a few dice wide.
Scene one_die_scene(float side, int pips) {
  Scene scene;
  scene.size = cv::Size(cvRound(side * 6), cvRound(side * 5));
  scene.noise = 0;
  scene.shadows = false;
  SceneDie d;
  d.pips = pips;
  d.side = side;
  d.centre = {side * 3, side * 2.5f};
  scene.dice.push_back(d);
  return scene;
}

}  // namespace

TEST_CASE("a die crop is the die, centred and resampled to the canonical size", "[dice_vision][crops]") {
  for (const float side : {20.f, 60.f, 400.f}) {
    const Scene scene = one_die_scene(side, 3);
    const cv::Mat crop = die_crop(render_scene(scene), die_box(scene, scene.dice[0]));
    REQUIRE(crop.size() == cv::Size(kCropSize, kCropSize));
    // The three pips of a 3 run corner to corner through the centre; the crop's centre is
    // a pip and its corners are table, whatever the die's size was.
    CHECK(crop.at<cv::Vec3b>(32, 32)[0] < 90);
    const cv::Vec3b corner = crop.at<cv::Vec3b>(1, 1);
    CHECK(std::abs(int(corner[2]) - int(scene.table[2])) < 25);
  }
}

TEST_CASE("a crop beyond the frame repeats the edge", "[dice_vision][crops]") {
  const cv::Mat image(100, 100, CV_8UC3, cv::Scalar(10, 20, 30));
  const cv::Mat crop = die_crop(image, cv::Rect2d(-40, -40, 60, 60), 32);
  CHECK(crop.size() == cv::Size(32, 32));
  CHECK(crop.at<cv::Vec3b>(0, 0) == cv::Vec3b(10, 20, 30));
}

TEST_CASE("a die's detail is its side in sharp pixels, whatever the photo was resampled to", "[dice_vision][crops]") {
  const auto photo_of = [](float side, double blur) {
    const Scene scene = one_die_scene(side, 5);
    cv::Mat photo = render_scene(scene);
    if (blur > 0) cv::GaussianBlur(photo, photo, {}, blur);
    return std::pair{photo, cv::Rect2d(die_box(scene, scene.dice[0]))};
  };
  const auto [large, large_box] = photo_of(300, 0);
  const double sharp = die_detail(large, large_box);
  const auto [small, small_box] = photo_of(30, 0);
  const double few = die_detail(small, small_box);
  INFO("a 300-px die: " << sharp << ", a 30-px die: " << few);
  CHECK(sharp > 100);
  CHECK(sharp > 3 * few);
  CHECK(few < 50);
  // The small die's photo enlarged four times holds no more detail than its 30 pixels did.
  cv::Mat up;
  cv::resize(small, up, {}, 4, 4, cv::INTER_CUBIC);
  const cv::Rect2d up_box(small_box.x * 4, small_box.y * 4, small_box.width * 4, small_box.height * 4);
  CHECK(die_detail(up, up_box) == Approx(few).epsilon(0.3));
  // Nor does a blurred photo of a large die.
  const auto [blurred, blurred_box] = photo_of(300, 8);
  CHECK(die_detail(blurred, blurred_box) < 100);
}

TEST_CASE("scene crops carry the values of the scene's dice", "[dice_vision][crops]") {
  int not_dice = 0, found = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Scene scene = varied_scene(seed, 20, 120);
    std::multiset<int> values, die_labels;
    for (const auto& d : scene.dice) values.insert({d.pips, d.pips});  // two crops per die
    for (const auto& c : scene_crops(seed, kCropSize, 20, 120)) {
      CHECK(c.image.size() == cv::Size(kCropSize, kCropSize));
      CHECK(c.image.type() == CV_8UC3);
      if (c.kind == "die") die_labels.insert(c.label);
      if (c.kind == "found") {
        CHECK(std::find_if(scene.dice.begin(), scene.dice.end(), [&](const SceneDie& d) { return d.pips == c.label; }) !=
              scene.dice.end());
        ++found;
      }
      if (c.kind == "table" || c.kind == "thing" || c.kind == "part" || c.kind == "found-other") {
        CHECK(c.label == 0);
        ++not_dice;
      }
    }
    CHECK(die_labels == values);
  }
  CHECK(not_dice > 12);
  CHECK(found > 5);
}

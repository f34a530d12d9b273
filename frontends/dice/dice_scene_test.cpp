#include "frontends/dice/dice_scene.h"

#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

using namespace puzzlesat::dice_vision;

TEST_CASE("the renderer draws each die where the scene puts it", "[dice_vision]") {
  Scene scene;
  scene.noise = 0;
  scene.grain = 0;
  scene.shadows = false;
  SceneDie die;
  die.pips = 5;
  die.centre = {200, 150};
  die.side = 60;
  die.angle_deg = 30;
  scene.dice.push_back(die);
  const cv::Mat image = render_scene(scene);
  CHECK(image.size() == scene.size);
  CHECK(image.type() == CV_8UC3);

  const cv::Rect box = die_box(die);
  // A 60 px square turned by 30 degrees spans 60 * (cos 30 + sin 30) = 82 px, less its rounding.
  CHECK(box.width == Approx(76).margin(6));
  CHECK((box & cv::Rect({}, scene.size)) == box);
  // Outside the box is table; at the centre is a pip (five has one in the middle).
  const cv::Vec3b table = image.at<cv::Vec3b>(10, 10);
  CHECK(std::abs(int(table[2]) - int(scene.table[2])) <= 2);
  const cv::Vec3b centre = image.at<cv::Vec3b>(150, 200);
  CHECK(centre[0] < 60);
  // Between the centre pip and a corner pip is bare face.
  const cv::Vec3b face = image.at<cv::Vec3b>(150, 200 + 12);
  CHECK(face[0] > 200);
}

TEST_CASE("random scenes are reproducible and their dice do not overlap", "[dice_vision]") {
  SceneOptions options;
  options.dice = 6;
  const Scene a = random_scene(7, options), b = random_scene(7, options);
  REQUIRE(a.dice.size() == 6);
  for (std::size_t i = 0; i < a.dice.size(); ++i) {
    CHECK(a.dice[i].pips == b.dice[i].pips);
    CHECK(a.dice[i].centre == b.dice[i].centre);
    CHECK(a.dice[i].pips >= 1);
    CHECK(a.dice[i].pips <= 6);
    for (std::size_t j = 0; j < i; ++j) CHECK((die_box(a.dice[i]) & die_box(a.dice[j])).area() == 0);
  }
  CHECK(cv::norm(render_scene(a, 3), render_scene(b, 3), cv::NORM_INF) == 0);
}

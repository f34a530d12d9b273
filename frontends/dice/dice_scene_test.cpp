#include "frontends/dice/dice_scene.h"
#include "frontends/dice/pip_layout.h"

#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>

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

namespace {

Scene plain_scene(SceneDie die) {
  Scene scene;
  scene.noise = 0;
  scene.grain = 0;
  scene.shadows = false;
  scene.dice.push_back(die);
  return scene;
}

SceneDie one_die(int pips = 4) {
  SceneDie d;
  d.pips = pips;
  d.centre = {320, 240};
  d.side = 80;
  return d;
}

double sharpness(const cv::Mat& bgr) {
  cv::Mat grey, lap;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::Laplacian(grey, lap, CV_64F);
  cv::Scalar mean, dev;
  cv::meanStdDev(lap, mean, dev);
  return dev[0] * dev[0];
}

}  // namespace

TEST_CASE("a leaning die shows side faces beyond its top face", "[dice_vision][scene]") {
  SceneDie d = one_die();
  d.face = {40, 40, 200};  // red, far from the wood in blue
  d.lean = {0.4f, 0};
  const Scene scene = plain_scene(d);
  const cv::Mat image = render_scene(scene);
  const cv::Rect top = die_box(scene, d), whole = die_extent(scene, d);
  CHECK(whole.width == Approx(top.width + 0.4 * 80).margin(3));
  CHECK(whole.height == Approx(top.height).margin(2));
  // Right of the top face is the side face: darker than the top, but no table.
  const cv::Vec3b side = image.at<cv::Vec3b>(240 - 20, 320 + 40 + 16);
  CHECK(side[0] < 220);
  CHECK(std::abs(int(side[0]) - int(scene.table[0])) > 20);
  // Without lean, the same place is table.
  const cv::Mat flat = render_scene(plain_scene(one_die()));
  CHECK(std::abs(int(flat.at<cv::Vec3b>(240 - 20, 320 + 40 + 16)[0]) - int(scene.table[0])) <= 2);
}

// Lit side faces (SceneDie::side_light): as bright as asked against the top face, where
// the default shading draws the side seen most at 0.62 of it.
TEST_CASE("a leaning die's side faces are as bright as side_light asks", "[dice_vision][scene]") {
  SceneDie d = one_die();
  d.face = {40, 40, 200};
  d.lean = {0.4f, 0};
  const auto side_red = [&](float light) {
    SceneDie lit = d;
    lit.side_light = light;
    const cv::Mat image = render_scene(plain_scene(lit));
    return double(image.at<cv::Vec3b>(240 - 20, 320 + 40 + 16)[2]);  // the side face, as above
  };
  const double top = 200, shaded = side_red(0), bright = side_red(0.95), dim = side_red(0.8);
  CHECK(shaded == Approx(0.62 * top).margin(8));
  CHECK(bright == Approx(0.95 * top).margin(8));
  CHECK(dim == Approx(0.8 * top).margin(8));
}

TEST_CASE("marbled bodies vary, glossy bodies show glints", "[dice_vision][scene]") {
  SceneDie d = one_die(1);
  d.face = {60, 60, 160};
  const cv::Rect inner(320 - 30, 240 - 30, 20, 60);  // left of the one pip
  cv::Scalar mean, plain_dev, marbled_dev;
  cv::meanStdDev(render_scene(plain_scene(d))(inner), mean, plain_dev);
  d.marble = 0.9f;
  d.swirl = {230, 230, 40};
  cv::meanStdDev(render_scene(plain_scene(d))(inner), mean, marbled_dev);
  CHECK(marbled_dev[0] > plain_dev[0] + 10);

  SceneDie g = one_die(1);
  g.face = {60, 60, 160};
  g.gloss = 1;
  double plain_max = 0, glossy_max = 0;
  cv::minMaxLoc(render_scene(plain_scene(one_die(1)))(die_box(g)).reshape(1), nullptr, &plain_max);
  cv::Mat face = render_scene(plain_scene(g))(die_box(g));
  cv::Mat grey;
  cv::cvtColor(face, grey, cv::COLOR_BGR2GRAY);
  cv::minMaxLoc(grey, nullptr, &glossy_max);
  CHECK(glossy_max > 200);  // a red body at about 90 grey, lit to near white
}

TEST_CASE("a translucent die shows the table and its bottom face's pips through its top", "[dice_vision][scene]") {
  // A smoky die with red pips showing 6 on white paper: its bottom face is a 1, whose pip
  // shows through at the centre of the top face, where a 6 has none.
  SceneDie d = one_die(6);
  d.face = {70, 70, 75};
  d.pip = {45, 45, 205};
  Scene scene = plain_scene(d);
  scene.table = {235, 240, 240};  // white paper
  const cv::Mat opaque = render_scene(scene);
  scene.dice[0].translucent = 0.8f;
  const cv::Mat clear = render_scene(scene);
  const auto at = [&](const cv::Mat& image, float x, float y) {
    return cv::Vec3i(image.at<cv::Vec3b>(cv::Point(d.centre + cv::Point2f(x, y) * (d.side / 2))));
  };
  const auto grey = [](cv::Vec3i p) { return (p[0] + p[1] + p[2]) / 3; };
  const auto redness = [](cv::Vec3i p) { return p[2] - (p[0] + p[1]) / 2; };
  // Bare face half-way out from the centre, where no pip of any face lies: the table's
  // light shows through the smoke.
  CHECK(grey(at(clear, 0, 0.45f)) > grey(at(opaque, 0, 0.45f)) + 25);
  // The thick edge stays about as dark as an opaque die's.
  CHECK(std::abs(grey(at(clear, 0, 0.9f)) - grey(at(opaque, 0, 0.9f))) < 25);
  // The bottom face's pip: redder at the centre than on the bare face beside it, and an
  // opaque die shows none.
  CHECK(redness(at(clear, 0, 0)) > redness(at(clear, 0, 0.45f)) + 15);
  CHECK(std::abs(redness(at(opaque, 0, 0)) - redness(at(opaque, 0, 0.45f))) <= 3);
  // The top face's own pips are drawn over it, as before.
  const cv::Point2f pip = pip_layout(6)[0];
  CHECK(at(clear, pip.x, pip.y) == at(opaque, pip.x, pip.y));
}

TEST_CASE("a third of the varied scenes' coloured and dark dice are translucent", "[dice_vision][scene]") {
  int coloured = 0, translucent = 0, smoke = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed)
    for (const auto& d : varied_scene(seed, 20, 60).dice) {
      const double lightness = 0.114 * d.face[0] + 0.587 * d.face[1] + 0.299 * d.face[2];
      const bool white = lightness > 200 && d.marble == 0;
      if (d.translucent > 0) {
        CHECK(!white);
        CHECK(d.translucent >= 0.35f);
        CHECK(d.translucent <= 0.85f);
        smoke += d.face[2] < 110 && d.pip[2] > d.pip[0] + 60;
        ++translucent;
      }
      coloured += !white || d.translucent > 0;
    }
  INFO(translucent << " translucent of " << coloured << " coloured or dark dice, " << smoke << " smoke with red pips");
  CHECK(translucent > coloured / 5);
  CHECK(translucent < coloured / 2);
  CHECK(smoke > translucent / 5);
}

TEST_CASE("a maker's logo takes the place of a 1's pip, and only a 1's", "[dice_vision][scene]") {
  // Pip-coloured area on the face: a logo covers several times a pip's.
  const auto ink = [](const SceneDie& d) {
    cv::Mat dark;
    cv::inRange(render_scene(plain_scene(d))(die_box(d)), cv::Scalar::all(0), cv::Scalar::all(90), dark);
    return cv::countNonZero(dark);
  };
  SceneDie one = one_die(1);
  const int pip = ink(one);
  REQUIRE(pip > 20);
  for (const auto logo : {SceneDie::Logo::Star, SceneDie::Logo::Ring, SceneDie::Logo::Shield}) {
    one.logo = logo;
    INFO("logo " << int(logo));
    CHECK(ink(one) > 2 * pip);
  }
  SceneDie four = one_die(4);
  const cv::Mat plain = render_scene(plain_scene(four));
  four.logo = SceneDie::Logo::Star;
  CHECK(cv::norm(render_scene(plain_scene(four)), plain, cv::NORM_INF) == 0);

  int ones = 0, with_logo = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed)
    for (const auto& d : varied_scene(seed, 20, 60).dice) {
      if (d.pips != 1) CHECK(d.logo == SceneDie::Logo::None);
      ones += d.pips == 1;
      with_logo += d.pips == 1 && d.logo != SceneDie::Logo::None;
    }
  INFO(with_logo << " logos on " << ones << " ones");
  CHECK(with_logo > ones / 8);
  CHECK(with_logo < ones / 2);
}

TEST_CASE("a lamp's highlight is a near-white spot where a pip could sit", "[dice_vision][scene]") {
  // A black die showing 4, with the highlight at its empty centre: there the face turns near
  // white, a pip's width away it stays black, and the four pips stay as they were.
  SceneDie d = one_die(4);
  d.face = {30, 30, 30};
  d.pip = {230, 230, 230};
  const cv::Mat before = render_scene(plain_scene(d));
  d.highlight = 1;
  d.highlight_at = {0, 0};
  const cv::Mat after = render_scene(plain_scene(d));
  const auto grey = [](const cv::Mat& image, cv::Point2f at) {
    const cv::Vec3b p = image.at<cv::Vec3b>(cv::Point(at));
    return (p[0] + p[1] + p[2]) / 3;
  };
  const float half = d.side / 2;
  CHECK(grey(before, d.centre) < 60);
  CHECK(grey(after, d.centre) > 200);
  CHECK(grey(after, d.centre + cv::Point2f(0.45f * half, 0)) < 60);
  const cv::Point2f corner = d.centre + pip_layout(4)[0] * half;
  CHECK(std::abs(grey(after, corner) - grey(before, corner)) <= 3);
}

TEST_CASE("half the varied scenes are lit by a lamp that highlights a free pip place", "[dice_vision][scene]") {
  int lit = 0, dice = 0, highlighted = 0, on_free_place = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const Scene scene = varied_scene(seed, 20, 60);
    bool any = false;
    for (const auto& d : scene.dice) {
      ++dice;
      if (d.highlight == 0) continue;
      any = true;
      ++highlighted;
      const auto pips = pip_layout(d.pips);
      const bool free = std::none_of(pips.begin(), pips.end(), [&](cv::Point2f p) { return cv::norm(p - d.highlight_at) < 0.3; });
      on_free_place += free;
    }
    lit += any;
  }
  INFO(lit << " lit scenes of 200, " << dice << " dice");
  CHECK(lit > 70);
  CHECK(lit < 130);
  CHECK(highlighted > lit);  // most dice of a lit scene
  CHECK(on_free_place == highlighted);
}

TEST_CASE("perspective moves the dice where die_box says they are", "[dice_vision][scene]") {
  SceneDie d = one_die(6);
  d.face = {40, 40, 200};
  d.centre = {200, 150};
  Scene scene = plain_scene(d);
  const cv::Point2f src[4] = {{0, 0}, {640, 0}, {640, 480}, {0, 480}};
  const cv::Point2f dst[4] = {{60, 20}, {600, 0}, {640, 480}, {0, 440}};
  scene.perspective = cv::Matx33d(cv::getPerspectiveTransform(src, dst));
  const cv::Mat image = render_scene(scene);
  cv::Mat red;
  cv::inRange(image, cv::Scalar(0, 0, 150), cv::Scalar(90, 90, 255), red);
  const cv::Rect seen = cv::boundingRect(red);
  const cv::Rect said = die_box(scene, d);
  CHECK((seen & said).area() > 0.8 * seen.area());
  CHECK(said != die_box(d));
  CHECK(labelled_dice(scene)[0].box == cv::Rect2d(said));
}

TEST_CASE("defocus and motion blur soften the photo, JPEG changes it a little", "[dice_vision][scene]") {
  const Scene sharp = plain_scene(one_die(5));
  const cv::Mat a = render_scene(sharp);
  Scene blurred = sharp;
  blurred.defocus = 2;
  CHECK(sharpness(render_scene(blurred)) < 0.5 * sharpness(a));
  Scene moved = sharp;
  moved.motion = 8;
  CHECK(sharpness(render_scene(moved)) < 0.7 * sharpness(a));
  Scene jpeg = sharp;
  jpeg.jpeg_quality = 40;
  const cv::Mat j = render_scene(jpeg);
  CHECK(cv::norm(a, j, cv::NORM_INF) > 0);
  CHECK(cv::norm(a, j, cv::NORM_L1) / a.total() / 3 < 4);
}

TEST_CASE("every surface and every kind of clutter is drawn", "[dice_vision][scene]") {
  Scene base;
  base.noise = 0;
  base.grain = 0;
  const cv::Mat flat = render_scene(base);
  for (const Surface s : {Surface::Cardboard, Surface::Felt, Surface::Paper, Surface::Tray, Surface::Check}) {
    Scene scene = base;
    scene.surface = s;
    const cv::Mat image = render_scene(scene, 2);
    CHECK(cv::norm(image, flat, cv::NORM_L1) / flat.total() > 2);
  }
  for (int k = 0; k <= static_cast<int>(SceneThing::Kind::Card); ++k) {
    Scene scene = base;
    SceneThing t;
    t.kind = static_cast<SceneThing::Kind>(k);
    t.centre = {320, 240};
    t.size = 60;
    scene.clutter.push_back(t);
    const cv::Mat image = render_scene(scene);
    // The thing (dark grey; a card is light paper) covers a good part of its size; the
    // corner is still table.
    cv::Mat changed;
    cv::absdiff(image, flat, changed);
    cv::cvtColor(changed, changed, cv::COLOR_BGR2GRAY);
    const bool card = t.kind == SceneThing::Kind::Card;
    CHECK(cv::countNonZero(changed > (card ? 20 : 60)) > 0.3 * 60 * 60 / (card ? 1.5 : 1));
    CHECK(cv::norm(image.at<cv::Vec3b>(5, 5), flat.at<cv::Vec3b>(5, 5)) < 3);
  }
}

TEST_CASE("varied scenes are reproducible and keep their dice in the frame at the sizes asked", "[dice_vision][scene]") {
  int dice = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Scene s = varied_scene(seed, 20, 600);
    dice += static_cast<int>(s.dice.size());
    for (const auto& d : s.dice) {
      CHECK(d.side >= 18);
      CHECK(d.side <= 660);
      CHECK(d.pips >= 1);
      CHECK(d.pips <= 6);
      const cv::Rect box = die_box(s, d);
      CHECK((box & cv::Rect({}, s.size)).area() > 0.7 * box.area());
    }
  }
  CHECK(dice > 60);
  const Scene a = varied_scene(9, 20, 60), b = varied_scene(9, 20, 60);
  CHECK(cv::norm(render_scene(a, 9), render_scene(b, 9), cv::NORM_INF) == 0);
}

#include "frontends/dice/pip_counter.h"

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <string>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/die_finder.h"
#include "frontends/dice/pip_layout.h"

using namespace puzzlesat::dice_vision;

namespace {

// Paints `colour` over the image at `strength` (0..1) where the mask `band` (drawn at 255)
// lies, softened at its edge like the renderer's pips.
void paint_band(cv::Mat& image, cv::Mat band, cv::Scalar colour, float strength) {
  cv::GaussianBlur(band, band, cv::Size(), 0.7);
  for (int y = 0; y < image.rows; ++y)
    for (int x = 0; x < image.cols; ++x) {
      const float a = strength * band.at<uchar>(y, x) / 255.f;
      if (a <= 0) continue;
      auto& p = image.at<cv::Vec3b>(y, x);
      for (int c = 0; c < 3; ++c) p[c] = cv::saturate_cast<uchar>((1 - a) * p[c] + a * colour[c]);
    }
}

// Six small dice of one palette in a row on a plain light tray, values 2..6 from `first`
// on, sides 30..45 px (plus `larger` px), a little turned.
Scene tray(cv::Scalar face, cv::Scalar pip, int first, float larger = 0) {
  Scene scene;
  scene.table = cv::Scalar(200, 200, 195);
  scene.grain = 0;
  scene.noise = 2;
  for (int i = 0; i < 6; ++i) {
    SceneDie d;
    d.pips = 2 + (first + i) % 5;
    d.centre = {80.f + 95.f * i, 240.f + 20.f * (i % 2)};
    d.side = 30.f + larger + 5.f * (i % 4);
    d.angle_deg = 9.f * i;
    d.face = face;
    d.pip = pip;
    scene.dice.push_back(d);
  }
  return scene;
}

// The value read nearest to `die`, or 0 when no die is read there.
int value_at(const std::vector<Die>& dice, const SceneDie& die) {
  for (const auto& d : dice) {
    const cv::Point2f c(d.box.x + d.box.width / 2.f, d.box.y + d.box.height / 2.f);
    if (cv::norm(c - die.centre) < die.side / 2) return d.pips;
  }
  return 0;
}

// Reads `image` and checks each die of `scene` is read with its own value, naming `what`.
void check_every_value(const cv::Mat& image, const Scene& scene, const std::string& what = "") {
  const auto dice = read_dice(image);
  for (const auto& die : scene.dice) {
    INFO(what << "side " << die.side << ", value " << die.pips);
    CHECK(value_at(dice, die) == die.pips);
  }
}

}  // namespace

TEST_CASE("pips joined by a fainter vein of their own colour are counted apart", "[dice_vision]") {
  // Marbled dice carry veins of the pips' colour; one running along a face's diagonal joins
  // its corner pips (and the centre pip) into one long blob at half the spots' peak, which is
  // neither round nor pip-sized. When this test was written 6 of these 48 dice read wrong
  // (the centre and a corner pip lost, or a 4 read as 5); the pips' cores, nearer the peak,
  // stand apart.
  struct Palette {
    const char* name;
    cv::Scalar face, pip;  // BGR
  };
  const Palette palettes[] = {
      {"red pips on dark grey", {60, 50, 40}, {60, 60, 200}},
      {"red pips on blue", {150, 70, 40}, {60, 60, 210}},
      {"white pips on black", {40, 40, 40}, {220, 220, 220}},
      {"white pips on red", {40, 40, 175}, {220, 230, 230}},
  };
  for (const auto& palette : palettes)
    for (const int first : {0, 3}) {
      const Scene scene = tray(palette.face, palette.pip, first);
      cv::Mat image = render_scene(scene, 7);
      for (const auto& die : scene.dice) {
        // The vein: 0.07 of a side wide, across the face's diagonal, 60 % of the pips' colour.
        cv::Mat band = cv::Mat::zeros(image.size(), CV_8U);
        const float a = static_cast<float>((die.angle_deg + 45) * CV_PI / 180);
        const cv::Point2f along(std::cos(a), std::sin(a));
        cv::line(band, die.centre - along * (0.45f * die.side), die.centre + along * (0.45f * die.side), cv::Scalar(255),
                 cvRound(0.07f * die.side), cv::LINE_AA);
        paint_band(image, band, die.pip, 0.6f);
      }
      check_every_value(image, scene, std::string(palette.name) + ", ");
    }
}

TEST_CASE("black pips on a dark brass face with a specular streak are read", "[dice_vision]") {
  // A glossy brass die under a lamp shows a near-white highlight further above the face's
  // lightness than its black pips lie below it, so lightness spots were sought the wrong way:
  // the streak was a "pip" in lightness and the pips were lost (4 of these 18 dice read
  // 4 -> 2, 5 -> 2 or 6 -> 3 when this test was written; nellbyler's gold and brass dice,
  // 3 -> 1, 4 -> 1, 5 -> 1). The streak lies between a pip column and the edge, covering no
  // pip.
  const cv::Scalar brass(60, 120, 150), black(25, 25, 30);  // BGR
  for (const int first : {0, 2, 4}) {
    const Scene scene = tray(brass, black, first, 4);
    cv::Mat image = render_scene(scene, 3);
    for (const auto& die : scene.dice) {
      cv::Mat band = cv::Mat::zeros(image.size(), CV_8U);
      const float a = static_cast<float>((die.angle_deg + 90) * CV_PI / 180);
      const cv::Point2f across(-std::sin(a), std::cos(a));
      cv::ellipse(band, cv::RotatedRect(die.centre + across * (0.39f * die.side), {0.75f * die.side, 0.13f * die.side},
                                        die.angle_deg + 90),
                  cv::Scalar(255), cv::FILLED, cv::LINE_AA);
      paint_band(image, band, cv::Scalar::all(250), 1.f);
    }
    check_every_value(image, scene);
  }
}

namespace {

// What JPEG does to colour: the chroma planes (YCrCb) are kept at half resolution, here also
// softened by `blur` pixels of that half-size plane, so small coloured pips close together
// run into one another in hue while their lightness stays sharp.
void subsample_chroma(cv::Mat& bgr, double blur) {
  cv::Mat ycc;
  cv::cvtColor(bgr, ycc, cv::COLOR_BGR2YCrCb);
  std::vector<cv::Mat> planes;
  cv::split(ycc, planes);
  for (int c = 1; c < 3; ++c) {
    cv::Mat half;
    cv::resize(planes[c], half, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
    cv::GaussianBlur(half, half, {0, 0}, blur);
    cv::resize(half, planes[c], planes[c].size(), 0, 0, cv::INTER_LINEAR);
  }
  cv::merge(planes, ycc);
  cv::cvtColor(ycc, bgr, cv::COLOR_YCrCb2BGR);
}

}  // namespace

TEST_CASE("a centre pip that runs into the corner pips in chroma still counts", "[dice_vision]") {
  // Red pips on small dark dice differ from the face mostly in hue, which a JPEG photo keeps
  // at half resolution: a 5's centre pip runs into its corner pips, and the blob reader sees
  // the 4 corners. The pattern reader sees every pip of the 5 standing well clear of the
  // empty grid points but scored it less than 1.2 times the 4 (nellbyler's 5 -> 4 on dark
  // dice); 2 of these 30 dice read 5 -> 4 when this test was written.
  const cv::Scalar dark_grey(50, 50, 55), red(30, 30, 155);  // BGR
  for (int first = 0; first < 5; ++first) {
    Scene scene = tray(dark_grey, red, first);
    for (std::size_t i = 0; i < scene.dice.size(); ++i) {
      scene.dice[i].side = 26.f + 2.f * (i % 4);
      scene.dice[i].angle_deg = 13.f * i;
    }
    cv::Mat image = render_scene(scene, 5 + first);
    subsample_chroma(image, 1.0);
    check_every_value(image, scene);
  }
}

TEST_CASE("a short streak at a 1's corner is not its second pip", "[dice_vision]") {
  // A glint drawn out along a glossy die's corner, or a marbled swirl, can pass the blob
  // reader's roundness test and pair with a lone pip into a 2 (nellbyler's 1 -> 2 on red
  // dice with white pips). Its evidence is a streak twice as long as wide, unlike the pip:
  // the pattern's 1 then replaces the 2. When this test was written one of these 18 dice
  // read 1 -> 2 (the 2s beside them stay 2s).
  const cv::Scalar red(40, 40, 180), white(230, 230, 230);  // BGR
  for (int k = 0; k < 3; ++k) {
    Scene scene = tray(red, white, 0);
    for (std::size_t i = 0; i < scene.dice.size(); ++i) {
      scene.dice[i].pips = i % 2 ? 1 : 2;
      scene.dice[i].side = 30.f + 3.f * ((i + k) % 4);
      scene.dice[i].angle_deg = 11.f * i + 17.f * k;
    }
    cv::Mat image = render_scene(scene, 9 + k);
    for (const auto& die : scene.dice) {
      if (die.pips != 1) continue;
      cv::Mat band = cv::Mat::zeros(image.size(), CV_8U);
      const float a = static_cast<float>((die.angle_deg + 45) * CV_PI / 180);
      const cv::Point2f diagonal(std::cos(a), std::sin(a));
      cv::ellipse(band, cv::RotatedRect(die.centre + diagonal * (0.38f * die.side), {0.24f * die.side, 0.09f * die.side},
                                        die.angle_deg + 45),
                  cv::Scalar(255), cv::FILLED, cv::LINE_AA);
      paint_band(image, band, white, 0.9f);
    }
    check_every_value(image, scene);
  }
}

TEST_CASE("pips of the side face towards the photo's centre are not counted", "[dice_vision]") {
  // A camera looking straight down at a tray sees, on a die away from the photo's centre, the
  // side face that looks towards the centre, between the top face and the centre (nellbyler:
  // a red 2 whose side face adds a third pip). The die's region takes the side face in; its
  // pips lie beyond where the top face can reach from the region's outer edge. Dice here sit
  // on a ring around the centre, one edge towards it, showing that side face with a 3 on it,
  // foreshortened (its pips at a quarter, half and three quarters of its depth). Before this
  // rule 8 of the 24 dice were read with a side pip (1 -> 2, 2 -> 3); now 2 are: the rule
  // lets a pip lie one pip radius past the top face's edge (outlines are not that exact), and
  // the side face's pip nearest the edge, on the smallest dice, lies within that.
  const cv::Scalar red(40, 40, 180), white(230, 230, 230);  // BGR
  int wrong = 0;
  for (int k = 0; k < 3; ++k) {
    Scene scene;
    scene.size = {640, 640};
    scene.table = cv::Scalar(200, 200, 195);
    scene.grain = 0;
    scene.noise = 2;
    scene.shadows = false;
    const cv::Point2f middle(320, 320);
    for (int i = 0; i < 8; ++i) {
      SceneDie d;
      const double ring = (45.0 * i + 10.0 * k) * CV_PI / 180;
      d.pips = 1 + (i + k) % 2;
      d.side = 34.f + 3.f * ((i + k) % 4);
      d.centre = middle + cv::Point2f(float(std::cos(ring)), float(std::sin(ring))) * 230.f;
      d.angle_deg = static_cast<float>(ring * 180 / CV_PI);
      d.face = red;
      d.pip = white;
      scene.dice.push_back(d);
    }
    cv::Mat image = render_scene(scene, 21 + k);
    for (const auto& die : scene.dice) {
      // The side face: the band between the top face's inner edge and that edge moved
      // towards the centre by a third of a side, a little darker, with a 3 squashed into it.
      const cv::Point2f in = (middle - die.centre) * (1.f / static_cast<float>(cv::norm(middle - die.centre)));
      const cv::Point2f along(-in.y, in.x);
      const float h = die.side / 2, depth = die.side / 3;
      const cv::Point2f edge = die.centre + in * h;
      const cv::Point corners[4] = {edge + along * h, edge - along * h, edge - along * h + in * depth,
                                    edge + along * h + in * depth};
      cv::fillConvexPoly(image, corners, 4, red * 0.8, cv::LINE_AA);
      for (int p = -1; p <= 1; ++p) {
        const cv::Point2f c = edge + in * (depth / 2 + p * depth * 0.25f) + along * (p * h * 0.5f);
        const double turn = std::atan2(in.y, in.x) * 180 / CV_PI;
        cv::ellipse(image, cv::RotatedRect(c, {0.16f * die.side * 0.6f, 0.16f * die.side}, float(turn)), white * 0.9,
                    cv::FILLED, cv::LINE_AA);
      }
    }
    const auto dice = read_dice(image);
    for (const auto& die : scene.dice) {
      INFO("round " << k << ", side " << die.side << ", value " << die.pips << " at " << die.centre);
      const int read = value_at(dice, die);
      CHECK(read >= die.pips);  // the top face's own pips are all still read
      wrong += read != die.pips;
    }
  }
  CHECK(wrong <= 2);
}

TEST_CASE("a pip dulled by a marbled swirl still counts when the face shows it clearly", "[dice_vision]") {
  // Marbled dice with red pips (nellbyler's blue and teal dice): a swirl of the face's own
  // colours running over one pip dulls it to another shade, so the blob reader loses it and
  // the pattern reader's value that has it is unlike in colour. When the pattern still shows
  // every pip standing clear of every empty point and explains the face clearly better, the
  // pip counts (reading_choice.cpp, kDulledMargin). Before that rule 14 of these 24 dice read
  // one pip short; now 6 do (their dulled pip stands out from the empty grid points by less
  // than the margin asks).
  const cv::Scalar teal(120, 90, 30), red(50, 40, 170), swirl(150, 60, 110);  // BGR
  int wrong = 0, total = 0;
  for (int k = 0; k < 4; ++k) {
    Scene scene = tray(teal, red, k);
    for (std::size_t i = 0; i < scene.dice.size(); ++i) {
      scene.dice[i].side = 30.f + 2.f * ((i + k) % 4);
      scene.dice[i].angle_deg = 13.f * i + 7.f * k;
    }
    cv::Mat image = render_scene(scene, 31 + k);
    for (const auto& die : scene.dice) {
      const auto layout = pip_layout(die.pips);
      const float a = static_cast<float>(die.angle_deg * CV_PI / 180);
      const cv::Point2f p = layout.back() * (die.side / 2);
      const cv::Point2f c(p.x * std::cos(a) - p.y * std::sin(a), p.x * std::sin(a) + p.y * std::cos(a));
      cv::Mat band = cv::Mat::zeros(image.size(), CV_8U);
      cv::circle(band, die.centre + c, static_cast<int>(std::lround(0.2 * die.side)), cv::Scalar(255), cv::FILLED,
                 cv::LINE_AA);
      paint_band(image, band, swirl, 0.7f);
    }
    const auto dice = read_dice(image);
    for (const auto& die : scene.dice) {
      INFO("round " << k << ", side " << die.side << ", value " << die.pips);
      const int read = value_at(dice, die);
      wrong += read != die.pips;
      ++total;
      CHECK(read <= die.pips);  // the dulled pip is never made up for elsewhere
    }
  }
  INFO(wrong << " of " << total << " dice read short");
  CHECK(wrong <= 6);
}

TEST_CASE("a swirl across a 4's middle that falls into two cores is not a 6's middle pair", "[dice_vision]") {
  // A marbled swirl of the pips' colour across the middle of a purple 4 (nellbyler's 100242)
  // breaks into two short cores between the pip columns that the blob reader takes for a 6's
  // middle pair, though the pattern reader cannot place a 6 on the face. Here each core is an
  // ellipse 0.18 x 0.09 of a side, 0.13 of a side from the centre along the columns. When
  // this test was written 15 of these 18 dice read wrong (14 as 6) before the looser streak
  // test for a blob value the pattern cannot place, and 5 after (4 as 6): the rule is a
  // clear gain here but not a cure (cores a little wider, 0.1, still read as 6).
  const cv::Scalar purple(120, 40, 110), white(225, 225, 225);  // BGR
  int wrong = 0;
  for (int k = 0; k < 3; ++k) {
    Scene scene = tray(purple, white, 0, 4);
    for (std::size_t i = 0; i < scene.dice.size(); ++i) {
      scene.dice[i].pips = 4;
      scene.dice[i].side = 32.f + 3.f * ((i + k) % 4);
      scene.dice[i].angle_deg = 13.f * i + 7.f * k;
    }
    cv::Mat image = render_scene(scene, 21 + k);
    for (const auto& die : scene.dice) {
      cv::Mat band = cv::Mat::zeros(image.size(), CV_8U);
      const float a = static_cast<float>((die.angle_deg + 90) * CV_PI / 180);
      const cv::Point2f along(std::cos(a), std::sin(a));
      for (const float s : {-1.f, 1.f})
        cv::ellipse(band,
                    cv::RotatedRect(die.centre + along * (s * 0.13f * die.side), {0.18f * die.side, 0.09f * die.side},
                                    die.angle_deg + 90),
                    cv::Scalar(255), cv::FILLED, cv::LINE_AA);
      paint_band(image, band, white, 0.9f);
    }
    const auto dice = read_dice(image);
    for (const auto& die : scene.dice) {
      const int read = value_at(dice, die);
      INFO("side " << die.side << ", read " << read);
      CHECK(read >= die.pips);  // the swirl never hides a pip
      wrong += read != die.pips;
    }
  }
  // At most a third of the 18 read wrong (before the rule: 15).
  CHECK(wrong <= 6);
}

TEST_CASE("a large die's pips are counted on its box shrunk to the canonical size", "[dice_vision]") {
  // Scale first: a die far wider than the readers' pixel sizes were chosen on (a phone photo
  // of a few dice) is read from its box shrunk to reader_die_target. The reading and its pip
  // centres, mapped back to the image, must be those of the same die read at full size.
  for (int pips = 1; pips <= 6; ++pips) {
    Scene scene;
    scene.size = {960, 720};
    scene.grain = 0;
    SceneDie d;
    d.pips = pips;
    d.centre = {420.f + 20.f * pips, 330.f};
    d.side = 200.f + 15.f * pips;
    d.angle_deg = 7.f * pips;
    scene.dice.push_back(d);
    const cv::Mat image = render_scene(scene, 40 + pips);
    cv::Mat lab;
    cv::cvtColor(image, lab, cv::COLOR_BGR2Lab);
    // The die's region: the largest holding its centre (a shadow may make a second).
    const auto regions = find_die_regions(image);
    const DieRegion* region = nullptr;
    for (const auto& r : regions)
      if (r.box.contains(d.centre) && (!region || r.box.area() > region->box.area())) region = &r;
    REQUIRE(region);
    INFO(pips << " pips on a die of " << d.side << " px, " << regions.size() << " regions");
    DiceSettings full_size;
    full_size.reader_die_max = 10000;
    const PipReading shrunk = count_pips(lab, *region);
    const PipReading whole = count_pips(lab, *region, full_size);
    CHECK(shrunk.pips == pips);
    CHECK(whole.pips == pips);
    REQUIRE(shrunk.centres.size() == whole.centres.size());
    for (const cv::Point2f& c : shrunk.centres) {
      double nearest = 1e9;
      for (const cv::Point2f& w : whole.centres) nearest = std::min(nearest, cv::norm(c - w));
      CHECK(nearest < 0.05 * d.side);
    }
    CHECK((shrunk.face & whole.face).area() > 0.8 * whole.face.area());
  }
}

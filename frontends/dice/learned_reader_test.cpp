#include "frontends/dice/learned_reader.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <iostream>
#include <utility>
#include <vector>

#include "frontends/dice/crop_set.h"
#include "frontends/dice/dice_labels.h"
#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/dice_testing.h"
#include "frontends/dice/die_crop.h"

using namespace puzzlesat::dice_vision;
using namespace puzzlesat::dice_vision::testing;

namespace {

// The crops scene_crops cuts from the varied scenes of seeds first..last (dice 20-200 px),
// with their labels.
std::pair<std::vector<cv::Mat>, std::vector<int>> rendered_crops(std::uint64_t first, std::uint64_t last) {
  std::pair<std::vector<cv::Mat>, std::vector<int>> out;
  for (std::uint64_t seed = first; seed <= last; ++seed)
    for (const auto& c : scene_crops(seed, kCropSize, 20, 200)) {
      out.first.push_back(c.image);
      out.second.push_back(c.label);
    }
  return out;
}

// Plain scene `seed` seen steeply (scripts/dice-render-bench plain-steep), as its photo.
std::pair<Scene, cv::Mat> steep_plain_photo(std::uint64_t seed) {
  PlainSceneOptions steep;
  steep.steep = true;
  Scene scene = plain_scene(seed, steep);
  cv::Mat photo = render_jpeg(scene, seed);
  return {std::move(scene), std::move(photo)};
}

}  // namespace

TEST_CASE("the learned reader's model is found in the source tree and loads", "[dice_vision][learned]") {
  const std::string path = learned_model_path();
  CHECK(path.find("dice_reader.onnx") != std::string::npos);
  REQUIRE(learned_reader_available());
  const auto r = read_crops({cv::Mat(kCropSize, kCropSize, CV_8UC3, cv::Scalar(120, 160, 190))});
  REQUIRE(r.size() == 1);
  float sum = 0;
  for (float p : r[0].probabilities) sum += p;
  CHECK(sum == Approx(1).margin(1e-4));
  CHECK(r[0].pips == 0);  // a bare patch of table is no die
}

// Scenes from seeds the training never drew (train.py draws its scenes from runs seeded
// 1 and 2 through dice-crops' seed mixing, and tests on 101 and 102).
TEST_CASE("the learned reader reads rendered dice it was not trained on", "[dice_vision][learned][sweep]") {
  REQUIRE(learned_reader_available());
  int dice = 0, dice_right = 0, others = 0, others_right = 0;
  const auto [crops, labels] = rendered_crops(7'000'001, 7'000'150);
  const auto start = std::chrono::steady_clock::now();
  const auto readings = read_crops(crops);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(readings.size() == labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    (labels[i] ? dice : others) += 1;
    if (readings[i].pips == labels[i]) (labels[i] ? dice_right : others_right) += 1;
  }
  const double dice_accuracy = double(dice_right) / dice, other_accuracy = double(others_right) / others;
  std::cout << "learned reader on " << dice << " rendered dice: " << 100 * dice_accuracy << "% right; on " << others
            << " crops of no die: " << 100 * other_accuracy << "%; " << ms / labels.size() << " ms per crop\n";
  REQUIRE(dice > 300);
  CHECK(dice_accuracy >= DICE_FLOOR);
  CHECK(other_accuracy >= OTHER_FLOOR);
}

TEST_CASE("the reader's three modes read a plain rendered roll alike", "[dice_vision][learned]") {
  SceneOptions options;
  options.dice = 5;
  const Scene scene = random_scene(11, options);
  const cv::Mat image = render_scene(scene, 11);
  for (const auto mode : {DieReader::Rules, DieReader::Model, DieReader::Both}) {
    ReadOptions o;
    o.reader = mode;
    CHECK(read_values(image, o) == sorted_values(scene));
  }
  CHECK(parse_die_reader("model") == DieReader::Model);
  CHECK_THROWS(parse_die_reader("magic"));
}

// Phone photos of white dice (plain scenes, as scripts/dice-render-bench writes them): on
// these the rules read a side face's pips or a pip short where they are in doubt, and the
// model, sure of the top face, corrects them (overrule, doubt). Scenes 72 and 107 are the
// ones of plain 41..120 that the overrule turns right; none turns wrong there. (Scenes 56,
// 66, 70 and 77 were such too, until the rules read them right themselves: 56 once the two
// readings of a large die were combined, two_readings.h; the others once an outlined top
// face took the place of the die with its side faces, finder_outline_swallow.)
TEST_CASE("the model corrects doubtful rules readings on phone photos", "[dice_vision][learned]") {
  REQUIRE(learned_reader_available());
  ReadOptions overruled, rules_only;
  REQUIRE(overruled.settings.overrule < 1);  // on by default
  rules_only.settings.overrule = 1;
  for (const std::uint64_t seed : {72, 107}) {
    const Scene scene = plain_scene(seed);
    const cv::Mat photo = render_jpeg(scene, seed);
    INFO("plain scene " << seed);
    CHECK(read_values(photo, overruled) == sorted_values(scene));
    CHECK(read_values(photo, rules_only) != sorted_values(scene));
  }
}

// Seen steeply, the rules count a bright side face's pips with the top face's, 0.82-0.89
// surely; the network, sure of the top face, is right (docs/dice-vision.md, overrule).
// Plain steep scenes 87 and 167 (scripts/dice-render-bench plain-steep) are two whose
// wrong die a `doubt` of 0.8 keeps from the network. (Scenes 59 and 60 were such too, until
// an outlined top face took the place of the die with its side faces and the rules read
// them right themselves: finder_outline_swallow.)
TEST_CASE("the model overrules a fairly sure rules reading of a steep photo", "[dice_vision][learned]") {
  REQUIRE(learned_reader_available());
  ReadOptions overruled, doubting_less, rules_only;
  REQUIRE(overruled.settings.doubt > 0.8);
  doubting_less.settings.doubt = 0.8;
  rules_only.reader = DieReader::Rules;
  for (const std::uint64_t seed : {87, 167}) {
    const auto [scene, photo] = steep_plain_photo(seed);
    INFO("steep plain scene " << seed);
    CHECK(read_values(photo, overruled) == sorted_values(scene));
    CHECK(read_values(photo, doubting_less) != sorted_values(scene));
    CHECK(read_values(photo, rules_only) != sorted_values(scene));
  }
}

// Seen steeply, a white die's side face is framed as a die of its own beside the top face,
// and the rules read its pips. Plain steep scenes 8, 26 and 61 each show one such side
// face, which the network doubts while it vouches for the die beside it (agree_side_*).
TEST_CASE("a steep die's side face seen in detail is not read as another die", "[dice_vision][learned]") {
  REQUIRE(learned_reader_available());
  ReadOptions side_faces_kept;
  side_faces_kept.settings.agree_side_detail = 10000;
  for (const std::uint64_t seed : {8, 26, 61}) {
    const auto [scene, photo] = steep_plain_photo(seed);
    INFO("steep plain scene " << seed);
    CHECK(read_values(photo) == sorted_values(scene));
    CHECK(read_values(photo, side_faces_kept).size() > scene.dice.size());
  }
}

// Seen steeply, a white die's foreground takes in its side faces, and the rules counted
// their pips with the top face's (a 5 read as 1, a 6 as 1, a 2 as 1). The top face's own
// outline is in the die's region, far smaller than it: it takes the region's place
// (finder_outline_swallow), and the network reads both the face and the whole die
// (DieRegion::body). Plain steep scenes 12, 52 and 65 each have one such die.
TEST_CASE("a steep die's top face is read from its outline, not with its side faces", "[dice_vision][learned]") {
  REQUIRE(learned_reader_available());
  ReadOptions whole_dice;
  whole_dice.settings.finder_outline_swallow = 1000;
  for (const std::uint64_t seed : {12, 52, 65}) {
    const auto [scene, photo] = steep_plain_photo(seed);
    INFO("steep plain scene " << seed);
    const std::vector<LabelledDie> labels = labelled_dice(scene);
    const auto read = read_dice(photo);
    const auto score = score_reading(read, sorted_values(scene), labels);
    CHECK(score.exact);
    CHECK(score.correct == int(scene.dice.size()));
    CHECK_FALSE(score_reading(read_dice(photo, whole_dice), sorted_values(scene), labels).exact);
    // Every die is framed by its top face: the box read is no larger than the label's
    // (the top face's box) by more than the rim.
    const std::vector<int> read_at = match_dice(read, labels);
    for (std::size_t i = 0; i < labels.size(); ++i) {
      REQUIRE(read_at[i] >= 0);
      CHECK(double(read[read_at[i]].box.area()) <= 1.5 * labels[i].box.area());
    }
  }
}

// read_dice loads the model on a thread of its own and warms it with a one-crop pass, then
// reads batches of any size: none of that may change a reading.
TEST_CASE("the learned reader reads a crop the same after a preload, alone or in a batch", "[dice_vision][learned]") {
  preload_learned_reader().wait();
  preload_learned_reader().wait();  // once per process
  REQUIRE(learned_reader_available());
  std::vector<cv::Mat> crops;
  for (const auto& c : scene_crops(7'000'201, kCropSize, 20, 200)) crops.push_back(c.image);
  REQUIRE(crops.size() >= 3);
  const auto batch = read_crops(crops);
  REQUIRE(batch.size() == crops.size());
  for (std::size_t i = 0; i < crops.size(); ++i) {
    const auto alone = read_crops({crops[i]});
    REQUIRE(alone.size() == 1);
    CHECK(alone[0].pips == batch[i].pips);
    for (int k = 0; k < 7; ++k) CHECK(alone[0].probabilities[k] == Approx(batch[i].probabilities[k]).margin(1e-5));
  }
}

// read_at_scale reads every crop's first view, then the other views of only some crops in a
// second pass: their readings must be those of one pass over all views, to the bit (the
// dice readings are compared byte for byte before and after), and a crop left at its
// first view must be one that could not have read as a die at the threshold.
TEST_CASE("the learned reader read in two passes reads as one pass does", "[dice_vision][learned]") {
  REQUIRE(learned_reader_available());
  const auto [crops, labels] = rendered_crops(7'000'211, 7'000'220);
  REQUIRE(crops.size() >= 10);
  const int views = 4;
  const double threshold = 0.97;
  const auto whole = read_crops(crops, views);
  auto seen = read_views(crops, 0, 1);
  REQUIRE(seen.size() == crops.size());
  std::vector<std::size_t> again;
  std::vector<cv::Mat> more;
  for (std::size_t i = 0; i < crops.size(); i += 2) again.push_back(i), more.push_back(crops[i]);
  const auto rest = read_views(more, 1, views - 1);
  REQUIRE(rest.size() == more.size());
  for (std::size_t j = 0; j < again.size(); ++j) {
    auto& v = seen[again[j]];
    v.insert(v.end(), rest[j].begin(), rest[j].end());
    const LearnedReading r = mean_reading(v);
    CHECK(r.pips == whole[again[j]].pips);
    CHECK(r.probability == whole[again[j]].probability);
    CHECK(r.probabilities == whole[again[j]].probabilities);
  }
  for (std::size_t i = 0; i < crops.size(); ++i)
    if (!may_read_die_at(seen[i][0], views, threshold)) CHECK((whole[i].pips == 0 || whole[i].probability < threshold));
}

TEST_CASE("a crop may still read as a die only if its first view leaves the threshold in reach", "[dice_vision][learned]") {
  ViewProbabilities p{};
  p[0] = 0.1, p[3] = 0.9;
  CHECK(may_read_die_at(p, 4, 0.97));   // 0.9 + 3 other views at 1: 0.975
  CHECK_FALSE(may_read_die_at(p, 4, 0.98));  // at most 0.975
  CHECK_FALSE(may_read_die_at(p, 4, 1));     // 1 is never met
  CHECK(may_read_die_at(p, 1, 0.9));
  CHECK_FALSE(may_read_die_at(p, 1, 0.95));
  p[3] = 0, p[0] = 1;
  CHECK_FALSE(may_read_die_at(p, 4, 0.97));  // "no die" never counts
  CHECK(may_read_die_at(p, 4, 0.5));         // 0 + 3 views: 0.75
}

// Read four ways (quarter turns) and averaged, a crop and the same crop turned read the
// same, by construction: the same four pictures go through the network. Eight ways add the
// mirror images. The crops given are left as they were. On dice the training never drew,
// the average is right at least as often as one reading.
// Over two hundred crops read 26 ways each: left out of the sanitizer build (the [sweep]
// tag), where every dice photo read goes through the same views.
TEST_CASE("the learned reader read several ways reads a turned crop the same, and no worse", "[dice_vision][learned][sweep]") {
  REQUIRE(learned_reader_available());
  const auto [crops, labels] = rendered_crops(7'000'301, 7'000'360);
  REQUIRE(crops.size() > 200);
  std::vector<cv::Mat> before;
  for (const auto& c : crops) before.push_back(c.clone());
  const auto once = read_crops(crops, 1);
  const auto four = read_crops(crops, 4);
  const auto eight = read_crops(crops, 8);
  for (std::size_t i = 0; i < crops.size(); ++i) REQUIRE(cv::norm(crops[i], before[i], cv::NORM_INF) == 0);
  std::vector<cv::Mat> turned(crops.size()), mirrored(crops.size());
  for (std::size_t i = 0; i < crops.size(); ++i) {
    cv::rotate(crops[i], turned[i], cv::ROTATE_90_COUNTERCLOCKWISE);
    cv::flip(crops[i], mirrored[i], 1);
  }
  const auto four_turned = read_crops(turned, 4);
  const auto eight_mirrored = read_crops(mirrored, 8);
  int differ_once = 0, right_once = 0, right_four = 0, right_eight = 0;
  const auto once_turned = read_crops(turned, 1);
  for (std::size_t i = 0; i < crops.size(); ++i) {
    for (int k = 0; k < 7; ++k) {
      CHECK(four_turned[i].probabilities[k] == Approx(four[i].probabilities[k]).margin(1e-4));
      CHECK(eight_mirrored[i].probabilities[k] == Approx(eight[i].probabilities[k]).margin(1e-4));
    }
    differ_once += once_turned[i].pips != once[i].pips;
    right_once += once[i].pips == labels[i];
    right_four += four[i].pips == labels[i];
    right_eight += eight[i].pips == labels[i];
  }
  std::cout << "learned reader on " << crops.size() << " rendered crops: right " << right_once << " read once, "
            << right_four << " four ways, " << right_eight << " eight ways; " << differ_once
            << " read otherwise once turned\n";
  CHECK(differ_once > 0);  // else the views would buy nothing
  CHECK(right_four >= right_once);
  CHECK(right_eight >= right_once);
}

// Metamorphic: a die's reading must not hang on how tightly its region is cut. On a photo
// the finder's box often takes in a shadow or a side face, so the die fills less of its
// crop than on a render; a model that learned the dice's size in the crop instead of
// their pips reads a third of such dice differently (train.py, augment). Rendered dice of
// scenes never trained on, cut by their extent at 0.95, 1.15 and 1.35 times its size:
// each cut reads almost all of them right, and the three agree on almost all.
TEST_CASE("the learned reader reads a die alike whether its crop is cut tight or loose", "[dice_vision][learned]") {
  REQUIRE(learned_reader_available());
  const std::array<double, 3> cuts{0.95, 1.15, 1.35};
  std::vector<cv::Mat> crops;
  std::vector<int> labels;
  for (std::uint64_t seed = 7'100'001; seed <= 7'100'120; ++seed) {
    const Scene scene = varied_scene(seed, 24, 160);
    const cv::Mat photo = render_scene(scene, seed);
    for (const auto& d : scene.dice) {
      const cv::Rect2d e(die_extent(scene, d));
      const cv::Point2d c(e.x + e.width / 2, e.y + e.height / 2);
      const double side = std::max(e.width, e.height);
      labels.push_back(d.pips);
      for (const double k : cuts) crops.push_back(die_crop(photo, {c.x - k * side / 2, c.y - k * side / 2, k * side, k * side}));
    }
  }
  const auto readings = read_crops(crops);
  REQUIRE(readings.size() == 3 * labels.size());
  std::array<int, 3> right{};
  int alike = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    for (std::size_t k = 0; k < 3; ++k) right[k] += readings[3 * i + k].pips == labels[i];
    alike += readings[3 * i].pips == readings[3 * i + 1].pips && readings[3 * i + 1].pips == readings[3 * i + 2].pips;
  }
  const double n = double(labels.size());
  std::cout << "learned reader on " << labels.size() << " rendered dice cut at 0.95/1.15/1.35: " << 100 * right[0] / n << "/"
            << 100 * right[1] / n << "/" << 100 * right[2] / n << "% right, " << 100 * alike / n << "% read alike\n";
  REQUIRE(labels.size() > 250);
  for (const int r : right) CHECK(r / n >= CUT_FLOOR);
  CHECK(alike / n >= CUT_ALIKE_FLOOR);
}

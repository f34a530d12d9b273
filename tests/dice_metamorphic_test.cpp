// Metamorphic tests of the dice reader on the labelled photos in ../shared/data (skipped
// without them): the same photo scaled up 2x or 4x, down to half, saved as JPEG at
// quality 60 or turned a quarter turn shows the same dice, so it must read the same; a die
// cut out of it shows that die alone. The photos are read in place; nothing derived from
// them is kept.
#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_testing.h"
#include "frontends/image/image_file.h"
#include "frontends/image/load_image.h"
#include "tests/data_paths.h"

namespace puzzlesat::dice_vision {
namespace fs = std::filesystem;

namespace {

std::vector<int> values(const cv::Mat& image) {
  std::vector<int> v;
  for (const auto& d : read_dice(image)) v.push_back(d.pips);
  std::sort(v.begin(), v.end());
  return v;
}

struct Change {
  std::string name;
  std::function<cv::Mat(const cv::Mat&)> apply;
  double floor;  // share of photos that must read the same as the original
};

cv::Mat scaled(const cv::Mat& m, double f) {
  cv::Mat out;
  cv::resize(m, out, {}, f, f, f < 1 ? cv::INTER_AREA : cv::INTER_CUBIC);
  return out;
}

// A source's labelled photos, sorted by name.
std::vector<fs::path> photos_of(const std::string& source) {
  const fs::path dir = puzzlesat::testing::shared_data() / "dice" / source / "train";
  std::vector<fs::path> photos;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".jpg") photos.push_back(e.path());
  std::sort(photos.begin(), photos.end());
  return photos;
}

// Every `step`-th photo of a source, to keep the test short.
void check_source(const std::string& source, int step, const std::vector<Change>& changes) {
  const std::vector<fs::path> photos = photos_of(source);
  std::vector<int> same(changes.size(), 0);
  int n = 0;
  for (std::size_t i = 0; i < photos.size(); i += step, ++n) {
    const cv::Mat image = puzzlesat::image::load_image(photos[i].string());
    const auto original = values(image);
    for (std::size_t c = 0; c < changes.size(); ++c) same[c] += values(changes[c].apply(image)) == original;
  }
  for (std::size_t c = 0; c < changes.size(); ++c) {
    std::cout << source << ", " << changes[c].name << ": " << same[c] << " of " << n << " photos read the same\n";
    INFO(source << ", " << changes[c].name << ": " << same[c] << " of " << n);
    CHECK(same[c] >= changes[c].floor * n - 1e-9);  // a floor of 0.56 of 50 is 28.000000000000004
  }
}

std::vector<Change> changes(double up2, double up4, double down, double jpeg, double turn) {
  return {{"2x up", [](const cv::Mat& m) { return scaled(m, 2); }, up2},
          {"4x up", [](const cv::Mat& m) { return scaled(m, 4); }, up4},
          {"0.5x down", [](const cv::Mat& m) { return scaled(m, 0.5); }, down},
          {"JPEG q60", [](const cv::Mat& m) { return puzzlesat::image::decode_image(puzzlesat::image::encode_jpeg(m, 60)); }, jpeg},
          {"90 degrees", [](const cv::Mat& m) {
             cv::Mat out;
             cv::rotate(m, out, cv::ROTATE_90_CLOCKWISE);
             return out;
           }, turn}};
}

// Each die the reader finds in a photo, cut out alone with `context` times its side around
// it (testing::crop_alone; dice whose crop takes in another are skipped), must read alone
// as that one die with the same value. Returns {read the same, dice cut}.
std::pair<int, int> cut_out_dice(const std::string& source, int step, double context) {
  const std::vector<fs::path> photos = photos_of(source);
  int same = 0, cut = 0;
  for (std::size_t i = 0; i < photos.size(); i += step) {
    const cv::Mat image = puzzlesat::image::load_image(photos[i].string());
    const auto dice = read_dice(image);
    std::vector<cv::Rect> boxes;
    for (const auto& d : dice) boxes.push_back(d.box);
    for (std::size_t d = 0; d < dice.size(); ++d) {
      const cv::Rect crop = testing::crop_alone(dice[d].box, context, image.size(), boxes);
      if (crop.empty()) continue;
      ++cut;
      const auto alone = read_dice(image(crop).clone());
      same += alone.size() == 1 && alone[0].pips == dice[d].pips;
    }
  }
  std::cout << source << ", each die cut out at " << context << "x its side: " << same << " of " << cut
            << " read the same alone\n";
  return {same, cut};
}

}  // namespace

// Floors are what the reader reaches today (docs/dice-vision.md), not the goal (all).
TEST_CASE("dice photos read the same scaled, recompressed and turned (matteop65)", "[dice_vision][data][metamorphic]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/matteop65/train");
  check_source("matteop65", 6, changes(M_UP2, M_UP4, M_DOWN, M_JPEG, M_TURN));
}

TEST_CASE("dice photos read the same scaled, recompressed and turned (nellbyler)", "[dice_vision][data][metamorphic]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/nellbyler/train");
  check_source("nellbyler", 4, changes(N_UP2, N_UP4, N_DOWN, N_JPEG, N_TURN));
}

// Floors a little under what the reader reaches (2 Dec 2026: matteop65 20 of 47, 52 of
// 103, 45 of 136; nellbyler 95 of 116, 94 of 185, 72 of 221; without the close-up reading,
// reader_closeup_pad 0, 15, 29, 4 and 79, 60, 25): a die that fills the frame is read far
// worse than the same die on its table (docs/dice-vision.md, Known limits).
TEST_CASE("a die cut out of its photo reads the same alone", "[dice_vision][data][metamorphic]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/matteop65/train");
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/nellbyler/train");
  struct Cut {
    const char* source;
    int step;
    double context, floor;
  };
  for (const Cut c : {Cut{"matteop65", 6, 3, 0.38}, Cut{"matteop65", 6, 2, 0.45}, Cut{"matteop65", 6, 1.4, 0.29},
                      Cut{"nellbyler", 4, 3, 0.78}, Cut{"nellbyler", 4, 2, 0.46}, Cut{"nellbyler", 4, 1.4, 0.29}}) {
    const auto [same, cut] = cut_out_dice(c.source, c.step, c.context);
    INFO(c.source << " cut at " << c.context << "x: " << same << " of " << cut);
    CHECK(cut >= 40);
    CHECK(same >= c.floor * cut);
  }
}

}  // namespace puzzlesat::dice_vision

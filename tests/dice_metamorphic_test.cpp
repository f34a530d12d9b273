// Metamorphic tests of the dice reader on the labelled photos in ../shared/data (skipped
// without them): the same photo scaled up 2x or 4x, down to half, saved as JPEG at
// quality 60 or turned a quarter turn shows the same dice, so it must read the same. The
// photos are read in place; nothing derived from them is kept.
#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "frontends/dice/dice_reader.h"
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

// Every `step`-th photo of a source, to keep the test short.
void check_source(const std::string& source, int step, const std::vector<Change>& changes) {
  const fs::path dir = puzzlesat::testing::shared_data() / "dice" / source / "train";
  std::vector<fs::path> photos;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".jpg") photos.push_back(e.path());
  std::sort(photos.begin(), photos.end());
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

}  // namespace puzzlesat::dice_vision

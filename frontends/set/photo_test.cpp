#include "frontends/set/photo.h"
#include "frontends/image/image_file.h"

#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <puzzlesat/input_error.h>

using puzzlesat::InputError;
using puzzlesat::set_vision::load_photo;
namespace fs = std::filesystem;

TEST_CASE("load_photo rejects a missing file and a file that is not an image") {
  REQUIRE_THROWS_AS(load_photo("/nonexistent/table.jpg"), InputError);
  fs::path text = fs::temp_directory_path() / ("set_vision_not_an_image_" + std::to_string(::getpid()) + ".jpg");
  std::ofstream(text) << "this is text, not a JPEG\n";
  REQUIRE_THROWS_AS(load_photo(text.string()), InputError);
  fs::remove(text);
}

TEST_CASE("load_photo decodes large JPEGs reduced and reports the original size") {
  cv::Mat big(1800, 3200, CV_8UC3, cv::Scalar(40, 120, 200));
  fs::path file = fs::temp_directory_path() / ("set_vision_big_" + std::to_string(::getpid()) + ".jpg");
  REQUIRE(puzzlesat::image::write_image(file.string(), big));
  auto full = load_photo(file.string(), 5000);
  REQUIRE(full.scale == 1);
  REQUIRE(full.image.size() == big.size());
  auto half = load_photo(file.string(), 1400);
  REQUIRE(half.scale == 2);
  REQUIRE(half.image.cols == 1600);
  REQUIRE(half.original == big.size());
  auto quarter = load_photo(file.string(), 800);
  REQUIRE(quarter.scale == 4);
  REQUIRE(quarter.image.cols == 800);
  fs::remove(file);
}

#include "frontends/image/load_image.h"

#include <catch2/catch.hpp>
#include <opencv2/imgcodecs.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <puzzlesat/input_error.h>
#include "frontends/image/image_file.h"
#include "tests/temp_file.h"

using namespace puzzlesat;
namespace fs = std::filesystem;

using puzzlesat::testing::TempDir;
namespace {

// The message load_image throws for `path`, or "" when it loads.
std::string refusal(const fs::path& path) {
  try {
    image::load_image(path.string());
  } catch (const InputError& e) {
    CHECK(e.where().file == path.string());
    return e.message();
  }
  return "";
}

// A valid baseline JPEG whose frame header claims width x height: libjpeg would decode it
// into a width x height x 3 buffer.
std::vector<std::uint8_t> jpeg_claiming(int width, int height) {
  std::vector<std::uint8_t> bytes = image::encode_jpeg(cv::Mat(16, 16, CV_8UC3, cv::Scalar(1, 2, 3)));
  for (std::size_t i = 2; i + 9 < bytes.size(); ++i) {
    if (bytes[i] == 0xFF && bytes[i + 1] == 0xC0) {
      bytes[i + 5] = std::uint8_t(height >> 8), bytes[i + 6] = std::uint8_t(height & 0xFF);
      bytes[i + 7] = std::uint8_t(width >> 8), bytes[i + 8] = std::uint8_t(width & 0xFF);
      return bytes;
    }
  }
  FAIL("no SOF0 marker");
  return {};
}

}  // namespace

TEST_CASE("load_image returns the decoded picture", "[image]") {
  TempDir dir;
  const cv::Mat picture(120, 200, CV_8UC3, cv::Scalar(10, 120, 240));
  REQUIRE(cv::imwrite((dir.path() / "ok.png").string(), picture));
  const cv::Mat loaded = image::load_image((dir.path() / "ok.png").string());
  CHECK(loaded.size() == picture.size());
  CHECK(cv::norm(loaded, picture, cv::NORM_INF) == 0);
  CHECK(image::stored_size((dir.path() / "ok.png").string()) == picture.size());
}

TEST_CASE("load_image names the file and the fault for bad images", "[image]") {
  TempDir dir;
  CHECK(refusal(dir.path() / "missing.jpg") == "no such file");
  CHECK(refusal(dir.path()) == "is a directory, not a file");
  std::ofstream(dir.path() / "empty.jpg");
  CHECK(refusal(dir.path() / "empty.jpg") == "empty file, not an image");
  std::ofstream(dir.path() / "text.jpg") << "not a photo\n";
  CHECK(refusal(dir.path() / "text.jpg") == "not a readable image (JPEG or PNG): not a JPEG or PNG");

  // A 20,000 x 30 strip and a 20 x 20 icon hold no puzzle, and would collapse the readers'
  // fixed-size work images to zero rows.
  REQUIRE(cv::imwrite((dir.path() / "strip.png").string(), cv::Mat(30, 20000, CV_8UC3, cv::Scalar::all(255))));
  CHECK(refusal(dir.path() / "strip.png").find("too small or too narrow") != std::string::npos);
  REQUIRE(cv::imwrite((dir.path() / "icon.png").string(), cv::Mat(20, 20, CV_8UC3, cv::Scalar::all(0))));
  CHECK(refusal(dir.path() / "icon.png").find("20x20 px") != std::string::npos);
}

TEST_CASE("a JPEG that claims 65,000 x 65,000 pixels is refused before decoding", "[image]") {
  TempDir dir;
  const auto bytes = jpeg_claiming(65000, 65000);
  std::ofstream(dir.path() / "bomb.jpg", std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                               std::streamsize(bytes.size()));
  CHECK(image::stored_size((dir.path() / "bomb.jpg").string()) == cv::Size(65000, 65000));
  CHECK(refusal(dir.path() / "bomb.jpg").find("megapixel limit") != std::string::npos);
  // The decoder itself refuses it too, for callers that bypass load_image.
  CHECK(image::decode_image(bytes).empty());
  // The same trick at a size within the limit lacks the data for most pixels: refused
  // rather than read as a padded, mostly grey image.
  std::string why;
  CHECK(image::decode_image(jpeg_claiming(64, 48), 1, &why).empty());
  CHECK(why == "truncated or missing image data");
}

TEST_CASE("load_image says why a JPEG is refused: truncated", "[image]") {
  TempDir dir;
  auto bytes = image::encode_jpeg(cv::Mat(64, 64, CV_8UC3, cv::Scalar(1, 2, 3)));
  bytes.resize(bytes.size() / 2);
  std::ofstream(dir.path() / "cut.jpg", std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                              std::streamsize(bytes.size()));
  CHECK(refusal(dir.path() / "cut.jpg").find("truncated") != std::string::npos);
}

#include "frontends/image/image_file.h"

#include <catch2/catch.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>

#include "frontends/image/exif_orientation.h"
#include "tests/data_paths.h"

using namespace puzzlesat;
namespace fs = std::filesystem;

namespace {

// A picture with structure in both directions and every channel, so flips, transposes
// and channel swaps all show.
cv::Mat test_picture(int w, int h, unsigned seed) {
  cv::Mat img(h, w, CV_8UC3);
  std::mt19937 rng(seed);
  cv::randu(img, 0, 255);
  cv::GaussianBlur(img, img, cv::Size(7, 7), 2);
  cv::rectangle(img, {w / 8, h / 6}, {w / 3, h / 2}, {20, 40, 220}, -1);
  cv::circle(img, {3 * w / 4, 2 * h / 3}, h / 6, {200, 180, 10}, -1);
  return img;
}

bool same(const cv::Mat& a, const cv::Mat& b) {
  return a.size() == b.size() && a.type() == b.type() && cv::norm(a, b, cv::NORM_INF) == 0;
}

fs::path temp_dir() {
  fs::path dir = fs::temp_directory_path() / ("puzzlesat-image-test-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

// An APP1 EXIF payload holding only an orientation tag, in either byte order.
std::vector<std::uint8_t> exif_with(int orientation, bool little) {
  std::vector<std::uint8_t> b = {'E', 'x', 'i', 'f', 0, 0};
  auto u16 = [&](int v) {
    if (little) {
      b.push_back(std::uint8_t(v & 0xFF));
      b.push_back(std::uint8_t(v >> 8));
    } else {
      b.push_back(std::uint8_t(v >> 8));
      b.push_back(std::uint8_t(v & 0xFF));
    }
  };
  auto u32 = [&](int v) {
    if (little) {
      u16(v & 0xFFFF);
      u16(v >> 16);
    } else {
      u16(v >> 16);
      u16(v & 0xFFFF);
    }
  };
  b.push_back(little ? 'I' : 'M');
  b.push_back(little ? 'I' : 'M');
  u16(42);
  u32(8);
  u16(1);                          // one entry
  u16(0x0112), u16(3), u32(1);     // Orientation, SHORT, count 1
  u16(orientation), u16(0);        // value, padding
  u32(0);                          // no next IFD
  return b;
}

// A JPEG of img with an EXIF segment spliced in after SOI.
std::vector<std::uint8_t> jpeg_with_exif(const cv::Mat& img, int orientation) {
  std::vector<std::uint8_t> jpeg = image::encode_jpeg(img, 95);
  std::vector<std::uint8_t> exif = exif_with(orientation, orientation % 2 == 0);
  std::vector<std::uint8_t> out(jpeg.begin(), jpeg.begin() + 2);
  out.push_back(0xFF);
  out.push_back(0xE1);
  const std::size_t len = exif.size() + 2;
  out.push_back(std::uint8_t(len >> 8));
  out.push_back(std::uint8_t(len & 0xFF));
  out.insert(out.end(), exif.begin(), exif.end());
  out.insert(out.end(), jpeg.begin() + 2, jpeg.end());
  return out;
}

}  // namespace

TEST_CASE("JPEG encoding and decoding match OpenCV's imgcodecs byte for byte", "[image]") {
  for (int quality : {70, 90, 95}) {
    cv::Mat img = test_picture(317, 211, static_cast<unsigned>(quality));
    std::vector<std::uint8_t> ours = image::encode_jpeg(img, quality);
    std::vector<std::uint8_t> theirs;
    REQUIRE(cv::imencode(".jpg", img, theirs, {cv::IMWRITE_JPEG_QUALITY, quality}));
    CHECK(ours == theirs);
    for (int reduction : {1, 2, 4, 8}) {
      INFO("quality " << quality << ", reduction " << reduction);
      int flag = reduction == 8   ? cv::IMREAD_REDUCED_COLOR_8
                 : reduction == 4 ? cv::IMREAD_REDUCED_COLOR_4
                 : reduction == 2 ? cv::IMREAD_REDUCED_COLOR_2
                                  : cv::IMREAD_COLOR;
      CHECK(same(image::decode_image(ours, reduction), cv::imdecode(theirs, flag)));
    }
  }
  cv::Mat grey;
  cv::cvtColor(test_picture(64, 48, 3), grey, cv::COLOR_BGR2GRAY);
  std::vector<std::uint8_t> jpeg = image::encode_jpeg(grey, 90);
  CHECK(same(image::decode_image(jpeg), cv::imdecode(jpeg, cv::IMREAD_COLOR)));
}

TEST_CASE("EXIF orientation turns a photo upright exactly as imread does", "[image]") {
  cv::Mat img = test_picture(120, 80, 7);
  for (int orientation = 1; orientation <= 8; ++orientation) {
    INFO("orientation " << orientation);
    std::vector<std::uint8_t> bytes = jpeg_with_exif(img, orientation);
    CHECK(image::exif_orientation(std::span(bytes).subspan(6, exif_with(1, true).size())) == orientation);
    cv::Mat ours = image::decode_image(bytes);
    CHECK(ours.size() == (orientation >= 5 ? cv::Size(80, 120) : cv::Size(120, 80)));
    CHECK(same(ours, cv::imdecode(bytes, cv::IMREAD_COLOR)));
    CHECK(same(image::decode_image(bytes, 2), cv::imdecode(bytes, cv::IMREAD_REDUCED_COLOR_2)));
  }
  // Malformed EXIF means upright, never a crash.
  std::vector<std::uint8_t> junk = exif_with(6, true);
  junk.resize(16);
  CHECK(image::exif_orientation(junk) == 1);
  CHECK(image::exif_orientation(std::vector<std::uint8_t>{'E', 'x'}) == 1);
}

TEST_CASE("jpeg_size reads the stored size from the header alone", "[image]") {
  fs::path dir = temp_dir();
  cv::Mat img = test_picture(120, 80, 5);
  std::vector<std::uint8_t> turned = jpeg_with_exif(img, 6);
  fs::path jpg = dir / "turned.jpg";
  {
    std::ofstream out(jpg, std::ios::binary);
    out.write(reinterpret_cast<const char*>(turned.data()), static_cast<std::streamsize>(turned.size()));
  }
  CHECK(image::jpeg_size(jpg.string()) == cv::Size(120, 80));  // as stored, before turning upright
  CHECK(image::read_image(jpg.string()).size() == cv::Size(80, 120));
  fs::path png = dir / "a.png";
  REQUIRE(image::write_image(png.string(), img));
  CHECK(image::jpeg_size(png.string()) == cv::Size());
  CHECK(image::jpeg_size((dir / "missing.jpg").string()) == cv::Size());
  fs::remove_all(dir);
}

TEST_CASE("PNG files round-trip and read like imread", "[image]") {
  fs::path dir = temp_dir();
  cv::Mat img = test_picture(101, 67, 11);
  fs::path png = dir / "a.png";
  REQUIRE(image::write_image(png.string(), img));
  CHECK(same(image::read_image(png.string()), img));
  CHECK(same(cv::imread(png.string(), cv::IMREAD_COLOR), img));
  // Grey, alpha and 16-bit PNGs written by OpenCV come back as imread gives them.
  cv::Mat grey, bgra, deep;
  cv::cvtColor(img, grey, cv::COLOR_BGR2GRAY);
  cv::cvtColor(img, bgra, cv::COLOR_BGR2BGRA);
  img.convertTo(deep, CV_16UC3, 257);
  for (const auto& [name, m] : {std::pair{"grey", grey}, std::pair{"bgra", bgra}, std::pair{"deep", deep}}) {
    INFO(name);
    fs::path f = dir / (std::string(name) + ".png");
    REQUIRE(cv::imwrite(f.string(), m));
    CHECK(same(image::read_image(f.string()), cv::imread(f.string(), cv::IMREAD_COLOR)));
  }
  CHECK(same(image::read_image(png.string(), 4), cv::imread(png.string(), cv::IMREAD_REDUCED_COLOR_4)));
  fs::remove_all(dir);
}

TEST_CASE("Anything that is not a whole JPEG or PNG reads as empty, never a crash", "[image]") {
  fs::path dir = temp_dir();
  CHECK(image::read_image((dir / "missing.jpg").string()).empty());
  CHECK(image::read_image(dir.string()).empty());
  std::vector<std::uint8_t> jpeg = image::encode_jpeg(test_picture(64, 64, 1), 90);
  for (std::size_t cut : {std::size_t{3}, std::size_t{100}, jpeg.size() / 2}) {
    std::vector<std::uint8_t> part(jpeg.begin(), jpeg.begin() + static_cast<long>(cut));
    cv::Mat m = image::decode_image(part);  // libjpeg pads a truncated scan; no crash is the point
    CHECK((m.empty() || m.size() == cv::Size(64, 64)));
  }
  const std::string text = "P3\n1 1\n255\n0 0 0\n";
  CHECK(image::decode_image(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size())).empty());
  fs::path png = dir / "b.png";
  REQUIRE(image::write_image(png.string(), test_picture(40, 30, 2)));
  std::string bytes = testing::slurp(png);
  bytes.resize(bytes.size() / 2);
  CHECK(image::decode_image(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size())).empty());
  CHECK_FALSE(image::write_image((dir / "c.bmp").string(), test_picture(8, 8, 1)));
  CHECK_FALSE(image::write_image((dir / "no-such-dir" / "d.png").string(), test_picture(8, 8, 1)));
  fs::remove_all(dir);
}

TEST_CASE("Every real photo and screenshot decodes exactly as imread decodes it", "[image][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("set/tables");
  int checked = 0;
  for (const char* sub : {"set/tables", "dice/matteop65/train", "hexcells/screenshots"}) {
    fs::path dir = testing::shared_data() / sub;
    if (!fs::exists(dir)) continue;
    int here = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      std::string ext = e.path().extension().string();
      if (ext != ".jpg" && ext != ".jpeg" && ext != ".png") continue;
      if (++here > 40) break;  // a sample of each source keeps the test quick
      INFO(e.path().string());
      const int reduction = ext == ".png" ? 1 : 1 << (here % 4);
      int flag = reduction == 8   ? cv::IMREAD_REDUCED_COLOR_8
                 : reduction == 4 ? cv::IMREAD_REDUCED_COLOR_4
                 : reduction == 2 ? cv::IMREAD_REDUCED_COLOR_2
                                  : cv::IMREAD_COLOR;
      CHECK(same(image::read_image(e.path().string(), reduction), cv::imread(e.path().string(), flag)));
      ++checked;
    }
  }
  CHECK(checked > 50);
}

namespace {

std::vector<std::uint8_t> from_hex(const std::string& hex) {
  std::vector<std::uint8_t> bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) bytes.push_back(std::uint8_t(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return bytes;
}

// An EXIF payload whose IFD offset (bytes 4..7 of the TIFF header) is `ifd`.
std::vector<std::uint8_t> exif_at(std::uint32_t ifd) {
  std::vector<std::uint8_t> b = exif_with(6, true);
  for (int i = 0; i < 4; ++i) b[6 + 4 + static_cast<std::size_t>(i)] = std::uint8_t(ifd >> (8 * i));
  return b;
}

// A progressive JPEG whose first scan (DC, self-contained) is repeated until it has
// `scans` scans: libjpeg reads each (a bogus but tolerated progression), so the decoding
// time grows with the count.
std::vector<std::uint8_t> jpeg_with_scans(int scans) {
  std::vector<std::uint8_t> jpeg;
  REQUIRE(cv::imencode(".jpg", test_picture(64, 64, 3), jpeg, {cv::IMWRITE_JPEG_PROGRESSIVE, 1}));
  std::vector<std::size_t> sos;
  for (std::size_t i = 2; i + 1 < jpeg.size(); ++i)
    if (jpeg[i] == 0xFF && jpeg[i + 1] == 0xDA) sos.push_back(i);
  REQUIRE(sos.size() > 1);
  // The first scan runs from its SOS to the next marker (not a stuffed 0xFF00 or a restart).
  std::size_t end = sos[0] + 2 + (std::size_t(jpeg[sos[0] + 2]) << 8 | jpeg[sos[0] + 3]);
  while (!(jpeg[end] == 0xFF && jpeg[end + 1] != 0 && (jpeg[end + 1] < 0xD0 || jpeg[end + 1] > 0xD7))) ++end;
  const std::vector<std::uint8_t> scan(jpeg.begin() + long(sos[0]), jpeg.begin() + long(end));
  std::vector<std::uint8_t> out(jpeg.begin(), jpeg.begin() + long(end));
  for (int i = int(sos.size()); i < scans; ++i) out.insert(out.end(), scan.begin(), scan.end());
  out.insert(out.end(), jpeg.begin() + long(end), jpeg.end());
  return out;
}

}  // namespace

// Issue #15 item 1: `ifd + 2 > size` wrapped in 32 bits for ifd = 0xFFFFFFFF.
TEST_CASE("EXIF offsets near 2^32 are malformed, not read out of bounds", "[image]") {
  const auto crash = from_hex(
      "ffd8ffe1001d4578696600004949252affffffffff000600000008000a0a5c0a0affc0001108001e0028030122000211010311"
      "81ffda000c030100021103");
  CHECK(image::decode_image(crash).empty());
  for (std::uint32_t ifd : {0xFFFFFFFFu, 0xFFFFFFFEu, 0xFFFFFFF4u, 0x80000000u, 100u, 20u, 19u}) {
    INFO("ifd " << ifd);
    CHECK(image::exif_orientation(exif_at(ifd)) == 1);
  }
  CHECK(image::exif_orientation(exif_at(8)) == 6);  // the well-formed one still reads
  // An entry count that runs past the end.
  auto many = exif_with(6, true);
  many[6 + 8] = 0xFF, many[6 + 9] = 0xFF;
  many[6 + 10] = 0;  // first tag is no longer Orientation
  CHECK(image::exif_orientation(many) == 1);
}

// Issue #15 item 4: libjpeg pads a cut file with grey and only warns; a photo read from
// 30 % of its bytes gave a confident wrong answer.
TEST_CASE("A truncated or short-of-data JPEG is refused, with the reason", "[image]") {
  const std::vector<std::uint8_t> jpeg = image::encode_jpeg(test_picture(256, 256, 1), 90);
  REQUIRE(image::decode_image(jpeg).size() == cv::Size(256, 256));
  for (double part : {0.3, 0.6, 0.9}) {
    INFO("cut to " << part);
    std::vector<std::uint8_t> cut(jpeg.begin(), jpeg.begin() + long(double(jpeg.size()) * part));
    std::string why;
    CHECK(image::decode_image(cut, 1, &why).empty());
    CHECK(why.find("truncated") != std::string::npos);
  }
  // Without its last two bytes (the EOI marker) every pixel is there: still refused, as a
  // file cut short.
  std::vector<std::uint8_t> no_eoi(jpeg.begin(), jpeg.end() - 2);
  CHECK(image::decode_image(no_eoi).empty());
}

TEST_CASE("A JPEG with more scans than kMaxJpegScans is refused quickly", "[image]") {
  const auto fine = jpeg_with_scans(image::kMaxJpegScans);
  std::string fine_why;
  CHECK(image::decode_image(fine, 1, &fine_why).size() == cv::Size(64, 64));
  CHECK(fine_why == "");
  const auto bomb = jpeg_with_scans(20000);
  std::string why;
  CHECK(image::decode_image(bomb, 1, &why).empty());
  CHECK(why.find("scans") != std::string::npos);
}

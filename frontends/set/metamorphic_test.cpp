// Metamorphic tests on the real labelled photos in ../shared/data/set (skipped when
// absent): a change of the picture that does not change the cards on it must not change
// what the reader reads. Each photo's reading, as `set eval` makes it, is the reference;
// it is rescaled (0.33x, 0.5x, 2x of the full-resolution photo), each card is cut out
// alone by the reader's own corners (0, 10, 20 % margins), the cards are pasted onto
// white, light-grey and textured tables, and the photo is re-encoded at JPEG quality 60
// and turned by 90 degrees. Every case prints a METAMORPHIC summary line (same as the
// reference, and equal to the labels) so the failing share is measured, not guessed.
//
// One test case per transform and folder, tagged [transform][folder]; CMake registers
// one ctest entry per pair and disables the ones that fail today
// (SET_METAMORPHIC_PENDING in frontends/set/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "frontends/image/image_file.h"
#include "frontends/set/evaluation.h"
#include "frontends/set/photo.h"
#include "frontends/set/reader_settings.h"
#include "frontends/set/table_reader.h"
#include "problems/set/board.h"
#include "problems/set/card_text.h"
#include "tests/data_paths.h"

using namespace puzzlesat;
using namespace puzzlesat::set_vision;
namespace fs = std::filesystem;

namespace {

// With PUZZLESAT_METAMORPHIC_DUMP=DIR, every transformed image is also written to
// DIR/<photo>__<variant>.png, to look at a failure with `puzzlesat set photo -o`.
std::string dump_name;  // set by check_photo_variants before each variant

// A photo as the reader sees it in `set eval`, its reading and its labels.
struct DevPhoto {
  fs::path path;
  Photo photo;                     // load_photo's decode (reduced for large JPEGs)
  std::vector<set::Card> labels;
  std::vector<set::Card> reading;  // the reference
  std::vector<Quad> corners;       // the reference's corners, in `photo.image` pixels
};

std::vector<set::Card> cards_of(const TableReading& t) {
  std::vector<set::Card> out;
  for (const auto& c : t.cards) out.push_back(c.reading.card());
  return out;
}

std::string text_of(std::vector<set::Card> cards) {
  std::sort(cards.begin(), cards.end());
  std::string s;
  for (auto c : cards) s += (s.empty() ? "" : ", ") + set::to_string(c);
  return "[" + s + "]";
}

// What `now` lacks of `before`, and what it has that `before` lacked: the difference
// a failure reports.
std::string difference(std::vector<set::Card> before, std::vector<set::Card> now) {
  std::sort(before.begin(), before.end());
  std::sort(now.begin(), now.end());
  std::vector<set::Card> lost, gained;
  std::set_difference(before.begin(), before.end(), now.begin(), now.end(), std::back_inserter(lost));
  std::set_difference(now.begin(), now.end(), before.begin(), before.end(), std::back_inserter(gained));
  return "lost " + text_of(lost) + ", gained " + text_of(gained);
}

bool same_multiset(std::vector<set::Card> a, std::vector<set::Card> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

// PUZZLESAT_SET_OVERRIDES="NAME=VALUE,NAME=VALUE" reads with settings changed, as
// `set eval --set` does, to measure a setting on the transforms.
void apply_overrides() {
  static bool done = false;
  if (done) return;
  done = true;
  if (const char* all = std::getenv("PUZZLESAT_SET_OVERRIDES")) {
    std::stringstream list(all);
    for (std::string one; std::getline(list, one, ',');)
      if (!one.empty()) override_reader_setting(one);
  }
}

DevPhoto load_dev_photo(const fs::path& path) {
  apply_overrides();
  DevPhoto p;
  p.path = path;
  fs::path labels = path;
  labels.replace_extension(".cards.txt");
  p.labels = set::parse_board(testing::slurp(labels), labels.string());
  p.photo = load_photo(path.string());
  TableReading t = read_table(p.photo.image, p.photo.scale);
  p.reading = cards_of(t);
  for (const auto& c : t.cards) {
    Quad q = c.corners;
    for (auto& pt : q) pt *= float(1 / p.photo.scale);
    p.corners.push_back(q);
  }
  return p;
}

// Counts of one variant over a folder: readings equal to the reference, and to the labels.
struct Tally {
  std::string name;
  int cases = 0, same = 0, labelled = 0;
};

// With PUZZLESAT_METAMORPHIC_FLOORS set, a case checks that its count of unchanged
// readings has not fallen below the figure published in docs/set-vision.md, instead of
// asking every reading to stay the same: the strict cases that still fail are disabled
// (SET_METAMORPHIC_PENDING), and these floors keep what already holds from slipping.
bool floors_only() { return std::getenv("PUZZLESAT_METAMORPHIC_FLOORS") != nullptr; }

int published_floor(const std::string& folder, const std::string& name) {
  static const std::map<std::string, int> floors = {
      {"tables 0.33x", 27}, {"tables 0.5x", 30}, {"tables 2x", 31},
      {"tables crop margin 0%", 379}, {"tables crop margin 10%", 384}, {"tables crop margin 20%", 388},
      {"tables white table", 27}, {"tables light-grey table", 28}, {"tables textured table", 26},
      {"tables JPEG quality 60", 32}, {"tables rotated 90 degrees", 31},
      {"tables-light 0.33x", 9}, {"tables-light 0.5x", 10}, {"tables-light 2x", 11},
      {"tables-light crop margin 0%", 74}, {"tables-light crop margin 10%", 75}, {"tables-light crop margin 20%", 74},
      {"tables-light white table", 10}, {"tables-light light-grey table", 9}, {"tables-light textured table", 11},
      {"tables-light JPEG quality 60", 10}, {"tables-light rotated 90 degrees", 11}};
  auto it = floors.find(folder + " " + name);
  return it == floors.end() ? INT_MAX : it->second;
}

// Strict: each reading the same. With floors: no fewer unchanged than published.
void check_same(bool same) {
  if (!floors_only()) CHECK(same);
}

void report(const std::string& folder, const std::vector<Tally>& tallies) {
  for (const auto& t : tallies) {
    std::cout << "METAMORPHIC " << folder << " " << t.name << ": " << t.same << "/" << t.cases
              << " same as the original reading, " << t.labelled << "/" << t.cases << " equal to the labels\n";
    if (floors_only()) {
      INFO(folder << " " << t.name);
      CHECK(t.same >= published_floor(folder, t.name));
    }
  }
}

// Runs `variants` (name -> image -> cards read) on every photo of `folder` and checks
// that each reads as the photo itself.
using Variant = std::function<std::vector<set::Card>(const DevPhoto&)>;

void check_photo_variants(const std::string& folder, const std::vector<std::pair<std::string, Variant>>& variants) {
  std::vector<Tally> tallies;
  for (const auto& v : variants) tallies.push_back({v.first});
  for (const auto& path : labelled_photos(testing::shared_data() / "set" / folder)) {
    DevPhoto p = load_dev_photo(path);
    for (size_t i = 0; i < variants.size(); ++i) {
      dump_name = path.stem().string() + "__" + variants[i].first;
      std::vector<set::Card> got = variants[i].second(p);
      bool same = same_multiset(got, p.reading);
      ++tallies[i].cases;
      tallies[i].same += same;
      tallies[i].labelled += same_multiset(got, p.labels);
      INFO(path.filename().string() << " " << variants[i].first << ": " << difference(p.reading, got) << " of "
                                    << p.reading.size() << " cards");
      check_same(same);
    }
  }
  report(folder, tallies);
}

// The reading of `image` whose pixels are `scale` original pixels each.
std::vector<set::Card> read(const cv::Mat& picture, double scale) {
  if (const char* dir = std::getenv("PUZZLESAT_METAMORPHIC_DUMP"); dir && !dump_name.empty()) {
    std::string name = dump_name;
    std::replace(name.begin(), name.end(), ' ', '-');
    puzzlesat::image::write_image((fs::path(dir) / (name + ".png")).string(), picture);
  }
  return cards_of(read_table(picture, scale));
}

Variant rescaled(double factor) {
  return [factor](const DevPhoto& p) {
    Photo full = load_photo(p.path.string(), INT_MAX);  // the photo at its own resolution
    cv::Mat img;
    cv::resize(full.image, img, cv::Size(), factor, factor, factor < 1 ? cv::INTER_AREA : cv::INTER_CUBIC);
    return read(img, 1 / factor);
  };
}

// The card's axis-aligned bounding box grown by `margin` of its size on every side,
// clipped to the image.
cv::Rect crop_box(const Quad& q, double margin, cv::Size image) {
  cv::Rect2f box = cv::boundingRect(std::vector<cv::Point2f>(q.begin(), q.end()));
  float mx = float(margin) * box.width, my = float(margin) * box.height;
  cv::Rect grown(cv::Point(int(std::floor(box.x - mx)), int(std::floor(box.y - my))),
                 cv::Point(int(std::ceil(box.x + box.width + mx)), int(std::ceil(box.y + box.height + my))));
  return grown & cv::Rect(cv::Point(0, 0), image);
}

// Pastes the reference's cards, each inside its own corners, onto `table`.
cv::Mat composite(const DevPhoto& p, const cv::Mat& table) {
  cv::Mat mask = cv::Mat::zeros(p.photo.image.size(), CV_8U);
  for (const auto& q : p.corners) {
    std::vector<cv::Point> poly;
    for (auto pt : q) poly.push_back(cv::Point(int(std::lround(pt.x)), int(std::lround(pt.y))));
    cv::fillConvexPoly(mask, poly, 255);
  }
  cv::Mat out = table.clone();
  p.photo.image.copyTo(out, mask);
  return out;
}

// A mottled stone-like worktop with a fine grain: texture at the scale of symbols and
// stripes, pale enough to be a kitchen table. Seeded, so every run is the same.
cv::Mat textured_table(cv::Size size) {
  cv::RNG rng(18);
  cv::Mat coarse(size / 16 + cv::Size(1, 1), CV_32F), fine(size, CV_32F), t;
  rng.fill(coarse, cv::RNG::NORMAL, 0, 1);
  cv::resize(coarse, t, size, 0, 0, cv::INTER_CUBIC);
  rng.fill(fine, cv::RNG::NORMAL, 0, 1);
  cv::GaussianBlur(fine, fine, cv::Size(), 1.2);
  t = 170 + 18 * t + 25 * fine;
  cv::Mat channels[3] = {t - 12, t - 2, t + 6}, bgr, out;  // warm grey
  cv::merge(channels, 3, bgr);
  bgr.convertTo(out, CV_8UC3);
  return out;
}

std::vector<std::pair<std::string, Variant>> composites() {
  auto flat = [](cv::Scalar colour) {
    return [colour](const DevPhoto& p) {
      return read(composite(p, cv::Mat(p.photo.image.size(), CV_8UC3, colour)), p.photo.scale);
    };
  };
  return {{"white table", flat(cv::Scalar(245, 245, 245))},
          {"light-grey table", flat(cv::Scalar(200, 200, 200))},
          {"textured table", [](const DevPhoto& p) {
             return read(composite(p, textured_table(p.photo.image.size())), p.photo.scale);
           }}};
}

void check_crops(const std::string& folder) {
  const double margins[] = {0, 0.1, 0.2};
  std::vector<Tally> tallies;
  for (double m : margins) tallies.push_back({"crop margin " + std::to_string(int(m * 100)) + "%"});
  for (const auto& path : labelled_photos(testing::shared_data() / "set" / folder)) {
    DevPhoto p = load_dev_photo(path);
    for (size_t c = 0; c < p.corners.size(); ++c)
      for (size_t i = 0; i < std::size(margins); ++i) {
        cv::Rect box = crop_box(p.corners[c], margins[i], p.photo.image.size());
        std::vector<set::Card> got = read(p.photo.image(box).clone(), p.photo.scale);
        bool same = got.size() == 1 && got[0] == p.reading[c];
        ++tallies[i].cases;
        tallies[i].same += same;
        tallies[i].labelled += got.size() == 1 && std::count(p.labels.begin(), p.labels.end(), got[0]) > 0;
        INFO(path.filename().string() << " card " << set::to_string(p.reading[c]) << " alone, " << tallies[i].name
                                      << ": read " << text_of(got));
        check_same(same);
      }
  }
  report(folder, tallies);
}

}  // namespace

// The five transforms on one folder of ../shared/data/set, each its own test case.
#define METAMORPHIC_CASES(folder)                                                                          \
  TEST_CASE("metamorphic " folder ": the photo read at 0.33x, 0.5x and 2x gives the same cards",        \
            "[rescale][" folder "]") {                                                                  \
    PUZZLESAT_REQUIRE_SHARED_DATA("set/" folder);                                                       \
    check_photo_variants(folder, {{"0.33x", rescaled(0.33)}, {"0.5x", rescaled(0.5)}, {"2x", rescaled(2)}}); \
  }                                                                                                     \
  TEST_CASE("metamorphic " folder ": each card cut out by its corners with 0-20 % margin reads the same alone", \
            "[crop][" folder "]") {                                                                     \
    PUZZLESAT_REQUIRE_SHARED_DATA("set/" folder);                                                       \
    check_crops(folder);                                                                                \
  }                                                                                                     \
  TEST_CASE("metamorphic " folder ": the cards pasted onto white, light-grey and textured tables read the same", \
            "[composite][" folder "]") {                                                                \
    PUZZLESAT_REQUIRE_SHARED_DATA("set/" folder);                                                       \
    check_photo_variants(folder, composites());                                                         \
  }                                                                                                     \
  TEST_CASE("metamorphic " folder ": re-encoding at JPEG quality 60 gives the same cards",               \
            "[jpeg][" folder "]") {                                                                     \
    PUZZLESAT_REQUIRE_SHARED_DATA("set/" folder);                                                       \
    check_photo_variants(folder, {{"JPEG quality 60", [](const DevPhoto& p) {                          \
                                     return read(image::decode_image(image::encode_jpeg(p.photo.image, 60)), \
                                                 p.photo.scale);                                        \
                                   }}});                                                                \
  }                                                                                                     \
  TEST_CASE("metamorphic " folder ": the photo turned by 90 degrees gives the same cards",               \
            "[rotate][" folder "]") {                                                                   \
    PUZZLESAT_REQUIRE_SHARED_DATA("set/" folder);                                                       \
    check_photo_variants(folder, {{"rotated 90 degrees", [](const DevPhoto& p) {                       \
                                     cv::Mat turned;                                                    \
                                     cv::rotate(p.photo.image, turned, cv::ROTATE_90_CLOCKWISE);        \
                                     return read(turned, p.photo.scale);                                \
                                   }}});                                                                \
  }

METAMORPHIC_CASES("tables")
METAMORPHIC_CASES("tables-light")

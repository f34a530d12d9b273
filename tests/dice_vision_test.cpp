// End to end: `puzzlesat yahtzee dice` and `dice-eval` on scenes drawn by the project's
// renderer, bad input, and the reader's accuracy on the labelled photos in ../shared/data.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <nlohmann/json.hpp>

#include "frontends/dice/dice_labels.h"
#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/image/load_image.h"
#include "tests/data_paths.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

namespace fs = std::filesystem;
namespace puzzlesat::dice_vision {
using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;

using puzzlesat::testing::TempDir;
namespace {

Scene five_dice() {
  Scene scene;
  const int values[] = {6, 2, 5, 1, 3};
  for (int i = 0; i < 5; ++i) {
    SceneDie d;
    d.pips = values[i];
    d.centre = {80.f + 115 * i, 150.f + 40 * (i % 2)};
    d.side = 56;
    d.angle_deg = 12.f * i;
    scene.dice.push_back(d);
  }
  return scene;
}

bool one_error_line(const std::string& err) {
  return err.rfind("puzzlesat: error: ", 0) == 0 && line_count(err) == 1;
}

}  // namespace

TEST_CASE("yahtzee dice reads a rendered roll, as text and as JSON", "[dice_vision][cli]") {
  TempDir dir;
  const Scene scene = five_dice();
  const auto image = (dir.path() / "roll.png").string();
  REQUIRE(cv::imwrite(image, render_scene(scene, 9)));

  auto text = run_cli({"yahtzee", "dice", image});
  CHECK(text.exit_code == 0);
  CHECK(text.out == "5 dice: 1 2 3 5 6\n");

  const auto annotated = (dir.path() / "out.png").string();
  auto json = run_cli({"yahtzee", "dice", image, "--json", "-o", annotated});
  REQUIRE(json.exit_code == 0);
  const auto doc = nlohmann::json::parse(json.out);
  REQUIRE(doc["dice"].size() == 5);
  for (const auto& die : doc["dice"]) {
    // Each die read lies on the scene die with the same value.
    const cv::Rect box(die["box"][0], die["box"][1], die["box"][2], die["box"][3]);
    const cv::Point centre = (box.tl() + box.br()) / 2;
    const auto match = std::find_if(scene.dice.begin(), scene.dice.end(),
                                    [&](const SceneDie& d) { return die_box(d).contains(centre); });
    REQUIRE(match != scene.dice.end());
    CHECK(die["pips"] == match->pips);
    CHECK(die["confidence"].get<double>() > 0);
    CHECK(die["confidence"].get<double>() <= 1);
  }
  const cv::Mat drawn = cv::imread(annotated);
  CHECK(drawn.size() == scene.size);
}

TEST_CASE("yahtzee dice rejects missing files and non-images with exit 2", "[dice_vision][cli]") {
  TempDir dir;
  auto missing = run_cli({"yahtzee", "dice", (dir.path() / "nope.jpg").string()});
  CHECK(missing.exit_code == 2);
  CHECK(one_error_line(missing.err));
  CHECK(missing.err.find("nope.jpg") != std::string::npos);

  const auto renamed = dir.path() / "notes.jpg";
  std::ofstream(renamed) << "1 2 3 4 5\nthis is text, not a photo\n";
  auto text = run_cli({"yahtzee", "dice", renamed.string()});
  CHECK(text.exit_code == 2);
  CHECK(one_error_line(text.err));
  CHECK(text.err.find("notes.jpg") != std::string::npos);

  // A truncated PNG: the right signature, then nothing.
  const auto truncated = dir.path() / "cut.png";
  std::ofstream(truncated, std::ios::binary) << "\x89PNG\r\n\x1a\n";
  auto cut = run_cli({"yahtzee", "dice", truncated.string()});
  CHECK(cut.exit_code == 2);
  CHECK(one_error_line(cut.err));

  // A picture too narrow to be a photo of a table (over 10:1) is still bad input.
  const auto sliver = dir.path() / "sliver.png";
  REQUIRE(cv::imwrite(sliver.string(), cv::Mat(cv::Size(4000, 40), CV_8UC3, cv::Scalar(90, 140, 190))));
  auto narrow = run_cli({"yahtzee", "dice", sliver.string(), "--json"});
  CHECK(narrow.exit_code == 2);
  CHECK(one_error_line(narrow.err));
  CHECK(narrow.err.find("sliver.png") != std::string::npos);

  auto eval = run_cli({"yahtzee", "dice-eval", (dir.path() / "no-such-dir").string()});
  CHECK(eval.exit_code == 2);
  CHECK(one_error_line(eval.err));
}

TEST_CASE("dice-eval scores a folder of labelled rendered scenes", "[dice_vision][cli]") {
  TempDir dir;
  SceneOptions options;
  options.dice = 4;
  for (int i = 0; i < 3; ++i) {
    const Scene scene = random_scene(500 + i, options);
    const std::string stem = (dir.path() / ("scene" + std::to_string(i))).string();
    REQUIRE(cv::imwrite(stem + ".jpg", render_scene(scene, 500 + i)));
    std::vector<int> values;
    std::ofstream boxes(stem + ".boxes.txt");
    for (const auto& d : scene.dice) {
      values.push_back(d.pips);
      const cv::Rect b = die_box(d);
      boxes << d.pips << ' ' << (b.x + b.width / 2.0) / scene.size.width << ' '
            << (b.y + b.height / 2.0) / scene.size.height << ' ' << double(b.width) / scene.size.width << ' '
            << double(b.height) / scene.size.height << '\n';
    }
    std::sort(values.begin(), values.end());
    std::ofstream labels(stem + ".dice.txt");
    for (int v : values) labels << v << ' ';
    labels << '\n';
  }
  // A wrong label must show up as a miss, and the die whose box it mislabels as a fault.
  std::ofstream(dir.path() / "scene2.dice.txt") << "6 6 6 6\n";
  {
    std::ifstream in(dir.path() / "scene2.boxes.txt");
    std::string first, rest, line;
    std::getline(in, first);
    while (std::getline(in, line)) rest += line + "\n";
    first[0] = first[0] == '6' ? '1' : '6';
    std::ofstream(dir.path() / "scene2.boxes.txt") << first << "\n" << rest;
  }

  auto r = run_cli({"yahtzee", "dice-eval", dir.path().string(), "--json"});
  REQUIRE(r.exit_code == 0);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["images"].size() == 3);
  CHECK(doc["totals"]["images"] == 3);
  CHECK(doc["totals"]["dice"] == 12);
  CHECK(doc["totals"]["exact"].get<int>() <= 2);
  CHECK(doc["images"][2]["exact"] == false);
  CHECK(doc["totals"]["dice_matched_by_position"] == true);
  CHECK(doc["totals"]["seconds_per_image"].get<double>() > 0);
  // Detection is scored apart from pip counting, by position.
  const auto& det = doc["totals"]["detection"];
  int found = 0;
  for (const auto& row : doc["images"]) found += static_cast<int>(row["dice_found"].size());
  CHECK(det["dice_read"] == found);
  CHECK(det["recall"].get<double>() == Approx(det["dice_matched"].get<double>() / 12));
  CHECK(det["precision"].get<double>() == Approx(det["dice_matched"].get<double>() / found));
  CHECK(det["pip_accuracy_on_matched"].get<double>() ==
        Approx(doc["totals"]["dice_correct"].get<double>() / det["dice_matched"].get<double>()));

  auto text = run_cli({"yahtzee", "dice-eval", dir.path().string()});
  CHECK(text.exit_code == 0);
  CHECK(text.out.find("miss scene2.jpg") != std::string::npos);
  CHECK(text.out.find("detection: recall") != std::string::npos);
  // Each miss is traced to its dice: the JSON's faults per image add up to the totals, and
  // the text lists them under the missed photo.
  int faults = 0;
  for (const auto& row : doc["images"]) {
    faults += static_cast<int>(row["faults"].size());
    int labelled_faults = 0;
    for (const auto& f : row["faults"]) labelled_faults += f["kind"] != "extra";
    CHECK(labelled_faults == row["dice"].get<int>() - row["dice_correct"].get<int>());
  }
  int fault_total = 0;
  for (const auto& [kind, count] : det["faults"].items()) fault_total += count.get<int>();
  CHECK(fault_total == faults);
  CHECK(faults > 0);
  const auto miss = text.out.find("miss scene2.jpg");
  CHECK(text.out.find("\n  ", miss) != std::string::npos);
  CHECK(text.out.find("faults: not found") != std::string::npos);

  // A malformed label is bad input naming the file.
  std::ofstream(dir.path() / "scene1.dice.txt") << "1 2 seven\n";
  auto bad = run_cli({"yahtzee", "dice-eval", dir.path().string()});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("scene1.dice.txt:1:5") != std::string::npos);
}

namespace {

struct SourceResult {
  int images = 0, exact = 0;
};

// Reads every other labelled photo of one source (to keep the test short), in place,
// scaled by `scale` first.
SourceResult read_source(const fs::path& dir, double scale = 1, const ReadOptions& options = {}) {
  std::vector<fs::path> images;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".jpg") images.push_back(e.path());
  std::sort(images.begin(), images.end());
  SourceResult result;
  for (std::size_t i = 0; i < images.size(); i += 2) {
    std::ifstream in(fs::path(images[i]).replace_extension(".dice.txt"));
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto values = parse_dice_values(text, images[i].string());
    cv::Mat image = puzzlesat::image::load_image(images[i].string());
    if (scale != 1) cv::resize(image, image, {}, scale, scale, scale < 1 ? cv::INTER_AREA : cv::INTER_CUBIC);
    const auto score = score_reading(read_dice(image, options), values, {});
    ++result.images;
    result.exact += score.exact;
  }
  return result;
}

}  // namespace

// Floors at what the reader honestly reaches (docs/dice-vision.md has the full figures);
// they guard against regressions, not a goal met.
TEST_CASE("dice photos of white dice on wood (matteop65) are read", "[dice_vision][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/matteop65/train");
  const auto r = read_source(puzzlesat::testing::shared_data() / "dice/matteop65/train");
  INFO(r.exact << " of " << r.images << " read exactly");
  CHECK(r.images == 155);
  CHECK(r.exact >= 0.96 * r.images);
}

TEST_CASE("dice photos of coloured dice in a tray (nellbyler) are read", "[dice_vision][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/nellbyler/train");
  const auto r = read_source(puzzlesat::testing::shared_data() / "dice/nellbyler/train");
  INFO(r.exact << " of " << r.images << " read exactly");
  CHECK(r.images == 100);
  CHECK(r.exact >= 0.75 * r.images);
}

// Scale first, for small dice: nellbyler's dice are 28-48 px; halved, 14-24 px, two pips
// run together and a pip is a speck. Read again enlarged to reader_small_target, the halved
// photos read far more nearly as the originals do (every other photo: 73 of 100 exactly;
// halved, 54 read once and 67 read again, 29 Nov 2026).
TEST_CASE("small dice are read again enlarged: nellbyler's photos halved", "[dice_vision][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/nellbyler/train");
  const fs::path dir = puzzlesat::testing::shared_data() / "dice/nellbyler/train";
  ReadOptions once;
  once.settings.reader_die_min = 0;  // never read again enlarged
  const auto read_once = read_source(dir, 0.5, once);
  const auto read_again = read_source(dir, 0.5);
  std::cout << "nellbyler halved, read exactly: " << read_once.exact << " read once, " << read_again.exact
            << " read again enlarged, of " << read_again.images << "\n";
  CHECK(read_again.exact >= read_once.exact + 5);
  CHECK(read_again.exact >= 0.62 * read_again.images);
}

TEST_CASE("a readable photo of a table without dice is an answer: no dice, exit 0", "[dice_vision][cli]") {
  TempDir dir;
  const auto none = (dir.path() / "table.png").string();
  REQUIRE(cv::imwrite(none, render_scene(Scene{}, 7)));  // a wooden table, shadows, noise, no die
  const auto plain = (dir.path() / "plain.png").string();
  REQUIRE(cv::imwrite(plain, cv::Mat(cv::Size(640, 480), CV_8UC3, cv::Scalar(90, 140, 190))));
  for (const auto& image : {none, plain}) {
    auto json = run_cli({"yahtzee", "dice", image, "--json"});
    CHECK(json.exit_code == 0);
    const auto doc = nlohmann::json::parse(json.out);
    REQUIRE(doc.contains("dice"));
    CHECK(doc["dice"].is_array());
    CHECK(doc["dice"].empty());
    CHECK(json.err.find("no dice found") != std::string::npos);

    auto text = run_cli({"yahtzee", "dice", image});
    CHECK(text.exit_code == 0);
    CHECK(text.out == "0 dice\n");
    CHECK(text.err.find("no dice found") != std::string::npos);
  }
}

// Tables drawn by `set render`, in several of its conditions: another renderer than the
// one the dice model learns "not a die" from. A card with one symbol is a die showing 1 to
// a pip counter; the reader must tell cards from dice.
TEST_CASE("a SET table drawn by set render shows no dice", "[dice_vision][cli]") {
  TempDir dir;
  const std::vector<std::vector<std::string>> conditions = {
      {}, {"--white-desk"}, {"--grey-desk"}, {"--cards", "15", "--touching"}, {"--framing", "closeup"}, {"--card-shadows"}};
  int with_dice = 0;
  for (std::size_t c = 0; c < conditions.size(); ++c)
    for (int seed = 1; seed <= 3; ++seed) {
      const std::string image = (dir.path() / ("table" + std::to_string(c) + "_" + std::to_string(seed) + ".jpg")).string();
      std::vector<std::string> render = {"set", "render", image, "--seed", std::to_string(seed)};
      render.insert(render.end(), conditions[c].begin(), conditions[c].end());
      REQUIRE(run_cli(render).exit_code == 0);
      const auto read = run_cli({"yahtzee", "dice", image, "--json"});
      REQUIRE(read.exit_code == 0);
      const auto dice = nlohmann::json::parse(read.out)["dice"];
      if (!dice.empty()) UNSCOPED_INFO(image << ": " << dice.dump());
      with_dice += !dice.empty();
    }
  std::cout << "set render tables read as holding dice: " << with_dice << " of " << 3 * conditions.size() << "\n";
  // As measured with the default reader: one table of 15 touching cards on a checked cloth
  // reads a die. (The model of 07d2f3b with `veto` 0.85 read three tables so: it is less
  // sure that a card is no die; docs/dice-vision.md, "Why it is built this way".)
  CHECK(with_dice <= 1);
}

// The SET photos in ../shared/data hold cards and no die: every die read there is an extra.
// Only measured, never trained on (docs/dice-vision.md, "Not a die").
TEST_CASE("SET table and card photos show no dice", "[dice_vision][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("set/tables");
  std::vector<fs::path> photos;
  for (const char* folder : {"set/tables", "set/tables-light", "set/cards"}) {
    const fs::path root = puzzlesat::testing::shared_data() / folder;
    if (!fs::exists(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.path().extension() == ".jpg" || e.path().extension() == ".png") photos.push_back(e.path());
  }
  int with_dice = 0, dice_read = 0;
  for (const auto& photo : photos) {
    const auto dice = read_dice_file(photo.string());
    if (!dice.empty()) UNSCOPED_INFO(photo.filename().string() << ": " << dice.size() << " dice");
    with_dice += !dice.empty();
    dice_read += static_cast<int>(dice.size());
  }
  std::cout << "SET photos read as holding dice: " << with_dice << " of " << photos.size() << " (" << dice_read
            << " dice)\n";
  CHECK(photos.size() >= 43);
  // As measured with the default reader (docs/dice-vision.md), a ceiling against regressions.
  constexpr double kCeiling = 0.01;  // measured: 2 of 535
  CHECK(with_dice <= kCeiling * static_cast<double>(photos.size()));
}

TEST_CASE("yahtzee advise --photo needs exactly five dice and says how many it found", "[dice_vision][cli]") {
  TempDir dir;
  Scene scene = five_dice();
  scene.dice.pop_back();
  const auto four = (dir.path() / "four.png").string();
  REQUIRE(cv::imwrite(four, render_scene(scene, 4)));
  auto r = run_cli({"yahtzee", "advise", "--photo", four});
  CHECK(r.exit_code == 2);
  CHECK(one_error_line(r.err));
  CHECK(r.err.find("found 4 dice") != std::string::npos);

  const cv::Mat empty_table = render_scene(Scene{}, 4);
  const auto none = (dir.path() / "none.png").string();
  REQUIRE(cv::imwrite(none, empty_table));
  r = run_cli({"yahtzee", "advise", "--photo", none});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("found 0 dice") != std::string::npos);

  r = run_cli({"yahtzee", "advise", "--photo", (dir.path() / "missing.jpg").string()});
  CHECK(r.exit_code == 2);
  CHECK(one_error_line(r.err));
}

// png/LABEL/INDEX.png as dice-crops names them: six digits.
std::string fmt_index(int index) {
  std::string s = std::to_string(index);
  return std::string(6 - s.size(), '0') + s + ".png";
}

TEST_CASE("dice-crops writes labelled crops and says what it wrote", "[dice_vision][cli]") {
  TempDir dir;
  const auto out = (dir.path() / "crops").string();
  auto r = run_cli({"yahtzee", "dice-crops", "--out", out, "--count", "60", "--seed", "5", "--size", "32",
                    "--max-side", "80", "--png", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["crops"] == 60);
  CHECK(doc["size"] == 32);
  CHECK(fs::file_size(fs::path(out) / "crops.bin") == 60u * 32 * 32 * 3);
  std::ifstream tsv(fs::path(out) / "labels.tsv");
  std::string line;
  std::getline(tsv, line);
  CHECK(line == "index\tlabel\tkind\tscene_seed");
  std::map<std::string, int> counted;
  int rows = 0;
  while (std::getline(tsv, line)) {
    std::istringstream fields(line);
    int index = -1, label = -1;
    std::string kind;
    fields >> index >> label >> kind;
    CHECK(index == rows);
    CHECK(label >= 0);
    CHECK(label <= 6);
    ++counted[std::to_string(label)];
    CHECK(fs::exists(fs::path(out) / "png" / std::to_string(label) / fmt_index(index)));
    ++rows;
  }
  CHECK(rows == 60);
  int total = 0;
  for (const auto& [label, n] : doc["labels"].items()) {
    CHECK(counted[label] == n.get<int>());
    total += n.get<int>();
  }
  CHECK(total == 60);

  // The same seed writes the same crops; another seed other ones.
  const auto again = (dir.path() / "again").string(), other = (dir.path() / "other").string();
  REQUIRE(run_cli({"yahtzee", "dice-crops", "--out", again, "--count", "60", "--seed", "5", "--size", "32", "--max-side", "80"}).exit_code == 0);
  REQUIRE(run_cli({"yahtzee", "dice-crops", "--out", other, "--count", "60", "--seed", "6", "--size", "32", "--max-side", "80"}).exit_code == 0);
  const auto bytes = [](const std::string& d) { return puzzlesat::testing::slurp(fs::path(d) / "crops.bin"); };
  CHECK(bytes(again) == bytes(out));
  CHECK(bytes(other) != bytes(out));

  auto bad = run_cli({"yahtzee", "dice-crops", "--out", out, "--min-side", "90", "--max-side", "40"});
  CHECK(bad.exit_code == 2);
  CHECK(one_error_line(bad.err));
}

TEST_CASE("yahtzee dice and dice-eval take every dice setting through --set", "[dice_vision][cli][settings]") {
  TempDir dir;
  const auto image = (dir.path() / "roll.png").string();
  REQUIRE(cv::imwrite(image, render_scene(five_dice(), 9)));

  // dice-settings lists the table; every name it lists is accepted at its default by both
  // commands, and reads as without them.
  auto listed = run_cli({"yahtzee", "dice-settings", "--json"});
  REQUIRE(listed.exit_code == 0);
  const auto table = nlohmann::json::parse(listed.out);
  REQUIRE(table.size() > 100);
  std::vector<std::string> args = {"yahtzee", "dice", image};
  for (const auto& row : table) {
    std::ostringstream value;
    value << row["default"].get<double>();
    args.push_back("--set");
    args.push_back(row["name"].get<std::string>() + "=" + value.str());
  }
  auto all = run_cli(args);
  CHECK(all.err == "");
  CHECK(all.exit_code == 0);
  CHECK(all.out == "5 dice: 1 2 3 5 6\n");

  // Settings take effect: neither rules reader reads a die under 100 px (these are 56 px).
  auto strict = run_cli({"yahtzee", "dice", image, "--reader", "rules", "--set", "pip_min_side=100", "--set",
                         "pattern_min_side=100"});
  CHECK(strict.exit_code == 0);
  CHECK(strict.out == "0 dice\n");

  // Unknown names and values out of range: one error line that says where to look, exit 2.
  auto unknown = run_cli({"yahtzee", "dice", image, "--set", "no_such_setting=1"});
  CHECK(unknown.exit_code == 2);
  CHECK(one_error_line(unknown.err));
  CHECK(unknown.err.find("dice-settings") != std::string::npos);
  auto range = run_cli({"yahtzee", "dice-eval", dir.path().string(), "--set", "finder_darker=300"});
  CHECK(range.exit_code == 2);
  CHECK(one_error_line(range.err));
  CHECK(range.err.find("finder_darker") != std::string::npos);
  auto text = run_cli({"yahtzee", "dice-eval", dir.path().string(), "--set", "veto=abc"});
  CHECK(text.exit_code == 2);
  CHECK(one_error_line(text.err));
}

}  // namespace puzzlesat::dice_vision

// End-to-end tests of `puzzlesat set photo` and `set eval`: bad input, and the
// evaluation over the real labelled photos in ../shared (skipped when absent).
#include <catch2/catch.hpp>
#include <unistd.h>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "problems/set/board.h"
#include "problems/set/card.h"
#include "problems/set/card_text.h"
#include "tests/data_paths.h"
#include "tests/run_cli.h"

using puzzlesat::testing::run_cli;
using puzzlesat::testing::shared_data;
namespace fs = std::filesystem;

TEST_CASE("set photo: a missing file and a non-image exit 2 with one line, a photo without cards is an answer") {
  auto missing = run_cli({"set", "photo", "/nonexistent/table.jpg"});
  REQUIRE(missing.exit_code == 2);
  REQUIRE(missing.err.find("puzzlesat: error: /nonexistent/table.jpg") == 0);

  fs::path text = fs::temp_directory_path() / ("set_vision_cli_text_" + std::to_string(::getpid()) + ".png");
  std::ofstream(text) << "not an image";
  auto not_image = run_cli({"set", "photo", text.string()});
  REQUIRE(not_image.exit_code == 2);
  REQUIRE(not_image.err.find("not a readable image") != std::string::npos);
  fs::remove(text);

  // A plain wooden-brown image with a dark stripe: an image, but no card in it.
  fs::path empty = fs::temp_directory_path() / ("set_vision_cli_empty_" + std::to_string(::getpid()) + ".png");
  cv::Mat table(600, 800, CV_8UC3, cv::Scalar(40, 70, 110));
  cv::rectangle(table, cv::Rect(0, 250, 800, 100), cv::Scalar(20, 30, 50), cv::FILLED);
  REQUIRE(cv::imwrite(empty.string(), table));
  auto no_cards = run_cli({"set", "photo", empty.string()});
  CHECK(no_cards.exit_code == 0);
  CHECK(no_cards.err.find("no SET card found") != std::string::npos);
  CHECK(no_cards.out.find("0 cards") != std::string::npos);
  auto as_json = run_cli({"set", "photo", empty.string(), "--json"});
  CHECK(as_json.exit_code == 0);
  auto j = nlohmann::json::parse(as_json.out);
  CHECK(j["cards"].empty());
  CHECK(j["sets"].empty());
  fs::remove(empty);
}

TEST_CASE("set eval: a directory without labelled photos is bad input") {
  auto r = run_cli({"set", "eval", fs::temp_directory_path().string() + "/set_vision_no_such_dir"});
  REQUIRE(r.exit_code == 2);
}

TEST_CASE("set eval over the real labelled photos meets the published floors") {
  PUZZLESAT_REQUIRE_SHARED_DATA("set/tables");
  auto r = run_cli({"set", "eval", (shared_data() / "set/tables").string(), "--json"});
  REQUIRE(r.exit_code == 0);
  auto j = nlohmann::json::parse(r.out);
  const auto& t = j["totals"];
  CHECK(j["photo_count"] == 32);
  CHECK(t["labelled"] == 394);
  // All 394 are found and read right; the floors leave room for one card.
  CHECK(t["recall"].get<double>() >= 393.0 / 394 - 1e-9);
  CHECK(t["precision"].get<double>() >= 0.999);  // nothing but cards
  CHECK(t["card_accuracy"].get<double>() >= 393.0 / 394 - 1e-9);
}

TEST_CASE("set eval over the white-desk photos meets the published floors") {
  PUZZLESAT_REQUIRE_SHARED_DATA("set/tables-light");
  auto r = run_cli({"set", "eval", (shared_data() / "set/tables-light").string(), "--json"});
  REQUIRE(r.exit_code == 0);
  const auto t = nlohmann::json::parse(r.out)["totals"];
  CHECK(t["labelled"] == 78);
  // All 78 found and read right.
  CHECK(t["recall"].get<double>() >= 1.0 - 1e-9);
  CHECK(t["precision"].get<double>() >= 0.999);
  CHECK(t["card_accuracy"].get<double>() >= 1.0 - 1e-9);
}

TEST_CASE("set eval over the single-card photos, labelled by their names, meets the published floors") {
  PUZZLESAT_REQUIRE_SHARED_DATA("set/cards");
  int labelled = 0, found = 0, right = 0, detected = 0;
  for (const auto& source : fs::directory_iterator(shared_data() / "set/cards")) {
    auto r = run_cli({"set", "eval", source.path().string(), "--json"});
    REQUIRE(r.exit_code == 0);
    const auto t = nlohmann::json::parse(r.out)["totals"];
    labelled += t["labelled"].get<int>();
    detected += t["detected"].get<int>();
    found += t["matched"].get<int>();
    right += t["cards_correct"].get<int>();
  }
  CHECK(labelled == 492);
  CHECK(detected == found);  // one card per photo, never a second
  // 489 found and 487 read right (docs/set-vision.md).
  CHECK(found >= 489);
  CHECK(right >= 487);
}

// Dice photos hold no SET card, and coloured dice on a white tray are what the reader
// most often takes for one (docs/set-vision.md, "Photos with no SET card"). A ceiling
// against regressions at what it reads now: 9 of 200 (17 before solid symbols were asked
// to have no round holes, a die's pips).
namespace {

// How many photos of `folder` (no SET card in any) `set photo` reads as holding a card.
int photos_read_with_cards(const std::string& folder, int& photos) {
  std::vector<std::string> args = {"set", "photo", "--jsonl"};
  const auto photos_from = static_cast<std::ptrdiff_t>(args.size());
  for (const auto& e : fs::directory_iterator(shared_data() / folder))
    if (e.path().extension() == ".jpg") args.push_back(e.path().string());
  std::sort(args.begin() + photos_from, args.end());
  const auto r = run_cli(args);
  REQUIRE(r.exit_code == 0);
  int with_cards = 0;
  photos = 0;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    const auto j = nlohmann::json::parse(line);
    ++photos;
    if (!j["cards"].empty()) UNSCOPED_INFO(j["input"].get<std::string>() << ": " << j["cards"].size() << " cards");
    with_cards += !j["cards"].empty();
  }
  std::cout << folder << " photos read as holding SET cards: " << with_cards << " of " << photos << "\n";
  return with_cards;
}

}  // namespace

TEST_CASE("set photo over photos of coloured dice on a white tray finds few cards") {
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/nellbyler/train");
  int photos = 0;
  const int with_cards = photos_read_with_cards("dice/nellbyler/train", photos);
  CHECK(photos == 200);
  CHECK(with_cards <= 10);  // 9
}

// White dice with black pips on wood: a pip under a cool light is nearly black with a
// purple hue, and a solid of it must not pass for a dark purple card (reader_dark_ink_*).
TEST_CASE("set photo over photos of white dice on wood finds few cards") {
  PUZZLESAT_REQUIRE_SHARED_DATA("dice/matteop65/train");
  int photos = 0;
  const int with_cards = photos_read_with_cards("dice/matteop65/train", photos);
  CHECK(photos == 310);
  CHECK(with_cards <= 49);  // 47
}

TEST_CASE("set render then set photo: cards read back and sets cross-checked by brute force") {
  fs::path dir = fs::temp_directory_path() / ("set_vision_render_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (int seed : {3, 4}) {
    fs::path img = dir / ("table" + std::to_string(seed) + ".jpg");
    fs::path labels = dir / ("table" + std::to_string(seed) + ".cards.txt");
    auto r = run_cli({"set", "render", img.string(), "--seed", std::to_string(seed), "--cards", "9", "--labels", labels.string()});
    REQUIRE(r.exit_code == 0);
    auto p = run_cli({"set", "photo", img.string(), "--json", "--all", "-o", (dir / "annotated.png").string()});
    REQUIRE(p.exit_code == 0);
    CHECK(fs::exists(dir / "annotated.png"));
    auto j = nlohmann::json::parse(p.out);
    std::vector<puzzlesat::set::Card> read;
    for (const auto& c : j["cards"]) read.push_back(puzzlesat::set::parse_card(c["card"].get<std::string>()));
    auto truth = puzzlesat::set::parse_board(r.out, "render");
    std::sort(read.begin(), read.end());
    std::sort(truth.begin(), truth.end());
    CHECK(read == truth);
    // Every set reported is a set, and their number is what brute force finds.
    int brute = 0;
    for (size_t a = 0; a < read.size(); ++a)
      for (size_t b = a + 1; b < read.size(); ++b)
        for (size_t c = b + 1; c < read.size(); ++c) brute += puzzlesat::set::is_set(read[a], read[b], read[c]);
    CHECK(int(j["sets"].size()) == brute);
    CHECK(j["no_set"].get<bool>() == (brute == 0));
  }
  // The rendered directory is itself a labelled set for `set eval`.
  auto e = run_cli({"set", "eval", dir.string(), "--json"});
  REQUIRE(e.exit_code == 0);
  CHECK(nlohmann::json::parse(e.out)["totals"]["card_accuracy"].get<double>() == 1.0);
  fs::remove_all(dir);
}

TEST_CASE("set render draws the hard conditions on request and set eval scores them") {
  fs::path dir = fs::temp_directory_path() / ("set_vision_hard_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  int n = 0;
  const int cards = 9;
  for (const char* flag : {"--white-desk", "--shadow", "--corner-labels", "--shadow-tips", "--end-covers"}) {
    std::string name = "hard" + std::to_string(n++);
    auto r = run_cli({"set", "render", (dir / (name + ".jpg")).string(), "--seed", "2", "--cards",
                      std::to_string(cards), flag, "--labels", (dir / (name + ".cards.txt")).string()});
    REQUIRE(r.exit_code == 0);
  }
  auto e = run_cli({"set", "eval", dir.string(), "--json"});
  REQUIRE(e.exit_code == 0);
  const auto report = nlohmann::json::parse(e.out);
  auto t = report["totals"];
  CHECK(t["labelled"] == n * cards);  // every card of every render labelled and scored
  CHECK(t["precision"].get<double>() == 1.0);
  CHECK(t["card_accuracy"].get<double>() >= 0.9);
  // `silent` counts the misses read as another card and not flagged, photo by photo (one
  // such miss among these renders as built here: under --end-covers, striped read as solid).
  int silent = 0, flagged = 0;
  for (const auto& photo : report["photos"]) {
    int in_photo = 0;
    for (const auto& miss : photo["misses"]) {
      const bool read = !miss["read"].get<std::string>().empty();
      CHECK((read || !miss["flagged"].get<bool>()));  // a card not found was not flagged either
      in_photo += read && !miss["flagged"].get<bool>();
    }
    CHECK(photo["silent"].get<int>() == in_photo);
    silent += in_photo;
    flagged += photo["flagged"].get<int>();
  }
  CHECK(t["silent"].get<int>() == silent);
  CHECK(t["flagged"].get<int>() == flagged);
  fs::remove_all(dir);
}

// In a dim room the paper's lightness sinks towards the fixed bound below which a region
// is table (outline_darkest_paper); seen at an angle, the far cards go unfound. The bound
// follows the photo's own brightest lightness down (outline_darkest_paper_share). Read
// through the CLI, as `set photo` decodes a render (at half size).
TEST_CASE("set eval: cards in dim tinted light on a table seen obliquely are found") {
  fs::path dir = fs::temp_directory_path() / ("set_vision_dim_oblique_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (int seed = 101; seed <= 108; ++seed) {
    const std::string name = "s" + std::to_string(seed);
    auto r = run_cli({"set", "render", (dir / (name + ".jpg")).string(), "--seed", std::to_string(seed), "--view-tilt",
                      "40", "--exposure", "0.45", "--tint", "1,0.8,0.55", "--labels", (dir / (name + ".cards.txt")).string()});
    REQUIRE(r.exit_code == 0);
  }
  auto totals = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"set", "eval", dir.string(), "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto e = run_cli(args);
    REQUIRE(e.exit_code == 0);
    return nlohmann::json::parse(e.out)["totals"];
  };
  const auto found = totals({});
  CHECK(found["detected"].get<int>() >= 93);  // 95 of 96 as built here
  CHECK(found["precision"].get<double>() == 1.0);
  // The far cards' diamonds, their corners rounded by blur and their edges frayed by the
  // dim light's noise, still have no bay: they are not squiggles (shape_convex_bay).
  CHECK(found["cards_correct"].get<int>() >= 92);  // 94 as built here
  CHECK(totals({"--set", "shape_convex_bay=0"})["cards_correct"].get<int>() < found["cards_correct"].get<int>() - 3);  // 89
  const auto fixed = totals({"--set", "outline_darkest_paper_share=0"});
  CHECK(fixed["detected"].get<int>() < found["detected"].get<int>() - 8);  // 81 as built here
  fs::remove_all(dir);
}

TEST_CASE("set render: the issue-18 conditions are flags, one-card framings label one card, bad values exit 2") {
  fs::path dir = fs::temp_directory_path() / ("set_vision_conditions_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto render = [&](std::vector<std::string> flags) {
    std::vector<std::string> args = {"set", "render", (dir / "x.png").string(), "--seed", "3", "--json"};
    args.insert(args.end(), flags.begin(), flags.end());
    return run_cli(args);
  };
  for (const char* framing : {"closeup", "tight-crop"}) {
    auto r = render({"--framing", framing, "--cards", "12"});
    REQUIRE(r.exit_code == 0);
    CHECK(nlohmann::json::parse(r.out)["cards"].size() == 1);  // --cards does not apply
    cv::Mat img = cv::imread((dir / "x.png").string());
    CHECK(std::max(img.cols, img.rows) == 1600);
  }
  auto pile = render({"--cards", "6", "--draw-pile", "--grey-desk", "--edge-contrast", "0.5", "--edge-softness", "2",
                      "--stripe-pitch", "0.5", "--stripe-strength", "0.4", "--line-weight", "1.5", "--ink-hue", "10",
                      "--ink-lightness", "0.2", "--card-rim", "--glare", "--card-shadows", "--exposure", "0.5", "--tint",
                      "1,0.8,0.6"});
  REQUIRE(pile.exit_code == 0);
  CHECK(nlohmann::json::parse(pile.out)["cards"].size() == 7);  // six on the table and the pile's top card
  for (std::vector<std::string> bad : {std::vector<std::string>{"--framing", "sideways"}, {"--edge-contrast", "1.5"},
                                       {"--tint", "1,1"}, {"--stripe-strength", "-0.1"}})
    CHECK(render(bad).exit_code == 2);
  fs::remove_all(dir);
}

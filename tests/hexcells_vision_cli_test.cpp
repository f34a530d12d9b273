// `puzzlesat hexcells screenshot` end to end: on boards drawn by the project's renderer
// (no data needed), on a real screenshot when ../shared is present, and on bad input.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>
#include <unistd.h>

#include "frontends/hexcells/board_convert.h"
#include "frontends/hexcells/renderer.h"
#include "problems/hexcells/deduce.h"
#include "problems/hexcells/format.h"
#include "tests/data_paths.h"
#include "tests/run_cli.h"
#include "tests/temp_file.h"

namespace puzzlesat::hexcells_vision {
using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using nlohmann::json;
namespace fs = std::filesystem;
using puzzlesat::testing::slurp;

using puzzlesat::testing::TempDir;
namespace {

Scene small_scene() {
  Scene s;
  // Consistent: (2,5) must be blue, (2,3) and (4,3) black.
  s.remaining = 1;
  s.cells = {{2, 3, CellState::hidden, {}},
             {3, 4, CellState::black, Hint{2, HintKind::plain}},
             {2, 5, CellState::hidden, {}},
             {4, 5, CellState::blue, {}},
             {3, 6, CellState::black, Hint{2, HintKind::apart}},
             {4, 3, CellState::hidden, {}}};
  s.lines = {{2, 1, LineDir::down, Hint{1, HintKind::plain}}, {5, 2, LineDir::down_left, Hint{1, HintKind::plain}}};
  normalise(s);
  return s;
}


}  // namespace

TEST_CASE("hexcells screenshot --json gives every cell, line hint and REMAINING in state coordinates", "[hexcells_vision][cli]") {
  TempDir dir;
  const Scene scene = small_scene();
  const fs::path image = dir.path() / "board.png";
  REQUIRE(cv::imwrite(image.string(), render_scene(scene, {1280, 720, 0.6})));
  const fs::path state = dir.path() / "board.state";
  const auto r = run_cli({"hexcells", "screenshot", image.string(), "--json", "--state-out", state.string()});
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["remaining"] == 1);
  REQUIRE(j["cells"].size() == scene.cells.size());
  REQUIRE(j["lines"].size() == scene.lines.size());
  // Grid coordinates are those of the state file: the scene shifted as a whole.
  const puzzlesat::hexcells::Pos o = state_position(scene, 0, 0);
  for (std::size_t i = 0; i < scene.cells.size(); ++i) {
    const auto& c = scene.cells[i];
    const json& jc = j["cells"][i];
    CHECK(jc["x"] == c.x + o.x);
    CHECK(jc["y"] == c.y + o.y);
    CHECK(jc["state"] == (c.state == CellState::hidden ? "hidden" : c.state == CellState::blue ? "blue" : "black"));
    if (c.hint) {
      CHECK(jc["hint"]["n"] == c.hint->n);
      CHECK(jc["hint"]["kind"] == (c.hint->kind == HintKind::apart ? "apart" : "plain"));
    } else {
      CHECK(jc["hint"].is_null());
    }
  }
  CHECK(j["lines"][0]["dir"] == "|");
  CHECK(j["lines"][1]["dir"] == "/");
  CHECK(j["lines"][1]["n"] == 1);
  CHECK(j["lines"][1]["kind"] == "plain");
  // The state file reads back into the same board.
  const auto board = puzzlesat::hexcells::read_board(slurp(state), state.string());
  CHECK(board == scene_to_state(scene));
}

TEST_CASE("hexcells screenshot prints the board as text", "[hexcells_vision][cli]") {
  TempDir dir;
  const fs::path image = dir.path() / "board.png";
  REQUIRE(cv::imwrite(image.string(), render_scene(small_scene(), {1920, 1080, 0.5})));
  const auto r = run_cli({"hexcells", "screenshot", image.string()});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("(-2-)") != std::string::npos);
  CHECK(r.out.find("REMAINING 1, 6 cells, 2 line hints") != std::string::npos);
}

TEST_CASE("hexcells screenshot rejects bad input with one error line and exit 2", "[hexcells_vision][cli]") {
  TempDir dir;
  const fs::path text = dir.path() / "notes.png";
  std::ofstream(text) << "not an image\n";
  const fs::path blank = dir.path() / "blank.png";
  REQUIRE(cv::imwrite(blank.string(), cv::Mat(720, 1280, CV_8UC3, cv::Scalar(230, 230, 230))));
  for (const fs::path& p : {dir.path() / "missing.png", text, blank}) {
    INFO(p);
    const auto r = run_cli({"hexcells", "screenshot", p.string(), "--json"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("puzzlesat: error: " + p.string(), 0) == 0);
    CHECK(line_count(r.err) == 1);
  }
}

TEST_CASE("hexcells screenshot reads the labelled Hexcells Infinite 1-2 screenshot", "[hexcells_vision][cli][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("hexcells/screenshots");
  const fs::path image = puzzlesat::testing::shared_data() / "hexcells/screenshots/mathphreak__Inf_1-2.png";
  const auto r = run_cli({"hexcells", "screenshot", image.string(), "--json"});
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["remaining"] == 6);  // label: REMAINING 6
  int hidden = 0, black = 0;
  for (const auto& c : j["cells"]) hidden += c["state"] == "hidden", black += c["state"] == "black";
  CHECK(hidden == 28);  // the label's Y tokens
  CHECK(black == 3);    // K0, K2, K0
}

TEST_CASE("hexcells screenshot --deduce reports what the exact deduction forces, -o marks it", "[hexcells_vision][cli]") {
  TempDir dir;
  const Scene scene = small_scene();
  const cv::Mat drawn = render_scene(scene, {1280, 720, 0.6});
  const fs::path image = dir.path() / "board.png", marked = dir.path() / "marked.png";
  REQUIRE(cv::imwrite(image.string(), drawn));
  const auto r = run_cli({"hexcells", "screenshot", image.string(), "--json", "--deduce", "-o", marked.string()});
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  const auto want = puzzlesat::hexcells::deduce(scene_to_state(scene));
  REQUIRE(want.consistent);
  REQUIRE(j["forced_blue"].size() == want.blue.size());
  REQUIRE(j["forced_black"].size() == want.black.size());
  REQUIRE(want.blue.size() + want.black.size() >= 1);
  for (std::size_t i = 0; i < want.blue.size(); ++i) CHECK(j["forced_blue"][i] == json::array({want.blue[i].x, want.blue[i].y}));
  for (std::size_t i = 0; i < want.black.size(); ++i) CHECK(j["forced_black"][i] == json::array({want.black[i].x, want.black[i].y}));
  // The marked picture differs from the screenshot at the forced cells' centres only.
  const cv::Mat out = cv::imread(marked.string());
  REQUIRE(out.size() == drawn.size());
  Lattice lat;
  render_scene(scene, {1280, 720, 0.6}, &lat);
  const puzzlesat::hexcells::Pos o = state_position(scene, 0, 0);
  for (const auto& c : scene.cells) {
    const cv::Point2f p = lat.centre_of(c.x, c.y);
    const bool forced = std::any_of(want.blue.begin(), want.blue.end(), [&](auto q) { return q.x == c.x + o.x && q.y == c.y + o.y; }) ||
                        std::any_of(want.black.begin(), want.black.end(), [&](auto q) { return q.x == c.x + o.x && q.y == c.y + o.y; });
    const cv::Rect spot(cv::Point(static_cast<int>(p.x) - 3, static_cast<int>(p.y) - 3), cv::Size(7, 7));
    CHECK((cv::norm(out(spot), drawn(spot), cv::NORM_L1) > 0) == forced);
  }
}

TEST_CASE("a read no colouring satisfies is a recognition error", "[hexcells_vision][cli]") {
  TempDir dir;
  Scene s;
  s.remaining = 0;  // but the black cell says one of its two hidden neighbours is blue
  s.cells = {{2, 2, CellState::hidden, {}}, {3, 3, CellState::black, Hint{1, HintKind::plain}}, {2, 4, CellState::hidden, {}}};
  normalise(s);
  const fs::path image = dir.path() / "impossible.png";
  REQUIRE(cv::imwrite(image.string(), render_scene(s, {1280, 720, 0.5})));
  const auto r = run_cli({"hexcells", "screenshot", image.string(), "--deduce"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("recognition error") != std::string::npos);
}

}  // namespace puzzlesat::hexcells_vision

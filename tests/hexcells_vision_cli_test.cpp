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
#include "problems/hexcells/format.h"
#include "tests/data_paths.h"
#include "tests/run_cli.h"

using namespace puzzlesat::hexcells_vision;
using puzzlesat::testing::run_cli;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() : path(fs::temp_directory_path() / ("hexcells_vision_cli_" + std::to_string(::getpid()))) { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

Scene small_scene() {
  Scene s;
  s.remaining = 2;
  s.cells = {{2, 3, CellState::hidden, {}},
             {3, 4, CellState::black, Hint{1, HintKind::plain}},
             {2, 5, CellState::hidden, {}},
             {4, 5, CellState::blue, {}},
             {3, 6, CellState::black, Hint{2, HintKind::together}},
             {4, 3, CellState::hidden, {}}};
  s.lines = {{2, 1, LineDir::down, Hint{1, HintKind::plain}}, {5, 2, LineDir::down_left, Hint{1, HintKind::plain}}};
  normalise(s);
  return s;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("hexcells screenshot --json gives every cell, line hint and REMAINING in state coordinates", "[hexcells_vision][cli]") {
  TempDir dir;
  const Scene scene = small_scene();
  const fs::path image = dir.path / "board.png";
  REQUIRE(cv::imwrite(image.string(), render_scene(scene, {1280, 720, 0.6})));
  const fs::path state = dir.path / "board.state";
  const auto r = run_cli({"hexcells", "screenshot", image.string(), "--json", "--state-out", state.string()});
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["remaining"] == 2);
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
      CHECK(jc["hint"]["kind"] == (c.hint->kind == HintKind::together ? "together" : "plain"));
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
  const fs::path image = dir.path / "board.png";
  REQUIRE(cv::imwrite(image.string(), render_scene(small_scene(), {1920, 1080, 0.5})));
  const auto r = run_cli({"hexcells", "screenshot", image.string()});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("o{2}") != std::string::npos);
  CHECK(r.out.find("REMAINING 2, 6 cells, 2 line hints") != std::string::npos);
}

TEST_CASE("hexcells screenshot rejects bad input with one error line and exit 2", "[hexcells_vision][cli]") {
  TempDir dir;
  const fs::path text = dir.path / "notes.png";
  std::ofstream(text) << "not an image\n";
  const fs::path blank = dir.path / "blank.png";
  REQUIRE(cv::imwrite(blank.string(), cv::Mat(720, 1280, CV_8UC3, cv::Scalar(230, 230, 230))));
  for (const fs::path& p : {dir.path / "missing.png", text, blank}) {
    INFO(p);
    const auto r = run_cli({"hexcells", "screenshot", p.string(), "--json"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("puzzlesat: error: " + p.string(), 0) == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
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

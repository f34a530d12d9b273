#include "frontends/hexcells/reader.h"

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

#include <puzzlesat/input_error.h>
#include "frontends/hexcells/renderer.h"

using namespace puzzlesat::hexcells_vision;

namespace {

// Every kind of tile: hidden, blue with and without a number, black with plain, {n},
// -n- and "?", and line hints in all three directions with each modifier.
Scene sample_scene() {
  Scene s;
  s.remaining = 7;
  s.cells = {{3, 4, CellState::hidden, {}},
             {4, 5, CellState::black, Hint{2, HintKind::plain}},
             {3, 6, CellState::blue, Hint{12, HintKind::plain}},
             {5, 6, CellState::black, Hint{3, HintKind::together}},
             {4, 7, CellState::black, Hint{2, HintKind::apart}},
             {5, 4, CellState::black, Hint{0, HintKind::unknown}},
             {6, 5, CellState::hidden, {}},
             {6, 7, CellState::blue, {}},
             {7, 6, CellState::hidden, {}},
             {8, 7, CellState::black, Hint{0, HintKind::plain}}};
  s.lines = {{3, 2, LineDir::down, Hint{1, HintKind::plain}},
             {2, 3, LineDir::down_right, Hint{4, HintKind::together}},
             {6, 3, LineDir::down_left, Hint{2, HintKind::apart}},
             {8, 5, LineDir::down, Hint{10, HintKind::plain}}};
  normalise(s);
  return s;
}

}  // namespace

TEST_CASE("read(render(scene)) == scene at several resolutions and board sizes", "[hexcells_vision]") {
  const Scene scene = sample_scene();
  for (const auto& opt : {RenderOptions{1280, 720, 0.8}, RenderOptions{1920, 1080, 0.5}, RenderOptions{1440, 900, 0.3},
                          RenderOptions{3840, 2160, 0.6}}) {
    INFO(opt.width << "x" << opt.height << " board fraction " << opt.board_fraction);
    ScreenRead read = read_screenshot(render_scene(scene, opt));
    normalise(read.scene);
    CHECK(to_text(read.scene) == to_text(scene));
    CHECK(read.scene == scene);
  }
}

TEST_CASE("the lattice the reader finds places cells where the renderer drew them", "[hexcells_vision]") {
  const Scene scene = sample_scene();
  Lattice drawn;
  const cv::Mat img = render_scene(scene, {1920, 1080, 0.6}, &drawn);
  const ScreenRead read = read_screenshot(img);
  CHECK(read.lattice.col_step == Approx(drawn.col_step).epsilon(0.02));
  CHECK(read.lattice.half_row == Approx(drawn.half_row).epsilon(0.02));
  // Same first cell in both coordinate systems.
  Scene raw = read.scene;
  const cv::Point2f p = read.lattice.centre_of(raw.cells.front().x, raw.cells.front().y);
  const cv::Point2f q = drawn.centre_of(scene.cells.front().x, scene.cells.front().y);
  CHECK(cv::norm(p - q) < 2.0);
}

TEST_CASE("a picture without a board is an input error", "[hexcells_vision]") {
  CHECK_THROWS_AS(read_screenshot(cv::Mat(720, 1280, CV_8UC3, cv::Scalar(200, 30, 30))), puzzlesat::InputError);
  CHECK_THROWS_AS(read_screenshot(cv::Mat()), puzzlesat::InputError);
  cv::Mat noise(360, 640, CV_8UC3);
  cv::randu(noise, cv::Scalar::all(0), cv::Scalar::all(255));
  CHECK_THROWS_AS(read_screenshot(noise), puzzlesat::InputError);
}

TEST_CASE("a missing or non-image file is an input error naming the file", "[hexcells_vision]") {
  try {
    read_screenshot_file("/nonexistent/shot.png");
    FAIL("no error");
  } catch (const puzzlesat::InputError& e) {
    CHECK(e.where().file == "/nonexistent/shot.png");
  }
  CHECK_THROWS_AS(read_screenshot_file(std::string(PUZZLESAT_SOURCE_DIR) + "/frontends/hexcells/reader_test.cpp"), puzzlesat::InputError);
}

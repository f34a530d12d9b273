// The screenshot reader on real game screenshots (labelled, and solved/unsolved pairs)
// and on corpus levels drawn by the renderer; skipped when ../shared/data is absent.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "frontends/hexcells/board_convert.h"
#include "frontends/hexcells/reader.h"
#include "frontends/hexcells/renderer.h"
#include "problems/hexcells/format.h"
#include "tests/data_paths.h"

namespace puzzlesat::hexcells_vision {
namespace fs = std::filesystem;
using puzzlesat::testing::slurp;
namespace hx = puzzlesat::hexcells;

namespace {

const fs::path kShots = "hexcells/screenshots";


// The labels' grid (SOURCES.md): one line per half-row, one token per column; Y hidden,
// B blue, K<n> / K{n} / K-n- black with its number; the counter is in a header line.
Scene parse_label(const fs::path& file) {
  Scene s;
  std::istringstream in(slurp(file));
  std::string line;
  int y = 0;
  const std::regex counter(R"(REMAINING counter shown in the screenshot: (\d+))");
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, counter)) s.remaining = std::stoi(m[1]);
    if (line.empty() || line[0] == '#') continue;
    std::istringstream row(line);
    std::string tok;
    for (int x = 0; row >> tok; ++x) {
      if (tok == ".") continue;
      SceneCell c{x, y, CellState::hidden, std::nullopt};
      if (tok == "B") c.state = CellState::blue;
      if (tok[0] == 'K') {
        c.state = CellState::black;
        c.hint = parse_hint_text(tok.substr(1));
        REQUIRE(c.hint);
      }
      s.cells.push_back(c);
    }
    ++y;
  }
  normalise(s);
  return s;
}

Scene read_normalised(const fs::path& file) {
  ScreenRead r = read_screenshot_file(file.string());
  normalise(r.scene);
  return r.scene;
}

}  // namespace

TEST_CASE("labelled Hexcells Infinite screenshots read exactly", "[hexcells_vision][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA(kShots);
  int checked = 0;
  for (const auto& e : fs::directory_iterator(puzzlesat::testing::shared_data() / kShots)) {
    const std::string name = e.path().filename().string();
    if (name.size() < 11 || name.substr(name.size() - 11) != ".labels.txt") continue;
    const fs::path image = e.path().parent_path() / (name.substr(0, name.size() - 11) + ".png");
    INFO(image);
    const Scene want = parse_label(e.path());
    const Scene got = read_normalised(image);
    CHECK(to_text(got) == to_text(want));
    ++checked;
  }
  CHECK(checked >= 1);
}

TEST_CASE("solved and unsolved shots of one level agree, and solved numbers match their colours", "[hexcells_vision][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA(kShots);
  int pairs = 0;
  for (const char* suffix : {"2", "3", "4", "5"}) {
    const fs::path dir = puzzlesat::testing::shared_data() / kShots;
    const fs::path unsolved = dir / (std::string("connellyj__unsolved") + suffix + ".png");
    const fs::path solved = dir / (std::string("connellyj__solved") + suffix + ".png");
    if (!fs::exists(unsolved) || !fs::exists(solved)) continue;
    INFO(solved);
    ++pairs;
    const Scene before = read_normalised(unsolved), after = read_normalised(solved);
    REQUIRE(before.cells.size() == after.cells.size());
    REQUIRE(before.remaining);
    REQUIRE(after.remaining);
    // The solved shot's hidden cells are blue exactly when REMAINING counts them all.
    int hidden_after = 0;
    for (const auto& c : after.cells) hidden_after += c.state == CellState::hidden;
    REQUIRE((*after.remaining == 0 || *after.remaining == hidden_after));
    int blue_hidden_before = 0;
    for (std::size_t i = 0; i < before.cells.size(); ++i) {
      const SceneCell &b = before.cells[i], &a = after.cells[i];
      REQUIRE((b.x == a.x && b.y == a.y));
      if (b.state != CellState::hidden) CHECK(b == a);  // revealed cells do not change
      else blue_hidden_before += a.state == CellState::blue || (a.state == CellState::hidden && *after.remaining > 0);
    }
    CHECK(blue_hidden_before == *before.remaining);
    CHECK(before.lines == after.lines);
    // Every number on the solved board follows from the colours on it.
    hx::Board board = scene_to_state(after);
    for (const hx::Pos p : board.cells())
      if (!board.at(p).revealed) board.at(p).color = *after.remaining > 0 ? hx::Color::blue : hx::Color::black;
    for (const hx::Pos p : hx::Board::positions()) {
      const hx::Tile& t = board.at(p);
      if (!t.shows_number()) continue;
      INFO("tile " << hx::to_string(p));
      CHECK(t.number == hx::computed_number(board, p));
      if (t.mark == hx::Mark::together || t.mark == hx::Mark::apart)
        CHECK(hx::blue_contiguous(board, p) == (t.mark == hx::Mark::together));
    }
  }
  CHECK(pairs >= 1);
}

TEST_CASE("corpus levels drawn by the renderer read back exactly at several resolutions", "[hexcells_vision][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("hexcells/levels");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(puzzlesat::testing::shared_data() / "hexcells/levels"))
    if (e.path().extension() == ".hexcells") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  const std::vector<RenderOptions> sizes = {{1280, 720, 0.85}, {1920, 1080, 0.7}, {3840, 2160, 0.5}, {1440, 900, 0.8}};
  int n = 0;
  // Every 20th level, each at one of the resolutions in turn: 19 boards of all kinds.
  for (std::size_t i = 0; i < files.size(); i += 20, ++n) {
    INFO(files[i]);
    const hx::Board level = hx::read_board(slurp(files[i]), files[i].string());
    Scene want = board_to_scene(level);
    normalise(want);
    const RenderOptions& opt = sizes[n % sizes.size()];
    INFO(opt.width << "x" << opt.height);
    const Scene got = [&] {
      ScreenRead r = read_screenshot(render_scene(want, opt));
      normalise(r.scene);
      return r.scene;
    }();
    CHECK(to_text(got) == to_text(want));
  }
  CHECK(n >= 15);
}

}  // namespace puzzlesat::hexcells_vision

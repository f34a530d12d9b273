// The Hexcells page's jobs: `hexcells deduce --explain` on a pasted level or state, and
// `hexcells screenshot --deduce -o` on an uploaded screenshot, both answered with the
// board drawn by the page, the forced cells and why each is forced.
#include <map>

#include <puzzlesat/input_error.h>

#include "frontends/hexcells/annotate.h"
#include "frontends/hexcells/board_convert.h"
#include "frontends/hexcells/reader.h"
#include "frontends/image/image_file.h"
#include "frontends/image/load_image.h"
#include "problems/hexcells/constraints.h"
#include "problems/hexcells/deduce.h"
#include "problems/hexcells/explain.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/render.h"
#include "server/data_url.h"
#include "server/jobs.h"
#include "server/upload.h"

namespace puzzlesat::server {

using nlohmann::json;
namespace hx = puzzlesat::hexcells;
namespace hv = puzzlesat::hexcells_vision;

namespace {

// A level's text is a few kilobytes; anything much larger is not one.
constexpr std::size_t kMaxLevelBytes = 1 << 20;

const char* kind_name(hx::Kind k) {
  switch (k) {
    case hx::Kind::cell: return "cell";
    case hx::Kind::line_down: return "line_down";
    case hx::Kind::line_down_right: return "line_down_right";
    case hx::Kind::line_down_left: return "line_down_left";
    case hx::Kind::empty: break;
  }
  return "empty";
}

// What the player sees on a tile: "3", "{3}", "-3-", "?" on a revealed black cell without
// a number, nothing on a hidden cell.
std::string label(const hx::Tile& t) {
  if (t.hidden()) return "";
  if (!t.shows_number() || !t.number) return t.is_cell() && t.color == hx::Color::black ? "?" : "";
  const std::string n = std::to_string(*t.number);
  switch (t.mark) {
    case hx::Mark::together: return "{" + n + "}";
    case hx::Mark::apart: return "-" + n + "-";
    default: return n;
  }
}

json pos_json(hx::Pos p) { return {p.x, p.y}; }

// The board as the page draws it, the forced cells, and each one's reason.
json deduce_json(const hx::Board& board, const std::string& solver) {
  hx::DeduceOptions options;
  options.solver = solver;
  const hx::Deduction d = hx::deduce(board, options);
  if (!d.consistent)
    throw InputError("impossible state: no colouring of the hidden cells agrees with the visible hints and REMAINING");
  const std::vector<hx::Reason> reasons = hx::explain(board, d, solver);

  std::map<hx::Pos, const hx::Reason*> reason_of;
  for (const auto& r : reasons) reason_of[r.cell] = &r;
  json tiles = json::array();
  for (hx::Pos p : hx::Board::positions()) {
    const hx::Tile& t = board.at(p);
    if (t.kind == hx::Kind::empty) continue;
    json j = {{"x", p.x}, {"y", p.y}, {"name", hx::tile_name(board, p)}, {"kind", kind_name(t.kind)},
              {"label", label(t)}};
    if (t.is_cell()) j["state"] = t.hidden() ? "hidden" : t.color == hx::Color::blue ? "blue" : "black";
    if (auto it = reason_of.find(p); it != reason_of.end()) {
      const hx::Reason& r = *it->second;
      json because = json::array(), hints = json::array();
      bool remaining = false;
      for (const hx::Constraint& c : r.because) {
        because.push_back(hx::describe(c, board));
        if (c.is_remaining)
          remaining = true;
        else
          hints.push_back(pos_json(c.source));
      }
      j["forced"] = r.colour == hx::Color::blue ? "blue" : "black";
      j["because"] = because;
      j["hints"] = hints;
      j["remaining_used"] = remaining;
      j["minimal"] = r.minimal;
      j["whole_state"] = r.whole_state;
    }
    tiles.push_back(j);
  }
  json names_blue = json::array(), names_black = json::array();
  for (hx::Pos p : d.blue) names_blue.push_back(hx::tile_name(board, p));
  for (hx::Pos p : d.black) names_black.push_back(hx::tile_name(board, p));
  return {{"title", board.title},
          {"remaining", board.remaining.value_or(0)},
          {"tiles", tiles},
          {"blue", names_blue},
          {"black", names_black}};
}

}  // namespace

json hexcells_level_job(const std::string& level_text, const JobContext&) {
  if (level_text.size() > kMaxLevelBytes) throw InputError("the level text is over 1 MB: not a Hexcells level");
  if (level_text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw InputError("no level: paste a \"Hexcells level v1\" or \"Hexcells state v1\" text");
  return deduce_json(hx::read_board(level_text, "level"), "minisat");
}

json hexcells_screenshot_job(const Upload& screenshot, const JobContext& ctx) {
  const std::string path = save_image(screenshot, ctx, "screenshot");
  const hv::ScreenRead read = as_upload(screenshot, path, [&] { return hv::read_screenshot_file(path); });
  hx::Board board;
  try {
    // As `hexcells screenshot`: the state reader checks what a state must satisfy.
    board = hx::read_board(hx::write_state(hv::scene_to_state(read.scene)));
  } catch (const InputError& e) {
    throw InputError("recognition error: " + e.message(), {screenshot.name});
  }
  json out;
  try {
    out = deduce_json(board, "minisat");
  } catch (const InputError& e) {
    throw InputError("recognition error: " + e.message() + " (a hint was probably misread)", {screenshot.name});
  }
  // The screenshot with the forced cells marked, as `hexcells screenshot -o` draws it.
  const hx::Pos offset = hv::state_position(read.scene, 0, 0);
  std::vector<hv::GridMark> marks;
  for (const auto& t : out["tiles"])
    if (t.contains("forced"))
      marks.push_back({t["x"].get<int>() - offset.x, t["y"].get<int>() - offset.y, t["forced"] == "blue"});
  const cv::Mat image = as_upload(screenshot, path, [&] { return image::load_image(path); });
  const auto jpeg = image::encode_jpeg(hv::annotate(image, read.lattice, marks), 85);
  out["image"] = data_url("image/jpeg", {reinterpret_cast<const char*>(jpeg.data()), jpeg.size()});
  out["warnings"] = read.warnings;
  return out;
}

}  // namespace puzzlesat::server

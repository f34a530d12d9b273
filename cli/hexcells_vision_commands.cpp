// `puzzlesat hexcells screenshot`: read a game screenshot into a Hexcells state.
// Extends the `hexcells` command group.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "cli/command.h"
#include "common/input_error.h"
#include "frontends/hexcells/board_convert.h"
#include "frontends/hexcells/reader.h"
#include "problems/hexcells/format.h"

namespace puzzlesat::cli {
namespace {

using nlohmann::json;
namespace hv = puzzlesat::hexcells_vision;
namespace hx = puzzlesat::hexcells;

const char* state_name(hv::CellState s) {
  switch (s) {
    case hv::CellState::hidden: return "hidden";
    case hv::CellState::blue: return "blue";
    case hv::CellState::black: return "black";
  }
  return "hidden";
}

const char* kind_name(hv::HintKind k) {
  switch (k) {
    case hv::HintKind::plain: return "plain";
    case hv::HintKind::together: return "together";
    case hv::HintKind::apart: return "apart";
    case hv::HintKind::unknown: return "unknown";
  }
  return "plain";
}

json hint_json(const hv::Hint& h) {
  return {{"n", h.kind == hv::HintKind::unknown ? json(nullptr) : json(h.n)}, {"kind", kind_name(h.kind)}};
}

struct Options {
  std::string image;
  bool json = false;
  std::string state_out;
};

void run(const Options& opt) {
  const hv::ScreenRead read = hv::read_screenshot_file(opt.image);
  const hv::Scene& scene = read.scene;
  for (const auto& w : read.warnings) std::cerr << "puzzlesat: warning: " << opt.image << ": " << w << "\n";
  auto recognition_error = [&](const std::string& why) {
    throw InputError("recognition error: " + why, {opt.image, 0, 0});
  };
  hx::Board board;
  try {
    board = hv::scene_to_state(scene);
    // The state reader checks what a state must satisfy (numbers within what their
    // hints can count, REMAINING within the hidden cells).
    board = hx::read_board(hx::write_state(board));
  } catch (const InputError& e) {
    recognition_error(e.message());
  }
  const hx::Pos offset = hv::state_position(scene, 0, 0);
  if (!opt.state_out.empty()) {
    std::ofstream out(opt.state_out, std::ios::binary);
    out << hx::write_state(board);
    if (!out) throw InputError("cannot write the state file", {opt.state_out, 0, 0});
  }
  if (opt.json) {
    json cells = json::array(), lines = json::array();
    for (const auto& c : scene.cells)
      cells.push_back({{"x", c.x + offset.x}, {"y", c.y + offset.y}, {"state", state_name(c.state)},
                       {"hint", c.hint ? hint_json(*c.hint) : json(nullptr)}});
    for (const auto& l : scene.lines) {
      json j = {{"x", l.x + offset.x}, {"y", l.y + offset.y}, {"dir", std::string(1, hv::dir_char(l.dir))}};
      j.update(hint_json(l.hint));
      lines.push_back(j);
    }
    json out = {{"remaining", *scene.remaining}, {"cells", cells}, {"lines", lines}};
    std::cout << out.dump() << "\n";
    return;
  }
  hv::Scene shown = scene;
  hv::normalise(shown);
  std::cout << hv::to_text(shown);
  std::cout << "REMAINING " << *scene.remaining << ", " << scene.cells.size() << " cells, " << scene.lines.size()
            << " line hints\n";
}

}  // namespace

void add_hexcells_vision_commands(CLI::App& app) {
  CLI::App* group = nullptr;
  try {
    group = app.get_subcommand("hexcells");
  } catch (const CLI::OptionNotFound&) {
    // Until the hexcells group is registered before this one.
    group = app.add_subcommand("hexcells", "Hexcells levels and screenshots");
  }
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand("screenshot", "Read a Hexcells screenshot into a state (cells, hints, line hints, REMAINING)");
  cmd->add_option("IMAGE", opt->image, "Screenshot (PNG, JPEG, ...) of Hexcells, Hexcells Plus or Hexcells Infinite")->required();
  cmd->add_flag("--json", opt->json,
                "Print {\"remaining\", \"cells\": [{x, y, state, hint}], \"lines\": [{x, y, dir, n, kind}]} in state coordinates");
  cmd->add_option("--state-out", opt->state_out, "Write the board read as a \"Hexcells state v1\" file");
  cmd->callback([opt] { run(*opt); });
}

}  // namespace puzzlesat::cli

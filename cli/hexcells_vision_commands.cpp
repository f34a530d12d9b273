// `puzzlesat hexcells screenshot`: read a game screenshot into a state, optionally deduce
// the forced cells and mark them on the picture. Extends the `hexcells` command group.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include <puzzlesat/input_error.h>
#include "frontends/hexcells/annotate.h"
#include "frontends/hexcells/board_convert.h"
#include "frontends/hexcells/reader.h"
#include "frontends/image/image_file.h"
#include "problems/hexcells/deduce.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/render.h"

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

json positions_json(const std::vector<hx::Pos>& cells) {
  json out = json::array();
  for (hx::Pos p : cells) out.push_back({p.x, p.y});
  return out;
}

struct Options {
  Batch batch;
  std::string image;  // the input being read
  bool json = false;
  bool deduce = false;
  std::string annotated;
  std::string state_out;
  std::string solver = "minisat";
};

void run(const Options& opt, BatchItem& item) {
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
  std::optional<hx::Deduction> deduction;
  if (opt.deduce || !opt.annotated.empty()) {
    hx::DeduceOptions deduce_options;
    deduce_options.solver = opt.solver;
    deduction = hx::deduce(board, deduce_options);
    if (!deduction->consistent)
      recognition_error("no colouring of the hidden cells agrees with the hints and REMAINING read (" +
                        std::to_string(scene.cells.size()) + " cells, " + std::to_string(scene.lines.size()) +
                        " line hints, REMAINING " + std::to_string(*scene.remaining) + ")");
  }
  if (!opt.annotated.empty()) {
    std::vector<hv::GridMark> marks;
    for (hx::Pos p : deduction->blue) marks.push_back({p.x - offset.x, p.y - offset.y, true});
    for (hx::Pos p : deduction->black) marks.push_back({p.x - offset.x, p.y - offset.y, false});
    const cv::Mat image = puzzlesat::image::read_image(opt.image);
    bool ok = false;
    try {
      ok = puzzlesat::image::write_image(opt.annotated, hv::annotate(image, read.lattice, marks));
    } catch (const cv::Exception&) {
      ok = false;
    }
    if (!ok) throw InputError("cannot write the annotated image (use a .png or .jpg name)", {opt.annotated, 0, 0});
  }

  if (item.json) {
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
    if (opt.deduce) {
      out["forced_blue"] = positions_json(deduction->blue);
      out["forced_black"] = positions_json(deduction->black);
    }
    item.result = out;
    return;
  }
  std::map<hx::Pos, hx::Color> highlight;
  if (opt.deduce) {
    for (hx::Pos p : deduction->blue) highlight[p] = hx::Color::blue;
    for (hx::Pos p : deduction->black) highlight[p] = hx::Color::black;
  }
  std::cout << hx::render(board, highlight);
  std::cout << "REMAINING " << *scene.remaining << ", " << scene.cells.size() << " cells, " << scene.lines.size()
            << " line hints\n";
  if (opt.deduce) {
    std::cout << "forced blue (B): " << deduction->blue.size() << ", forced black (K): " << deduction->black.size() << "\n";
    for (hx::Pos p : deduction->blue) std::cout << "  blue  " << hx::to_string(p) << "\n";
    for (hx::Pos p : deduction->black) std::cout << "  black " << hx::to_string(p) << "\n";
  }
}

}  // namespace

void add_hexcells_vision_commands(Commands& commands) {
  CLI::App* group = &commands.app;
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand("screenshot", "Read a Hexcells screenshot; optionally deduce and mark the forced cells");
  opt->batch.add_options(*cmd, "IMAGE", "Screenshots (PNG, JPEG, ...) of Hexcells, Hexcells Plus or Hexcells Infinite");
  cmd->add_flag("--json", opt->json,
                "Print {\"remaining\", \"cells\": [{x, y, state, hint}], \"lines\": [{x, y, dir, n, kind}]} in state coordinates");
  cmd->add_flag("--deduce", opt->deduce, "Also find the cells the visible hints force (adds forced_blue/forced_black)");
  cmd->add_option("-o,--output", opt->annotated, "Write the screenshot with each forced cell marked (implies deducing)");
  cmd->add_option("--state-out", opt->state_out, "Write the board read as a \"Hexcells state v1\" file");
  add_solver_option(*cmd, opt->solver);
  cmd->callback([opt] {
    if (opt->batch.batched(opt->batch.inputs().size()) && (!opt->annotated.empty() || !opt->state_out.empty()))
      throw InputError("-o and --state-out take one screenshot, not several (or --jsonl)");
    opt->batch.run(opt->json, [&](BatchItem& item) {
      Options one = *opt;
      one.image = item.input;
      run(one, item);
    });
  });
}

const CommandGroup hexcells_vision_group{hexcells_group, add_hexcells_vision_commands};

}  // namespace puzzlesat::cli

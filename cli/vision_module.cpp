// What the `puzzlesat` program knows of its modules (cli/vision.h) without loading them:
// where they lie, the top-level group each defines, and the groups the vision module extends.
#include "cli/vision.h"

#include <stdexcept>

#include "cli/groups.h"

namespace puzzlesat::cli {

// The build tree puts the modules in lib/puzzlesat beside the program; an install puts them
// in PUZZLESAT_VISION_MODULE_DIR relative to bin/ (cli/CMakeLists.txt).
const CommandModule vision_module{"puzzlesat_vision.so", "the vision commands",
                                  {"lib/puzzlesat", PUZZLESAT_VISION_MODULE_DIR}};
// A module of its own, so that the vision commands do not load the web server's libraries.
const CommandModule serve_module{"puzzlesat_serve.so", "the web server commands",
                                 {"lib/puzzlesat", PUZZLESAT_VISION_MODULE_DIR}};

// cli/serve_commands.cpp; the description must be the module's (checked when it loads).
const ModuleGroup serve_in_module{serve_module, "serve",
                                  "Web pages for SET photos, Hexcells, Yahtzee and DIMACS on a local port"};
// set photo, render, eval (cli/set_vision_commands.cpp).
const ModuleGroup set_in_vision{vision_module, set_group, {}};
// hexcells screenshot (cli/hexcells_vision_commands.cpp).
const ModuleGroup hexcells_in_vision{vision_module, hexcells_group, {}};
// yahtzee dice, and advise --photo (cli/dice_vision_commands.cpp).
const ModuleGroup yahtzee_in_vision{vision_module, yahtzee_group, {"advise"}};

HexcellsPictureWriter hexcells_picture_writer = nullptr;

HexcellsPictureWriter hexcells_picture() {
  vision_module.load();
  if (!hexcells_picture_writer) throw std::logic_error("the vision module set no Hexcells picture writer");
  return hexcells_picture_writer;
}

}  // namespace puzzlesat::cli

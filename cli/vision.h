// The modules of the `puzzlesat` program that need OpenCV: puzzlesat_vision.so, the photo
// and screenshot commands (cli/*_vision_commands.cpp) and the picture of `hexcells deduce -o`
// (cli/hexcells_picture.cpp); puzzlesat_serve.so, `serve` (cli/serve_commands.cpp, server/).
// Both take the frontends from puzzlesat_frontends.so. The program declares their groups in
// cli/vision_module.cpp and loads a module only when a command line needs it (cli/module.h),
// so other commands never load OpenCV.
#pragma once

#include <string>

#include "cli/module.h"
#include "problems/hexcells/explain.h"
#include "problems/hexcells/format.h"

namespace puzzlesat::cli {

extern const CommandModule vision_module;

// Writes the picture of one Hexcells explanation to `path` (`hexcells deduce -o`); throws
// InputError when it cannot be written. OpenCV draws it, so the module sets this pointer
// when it loads.
using HexcellsPictureWriter = void (*)(const std::string& path, const hexcells::Board& board,
                                       const hexcells::Reason& reason);
extern HexcellsPictureWriter hexcells_picture_writer;

// The writer, the module loaded first (throws ModuleError when it cannot be).
HexcellsPictureWriter hexcells_picture();

}  // namespace puzzlesat::cli

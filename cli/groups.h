// The in-tree command groups that other groups extend (see <puzzlesat/plugin.h>): an
// extension names its parent object, never its name.
#pragma once

#include <puzzlesat/plugin.h>

namespace puzzlesat::cli {

extern const CommandGroup set_group;       // extended by set_vision (photo, render, eval)
extern const CommandGroup hexcells_group;  // extended by hexcells_vision (screenshot)
extern const CommandGroup yahtzee_group;   // extended by dice_vision (dice, advise --photo)

}  // namespace puzzlesat::cli

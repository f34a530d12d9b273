// A plain-text drawing of a board for the terminal: one text line per grid row, each
// tile a 5-character field, cropped to the tiles in use. ASCII only, so it survives any
// terminal, log or diff.
#pragma once

#include <map>
#include <string>

#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

// Legend:  ( )  hidden cell      (?)  revealed black without number
//          (3) ({3}) (-3-)  revealed black with its number
//          [ ]  revealed blue     [5]  revealed blue with its number
//          |3  \{4}  /-2-   line hints (direction, then number)
// highlight: hidden cells drawn as " (B) " / " (K) " instead, e.g. deduced blue/black.
std::string render(const Board& board, const std::map<Pos, Color>& highlight = {});
std::string render_legend();

}  // namespace puzzlesat::hexcells

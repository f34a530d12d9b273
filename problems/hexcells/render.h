// A plain-text drawing of a board for the terminal: one text line per grid row, each
// tile a 5-character field, cropped to the tiles in use. ASCII only, so it survives any
// terminal, log or diff.
#pragma once

#include <map>
#include <optional>
#include <string_view>
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

// Tile names as a player reads them off the drawing: the column's letter (A = the
// leftmost column in use, then B, ..., Z, AA, AB, ...) and the row's number (1 = the
// top row in use), rows being the lines of the text drawing, i.e. half a cell high: the
// cells of one column are every other row (C3, C5, ...), the next column's sit between.
// render_labelled draws the letters above and the numbers beside, so "C7" is found the
// way a chess square is.
std::string tile_name(const Board& board, Pos p);
// The position of a name tile_name gives (case-insensitive), or nullopt.
std::optional<Pos> parse_tile_name(const Board& board, std::string_view name);
std::string render_labelled(const Board& board, const std::map<Pos, Color>& highlight = {});

}  // namespace puzzlesat::hexcells

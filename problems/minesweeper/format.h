// Minesweeper positions as text and as puzz.link URLs (docs/minesweeper.md).
//
// Text: optional header line `mines N` (the number of mines on the board), then one line per
// row: '.' covered, '0'-'8' a revealed number, '?' revealed without a number, '*' a known
// mine. Lines starting with '#' are comments; blank lines are ignored.
//
// URL: `https://puzz.link/p?mines/COLS/ROWS/BODY` (pzprjs "mines": numbers in number16,
// '?' for a number cell with no value; no mine count, no flags).
#pragma once

#include <string>
#include <string_view>

#include "minesweeper.h"

namespace minesweeper {

// Throws puzzlesat::InputError naming file, line and column of what is wrong.
Board read_board(std::string_view text, const std::string& file);
// A board from a puzz.link `mines` URL; errors name the column in the URL.
Board read_url(std::string_view url);

std::string write_board(const Board& board);  // the text format, ending in a newline
// The puzz.link URL; throws std::invalid_argument for flags or a mine count (pzprjs has neither).
std::string write_url(const Board& board);

}  // namespace minesweeper

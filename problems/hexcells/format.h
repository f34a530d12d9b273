// Text formats for Hexcells boards: the community "Hexcells level v1" format (the file
// holds the solution, numbers follow from it) and our "Hexcells state v1" format for
// boards whose hidden colours are unknown (numbers and REMAINING are written out).
// The full grammar is in docs/hexcells-format.md.
#pragma once

#include <string>
#include <string_view>

#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

// Reads either format, forgiving the quirks of real files (indentation, HTML entities,
// missing final newline, extra all-dot rows). Throws InputError naming file, line and
// column for anything else. After reading, every visible number and remaining are set.
Board read_board(std::string_view text, const std::string& file = "");

// The canonical level text; needs every colour known (throws std::logic_error if not).
std::string write_level(const Board& board);
// The canonical state text; hidden cells of unknown colour are written `?.`, hidden
// cells of known colour keep theirs.
std::string write_state(const Board& board);
// A copy in which every hidden cell's colour (and its mark) is forgotten, i.e. what a
// player sees; numbers of visible tiles and remaining are kept.
Board visible_state(const Board& board);

// HTML entities (&#39; &quot; &amp; ...) decoded, as in titles scraped from web pages.
std::string decode_html_entities(std::string_view s);

}  // namespace puzzlesat::hexcells

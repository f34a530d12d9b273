// Builds small level texts for tests: tiles placed by coordinates on an otherwise
// empty 33x33 grid, so a test states its board in a few lines.
#pragma once

#include <map>
#include <string>

#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells::testing {

// tiles: position -> two-character group such as "o+" or "|c".
inline std::string level_text(const std::map<Pos, std::string>& tiles, const std::string& header = "Hexcells level v1",
                              const std::string& trailer = "") {
  std::string out = header + "\nTest level\nTester\n\n\n";
  for (int y = 0; y < kGridSize; ++y) {
    for (int x = 0; x < kGridSize; ++x) {
      auto it = tiles.find({x, y});
      out += it == tiles.end() ? std::string("..") : it->second;
    }
    out += '\n';
  }
  return out + trailer;
}

}  // namespace puzzlesat::hexcells::testing

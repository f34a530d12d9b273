// The pages, style sheet and scripts of `puzzlesat serve`, compiled into the binary from
// server/pages/ (CMake writes them into a generated source), so the server works offline
// and needs no files beside it.
#pragma once

#include <string_view>

namespace puzzlesat::server {

struct Asset {
  std::string_view name;          // file name in server/pages/, e.g. "set.html"
  std::string_view content_type;  // from the extension
  std::string_view body;
};

// The asset of that file name, or nullptr.
const Asset* find_asset(std::string_view name);

}  // namespace puzzlesat::server

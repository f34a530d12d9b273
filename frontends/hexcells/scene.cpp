#include "frontends/hexcells/scene.h"

#include <algorithm>
#include <climits>
#include <map>
#include <sstream>

namespace puzzlesat::hexcells_vision {

void normalise(Scene& scene) {
  int min_x = INT_MAX, min_y = INT_MAX;
  for (const auto& c : scene.cells) min_x = std::min(min_x, c.x), min_y = std::min(min_y, c.y);
  for (const auto& l : scene.lines) min_x = std::min(min_x, l.x), min_y = std::min(min_y, l.y);
  if (min_x == INT_MAX) return;
  for (auto& c : scene.cells) c.x -= min_x, c.y -= min_y;
  for (auto& l : scene.lines) l.x -= min_x, l.y -= min_y;
  auto by_pos = [](const auto& a, const auto& b) { return std::tie(a.y, a.x) < std::tie(b.y, b.x); };
  std::sort(scene.cells.begin(), scene.cells.end(), by_pos);
  std::sort(scene.lines.begin(), scene.lines.end(), by_pos);
}

std::string hint_text(const Hint& hint) {
  const std::string n = std::to_string(hint.n);
  switch (hint.kind) {
    case HintKind::plain: return n;
    case HintKind::together: return "{" + n + "}";
    case HintKind::apart: return "-" + n + "-";
    case HintKind::unknown: return "?";
  }
  return "?";
}

std::optional<Hint> parse_hint_text(const std::string& text) {
  if (text == "?") return Hint{0, HintKind::unknown};
  std::string digits = text;
  HintKind kind = HintKind::plain;
  if (text.size() >= 3 && text.front() == '{' && text.back() == '}') {
    kind = HintKind::together;
    digits = text.substr(1, text.size() - 2);
  } else if (text.size() >= 3 && text.front() == '-' && text.back() == '-') {
    kind = HintKind::apart;
    digits = text.substr(1, text.size() - 2);
  }
  if (digits.empty() || digits.size() > 2) return std::nullopt;
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
  if (digits.size() == 2 && digits[0] == '0') return std::nullopt;
  return Hint{std::stoi(digits), kind};
}

char dir_char(LineDir dir) {
  switch (dir) {
    case LineDir::down: return '|';
    case LineDir::down_right: return '\\';
    case LineDir::down_left: return '/';
  }
  return '|';
}

void dir_step(LineDir dir, int& dx, int& dy) {
  switch (dir) {
    case LineDir::down: dx = 0, dy = 2; return;
    case LineDir::down_right: dx = 1, dy = 1; return;
    case LineDir::down_left: dx = -1, dy = 1; return;
  }
}

std::string to_text(const Scene& scene) {
  std::map<std::pair<int, int>, std::string> tiles;
  int max_x = 0, max_y = 0;
  for (const auto& c : scene.cells) {
    std::string s = c.state == CellState::hidden ? "O" : c.state == CellState::blue ? "x" : "o";
    if (c.hint) s += hint_text(*c.hint);
    tiles[{c.y, c.x}] = s;
    max_x = std::max(max_x, c.x), max_y = std::max(max_y, c.y);
  }
  for (const auto& l : scene.lines) {
    tiles[{l.y, l.x}] = std::string(1, dir_char(l.dir)) + hint_text(l.hint);
    max_x = std::max(max_x, l.x), max_y = std::max(max_y, l.y);
  }
  std::ostringstream out;
  out << "remaining " << (scene.remaining ? std::to_string(*scene.remaining) : "?") << "\n";
  for (int y = 0; y <= max_y; ++y) {
    for (int x = 0; x <= max_x; ++x) {
      auto it = tiles.find({y, x});
      std::string s = it == tiles.end() ? "." : it->second;
      s.resize(std::max<std::size_t>(s.size(), 5), ' ');
      out << s;
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace puzzlesat::hexcells_vision

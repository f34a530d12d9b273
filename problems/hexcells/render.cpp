#include "problems/hexcells/render.h"

#include <algorithm>

namespace puzzlesat::hexcells {
namespace {

std::string number_text(const Tile& t) {
  if (t.mark == Mark::none) return "";
  std::string n = t.number ? std::to_string(*t.number) : "?";
  if (t.mark == Mark::together) return "{" + n + "}";
  if (t.mark == Mark::apart) return "-" + n + "-";
  return n;
}

std::string centred(const std::string& s, std::size_t width) {
  if (s.size() >= width) return s.substr(0, width);
  std::size_t left = (width - s.size()) / 2;
  return std::string(left, ' ') + s + std::string(width - s.size() - left, ' ');
}

std::string field(const Tile& t, std::optional<Color> highlight) {
  switch (t.kind) {
    case Kind::empty: return "";
    case Kind::line_down: return "|" + number_text(t);
    case Kind::line_down_right: return "\\" + number_text(t);
    case Kind::line_down_left: return "/" + number_text(t);
    case Kind::cell: break;
  }
  if (!t.revealed) {
    if (highlight) return *highlight == Color::blue ? "(B)" : "(K)";
    return "( )";
  }
  if (t.color == Color::blue) {
    std::string n = number_text(t);
    return "[" + (n.empty() ? std::string(" ") : n) + "]";
  }
  std::string n = number_text(t);
  if (t.mark == Mark::together || t.mark == Mark::apart) return "(" + n + ")";
  return "(" + (n.empty() ? std::string("?") : n) + ")";
}

}  // namespace

std::string render(const Board& board, const std::map<Pos, Color>& highlight) {
  int x0 = kGridSize, x1 = -1, y0 = kGridSize, y1 = -1;
  for (Pos p : Board::positions()) {
    if (board.at(p).kind == Kind::empty) continue;
    x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  }
  std::string out;
  if (x1 < 0) return "(empty board)\n";
  for (int y = y0; y <= y1; ++y) {
    std::string line;
    for (int x = x0; x <= x1; ++x) {
      auto it = highlight.find({x, y});
      std::optional<Color> h;
      if (it != highlight.end()) h = it->second;
      line += centred(field(board.at({x, y}), h), 5);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string render_legend() {
  return "( ) hidden   (?) black   (3) ({3}) (-3-) black with number   [ ] [5] blue   |3 \\3 /3 line hints\n";
}

}  // namespace puzzlesat::hexcells

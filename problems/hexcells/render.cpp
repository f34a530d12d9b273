#include "problems/hexcells/render.h"

#include <algorithm>
#include <cctype>

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

struct Extent {
  int x0 = kGridSize, x1 = -1, y0 = kGridSize, y1 = -1;
  bool empty() const { return x1 < 0; }
};

// The tiles in use; drawings and names are cropped to them.
Extent extent(const Board& board) {
  Extent e;
  for (Pos p : Board::positions()) {
    if (board.at(p).kind == Kind::empty) continue;
    e.x0 = std::min(e.x0, p.x), e.x1 = std::max(e.x1, p.x), e.y0 = std::min(e.y0, p.y), e.y1 = std::max(e.y1, p.y);
  }
  return e;
}

// 0 -> A, 25 -> Z, 26 -> AA (spreadsheet columns).
std::string column_letters(int i) {
  std::string s;
  for (++i; i > 0; i = (i - 1) / 26) s.insert(s.begin(), static_cast<char>('A' + (i - 1) % 26));
  return s;
}

std::string draw(const Board& board, const std::map<Pos, Color>& highlight, bool labels) {
  Extent e = extent(board);
  if (e.empty()) return "(empty board)\n";
  const int x0 = e.x0, x1 = e.x1, y0 = e.y0, y1 = e.y1;
  const std::size_t margin = labels ? std::to_string(y1 - y0 + 1).size() + 1 : 0;
  std::string out;
  if (labels) {
    std::string ruler(margin, ' ');
    for (int x = x0; x <= x1; ++x) ruler += centred(column_letters(x - x0), 5);
    while (!ruler.empty() && ruler.back() == ' ') ruler.pop_back();
    out += ruler + "\n";
  }
  for (int y = y0; y <= y1; ++y) {
    std::string line;
    if (labels) {
      std::string n = std::to_string(y - y0 + 1);
      line = std::string(margin - 1 - n.size(), ' ') + n + " ";
    }
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

}  // namespace

std::string render(const Board& board, const std::map<Pos, Color>& highlight) { return draw(board, highlight, false); }

std::string render_labelled(const Board& board, const std::map<Pos, Color>& highlight) {
  return draw(board, highlight, true);
}

std::string tile_name(const Board& board, Pos p) {
  Extent e = extent(board);
  if (e.empty() || p.x < e.x0 || p.y < e.y0) return to_string(p);
  return column_letters(p.x - e.x0) + std::to_string(p.y - e.y0 + 1);
}

std::optional<Pos> parse_tile_name(const Board& board, std::string_view name) {
  Extent e = extent(board);
  std::size_t i = 0;
  int column = 0;
  while (i < name.size() && std::isalpha(static_cast<unsigned char>(name[i]))) {
    column = column * 26 + (std::toupper(static_cast<unsigned char>(name[i])) - 'A' + 1);
    if (column > kGridSize) return std::nullopt;
    ++i;
  }
  int row = 0;
  std::size_t digits = i;
  while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) {
    row = row * 10 + (name[i] - '0');
    if (row > kGridSize) return std::nullopt;
    ++i;
  }
  if (e.empty() || column == 0 || i == digits || i != name.size() || row == 0) return std::nullopt;
  Pos p{e.x0 + column - 1, e.y0 + row - 1};
  if (!in_grid(p)) return std::nullopt;
  return p;
}

std::string render_legend() {
  return "( ) hidden   (?) black   (3) ({3}) (-3-) black with number   [ ] [5] blue   |3 \\3 /3 line hints\n";
}

}  // namespace puzzlesat::hexcells

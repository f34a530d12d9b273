#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

const Tile& Board::get(Pos p) const {
  static const Tile kEmpty{};
  return in_grid(p) ? at(p) : kEmpty;
}

const std::vector<Pos>& Board::positions() {
  static const std::vector<Pos> all = [] {
    std::vector<Pos> v;
    for (int y = 0; y < kGridSize; ++y)
      for (int x = 0; x < kGridSize; ++x) v.push_back({x, y});
    return v;
  }();
  return all;
}

std::vector<Pos> Board::cells() const {
  std::vector<Pos> v;
  for (Pos p : positions())
    if (at(p).is_cell()) v.push_back(p);
  return v;
}

std::vector<Pos> Board::hidden_cells() const {
  // Counted first, so the list is allocated once (play asks for it several times a round).
  std::size_t n = 0;
  for (const Tile& t : tiles_) n += t.hidden();
  std::vector<Pos> v;
  v.reserve(n);
  for (int y = 0; y < kGridSize; ++y)
    for (int x = 0; x < kGridSize; ++x)
      if (at({x, y}).hidden()) v.push_back({x, y});
  return v;
}

bool Board::colours_known() const {
  for (Pos p : positions())
    if (at(p).is_cell() && at(p).color == Color::unknown) return false;
  return true;
}

int Board::count_hidden_blue() const {
  int n = 0;
  for (Pos p : positions())
    if (at(p).hidden() && at(p).color == Color::blue) ++n;
  return n;
}

namespace {

Pos line_step(Kind k) {
  switch (k) {
    case Kind::line_down: return {0, 1};  // only cells count, so one row at a time is safe
    case Kind::line_down_right: return {1, 1};
    case Kind::line_down_left: return {-1, 1};
    default: return {0, 0};
  }
}

}  // namespace

std::vector<std::optional<Pos>> hint_scope(const Board& board, Pos p) {
  std::vector<std::optional<Pos>> scope;
  scope.reserve(kGridSize);  // room for any scope (at most 18 slots or a line), so one allocation
  const Tile& t = board.get(p);
  if (t.is_line()) {
    Pos step = line_step(t.kind);
    for (Pos q = p + step; in_grid(q); q = q + step)
      if (board.at(q).is_cell()) scope.emplace_back(q);
  } else if (t.is_cell() && t.color == Color::blue) {
    for (Pos d : kNeighbourOffsets)
      if (board.get(p + d).is_cell()) scope.emplace_back(p + d);
    for (Pos d : kRadius2RingOffsets)
      if (board.get(p + d).is_cell()) scope.emplace_back(p + d);
  } else if (t.is_cell()) {
    for (Pos d : kNeighbourOffsets) {
      if (board.get(p + d).is_cell())
        scope.emplace_back(p + d);
      else
        scope.emplace_back(std::nullopt);
    }
  }
  return scope;
}

std::optional<int> computed_number(const Board& board, Pos p) {
  int n = 0;
  for (const auto& q : hint_scope(board, p)) {
    if (!q) continue;
    Color c = board.at(*q).color;
    if (c == Color::unknown) return std::nullopt;
    n += c == Color::blue;
  }
  return n;
}

bool blue_contiguous(const Board& board, Pos p) {
  auto scope = hint_scope(board, p);
  std::vector<bool> blue;
  for (const auto& q : scope) blue.push_back(q && board.at(*q).color == Color::blue);
  int starts = 0;  // runs of blue: places where a blue follows a non-blue
  bool ring = board.get(p).is_cell();
  for (std::size_t i = 0; i < blue.size(); ++i) {
    bool prev = i > 0 ? blue[i - 1] : (ring ? blue.back() : false);
    if (blue[i] && !prev) ++starts;
  }
  if (starts == 0) return true;  // none blue, or a full ring
  return starts == 1;
}

void compute_numbers(Board& board) {
  for (Pos p : Board::positions()) {
    Tile& t = board.at(p);
    if (t.mark == Mark::none || t.number) continue;
    t.number = computed_number(board, p);
  }
}

std::string to_string(Pos p) { return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")"; }

}  // namespace puzzlesat::hexcells

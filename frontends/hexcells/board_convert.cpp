#include "frontends/hexcells/board_convert.h"

#include <algorithm>
#include <climits>

#include <puzzlesat/input_error.h>

namespace puzzlesat::hexcells_vision {
namespace {

hexcells::Mark mark_of(HintKind k) {
  switch (k) {
    case HintKind::plain: return hexcells::Mark::plain;
    case HintKind::together: return hexcells::Mark::together;
    case HintKind::apart: return hexcells::Mark::apart;
    case HintKind::unknown: return hexcells::Mark::none;
  }
  return hexcells::Mark::none;
}

std::optional<Hint> hint_of(const hexcells::Tile& t) {
  if (t.mark == hexcells::Mark::none || !t.number) return std::nullopt;
  const HintKind kind = t.mark == hexcells::Mark::together ? HintKind::together
                        : t.mark == hexcells::Mark::apart  ? HintKind::apart
                                                           : HintKind::plain;
  return Hint{*t.number, kind};
}

// The offset that centres the scene's extent in the grid, keeping a one-slot margin.
void placement(const Scene& scene, int& ox, int& oy) {
  int min_x = INT_MAX, min_y = INT_MAX, max_x = INT_MIN, max_y = INT_MIN;
  auto extend = [&](int x, int y) {
    min_x = std::min(min_x, x), max_x = std::max(max_x, x), min_y = std::min(min_y, y), max_y = std::max(max_y, y);
  };
  for (const auto& c : scene.cells) extend(c.x, c.y);
  for (const auto& l : scene.lines) extend(l.x, l.y);
  if (min_x == INT_MAX) { ox = oy = 0; return; }
  const int w = max_x - min_x + 1, h = max_y - min_y + 1;
  if (w > hexcells::kGridSize || h > hexcells::kGridSize)
    throw InputError("the board read is " + std::to_string(w) + "x" + std::to_string(h) + " grid slots, more than the 33x33 of a level");
  ox = (hexcells::kGridSize - w) / 2 - min_x;
  oy = (hexcells::kGridSize - h) / 2 - min_y;
}

}  // namespace

hexcells::Pos state_position(const Scene& scene, int x, int y) {
  int ox = 0, oy = 0;
  placement(scene, ox, oy);
  return {x + ox, y + oy};
}

hexcells::Board scene_to_state(Scene scene) {
  if (!scene.remaining) throw InputError("the REMAINING counter was not found in the image");
  int ox = 0, oy = 0;
  placement(scene, ox, oy);
  hexcells::Board board;
  board.title = "Read from a screenshot";
  board.remaining = scene.remaining;
  for (const auto& c : scene.cells) {
    hexcells::Tile& t = board.at({c.x + ox, c.y + oy});
    t.kind = hexcells::Kind::cell;
    if (c.state == CellState::hidden) {
      t.color = hexcells::Color::unknown;
      continue;
    }
    t.revealed = true;
    t.color = c.state == CellState::blue ? hexcells::Color::blue : hexcells::Color::black;
    if (c.hint) {
      t.mark = mark_of(c.hint->kind);
      if (c.hint->kind != HintKind::unknown) t.number = c.hint->n;
    }
  }
  for (const auto& l : scene.lines) {
    hexcells::Tile& t = board.at({l.x + ox, l.y + oy});
    t.kind = l.dir == LineDir::down         ? hexcells::Kind::line_down
             : l.dir == LineDir::down_right ? hexcells::Kind::line_down_right
                                            : hexcells::Kind::line_down_left;
    t.mark = mark_of(l.hint.kind);
    t.number = l.hint.n;
  }
  return board;
}

Scene board_to_scene(const hexcells::Board& board) {
  Scene scene;
  scene.remaining = board.remaining;
  if (!scene.remaining && board.colours_known()) scene.remaining = board.count_hidden_blue();
  for (const hexcells::Pos p : hexcells::Board::positions()) {
    const hexcells::Tile& t = board.at(p);
    if (t.is_cell()) {
      SceneCell c{p.x, p.y, CellState::hidden, std::nullopt};
      if (t.revealed) {
        c.state = t.color == hexcells::Color::blue ? CellState::blue : CellState::black;
        c.hint = hint_of(t);
        if (c.state == CellState::black && t.mark == hexcells::Mark::none) c.hint = Hint{0, HintKind::unknown};
      }
      scene.cells.push_back(c);
    } else if (t.is_line()) {
      if (const auto h = hint_of(t)) {
        const LineDir dir = t.kind == hexcells::Kind::line_down         ? LineDir::down
                            : t.kind == hexcells::Kind::line_down_right ? LineDir::down_right
                                                                        : LineDir::down_left;
        scene.lines.push_back({p.x, p.y, dir, *h});
      }
    }
  }
  return scene;
}

}  // namespace puzzlesat::hexcells_vision

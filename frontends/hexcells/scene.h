// What a Hexcells screen shows, in grid coordinates: the cells with their colour and
// number, the line hints and the REMAINING counter. The reader produces it from a
// screenshot and the renderer draws it, so read(render(scene)) == scene is testable.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace puzzlesat::hexcells_vision {

enum class CellState { hidden, blue, black };
enum class HintKind { plain, together, apart, unknown };  // n, {n}, -n-, ?
enum class LineDir { down, down_right, down_left };         // `|`, `\`, `/`

struct Hint {
  int n = 0;  // meaningless for HintKind::unknown
  HintKind kind = HintKind::plain;
  bool operator==(const Hint&) const = default;
};

// Grid coordinates follow the "Hexcells level v1" file: x = column, y = half-row, so
// vertical neighbours are two rows apart and diagonal ones one row and one column.
struct SceneCell {
  int x = 0, y = 0;
  CellState state = CellState::hidden;
  std::optional<Hint> hint;
  bool operator==(const SceneCell&) const = default;
};

struct SceneLine {
  int x = 0, y = 0;
  LineDir dir = LineDir::down;
  Hint hint;
  bool operator==(const SceneLine&) const = default;
};

struct Scene {
  std::optional<int> remaining;
  std::vector<SceneCell> cells;  // sorted by (y, x)
  std::vector<SceneLine> lines;  // sorted by (y, x)
  bool operator==(const Scene&) const = default;
};

// Sorts cells and lines in reading order, and translates the scene so that its top-left
// tile sits at (0, 0); two reads of one board compare equal after this.
void normalise(Scene& scene);

// "5", "{3}", "-2-", "?".
std::string hint_text(const Hint& hint);
// The inverse of hint_text; nullopt for anything else.
std::optional<Hint> parse_hint_text(const std::string& text);

char dir_char(LineDir dir);  // '|', '\\', '/'
// Grid step from a line hint to the next slot of its line.
void dir_step(LineDir dir, int& dx, int& dy);

// One line per half-row, like the level file: `O`/`o`/`x` hidden/black/blue cells
// followed by their number text; for reports and test failure messages.
std::string to_text(const Scene& scene);

}  // namespace puzzlesat::hexcells_vision

// The Hexcells board model shared by level files, partial states (e.g. read from a
// screenshot) and the solver: a 33x33 grid of tiles, hint kinds, and the cells each
// hint looks at (6-ring, radius-2 area, line), with numbers computed from known colours.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace puzzlesat::hexcells {

// The grid of the "Hexcells level v1" format: 33 groups per row, 33 rows. Rows are
// half-rows of the hex lattice, so a cell's vertical neighbours are two rows away.
constexpr int kGridSize = 33;

// File coordinates: x = group index in the row (column), y = row, both from 0.
struct Pos {
  int x = 0;
  int y = 0;
  auto operator<=>(const Pos&) const = default;
  Pos operator+(Pos o) const { return {x + o.x, y + o.y}; }
};

inline bool in_grid(Pos p) { return p.x >= 0 && p.x < kGridSize && p.y >= 0 && p.y < kGridSize; }

// The tile's place in arrays of kGridSize * kGridSize by tile (row by row): per-round
// bookkeeping keeps flat arrays by tile, which cost less than maps or sets of Pos.
inline std::size_t tile_index(Pos p) { return static_cast<std::size_t>(p.y * kGridSize + p.x); }

// The 6 neighbours in ring order (clockwise from the top): contiguity of {n}/-n- is
// judged along this order.
constexpr std::array<Pos, 6> kNeighbourOffsets{{{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}}};
// The 12 further cells of the radius-2 area a blue cell's number counts.
constexpr std::array<Pos, 12> kRadius2RingOffsets{{{0, -4}, {1, -3}, {2, -2}, {2, 0}, {2, 2}, {1, 3},
                                                   {0, 4}, {-1, 3}, {-2, 2}, {-2, 0}, {-2, -2}, {-1, -3}}};

enum class Kind : unsigned char {
  empty,          // `.`: no cell
  cell,           // `o` `O` `x` `X` `?`
  line_down,      // `|`: counts the cells straight below
  line_down_right,// `\`: steps (+1, +1)
  line_down_left, // `/`: steps (-1, +1)
};

enum class Color : unsigned char { unknown, black, blue };

// What a tile's number says besides the count.
enum class Mark : unsigned char {
  none,      // `.`: no number (a revealed black cell shows "?")
  plain,     // `+`
  together,  // `c`: {n}, the counted blue cells are contiguous
  apart,     // `n`: -n-, they are not
};

struct Tile {
  Kind kind = Kind::empty;
  Color color = Color::unknown;  // cells only; unknown only in states
  bool revealed = false;         // cells only; line hints are always visible
  Mark mark = Mark::none;
  // The tile's number when known: given in a state, or computed from the colours.
  std::optional<int> number;

  bool is_cell() const { return kind == Kind::cell; }
  bool is_line() const { return kind != Kind::empty && kind != Kind::cell; }
  bool hidden() const { return is_cell() && !revealed; }
  // Whether the player sees a number here now (a hint the deduction uses).
  bool shows_number() const {
    if (is_line()) return mark != Mark::none;
    return is_cell() && revealed && mark != Mark::none;
  }
  bool operator==(const Tile&) const = default;
};

// A board: a level (every colour known, numbers follow from them) or a state (hidden
// colours may be unknown, visible numbers and the REMAINING count are given).
class Board {
 public:
  std::string title;
  std::string author;
  std::array<std::string, 2> text;  // free text lines 4-5
  // REMAINING: the number of hidden blue cells. Always set after reading.
  std::optional<int> remaining;

  Tile& at(Pos p) { return tiles_[tile_index(p)]; }
  const Tile& at(Pos p) const { return tiles_[tile_index(p)]; }
  // The tile at p, or an empty tile outside the grid.
  const Tile& get(Pos p) const;

  // Every position, row by row (reading order).
  static const std::vector<Pos>& positions();
  std::vector<Pos> cells() const;
  std::vector<Pos> hidden_cells() const;
  // Whether every cell's colour is known (a level, or a state with its solution).
  bool colours_known() const;
  int count_hidden_blue() const;  // hidden cells known to be blue

  bool operator==(const Board&) const = default;

 private:
  std::array<Tile, kGridSize * kGridSize> tiles_{};
};

// The cells hint tile p looks at:
// - a cell: its 6-ring in ring order, nullopt where there is no cell (a gap that
//   breaks {n}/-n-); a blue cell: the radius-2 area (18 slots, never with gaps);
// - a line hint: the cells along its line to the edge, empty slots skipped.
std::vector<std::optional<Pos>> hint_scope(const Board& board, Pos p);
// The hint's count from the colours (nullopt if one of the cells is of unknown colour).
std::optional<int> computed_number(const Board& board, Pos p);
// Whether the blue cells of the scope form one run (ring: circular, gaps break).
// Needs every colour of the scope known.
bool blue_contiguous(const Board& board, Pos p);
// Fills in number for every tile with a mark whose scope colours are known.
void compute_numbers(Board& board);

std::string to_string(Pos p);  // "(x,y)"

}  // namespace puzzlesat::hexcells

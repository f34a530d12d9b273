// Finding the hexagonal cells of a Hexcells screenshot by colour (hidden orange,
// revealed blue, revealed dark grey) and mapping their centres onto the level grid,
// with the hex spacing estimated from the cells themselves.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/hexcells/scene.h"

namespace puzzlesat::hexcells_vision {

struct FoundCell {
  cv::Point2f centre;
  cv::Rect box;
  std::vector<cv::Point> contour;
  CellState state = CellState::hidden;
  int x = 0, y = 0;  // grid position, set by fit_lattice
};

// Pixel position of grid slot (x, y): origin + (x * col_step, y * half_row).
struct Lattice {
  cv::Point2f origin;
  double col_step = 0;   // horizontal distance between neighbouring columns
  double half_row = 0;   // vertical distance between diagonal neighbours (half a cell pitch)
  double cell_width = 0; // a cell's width (corner to corner)
  cv::Point2f centre_of(int x, int y) const {
    return {static_cast<float>(origin.x + x * col_step), static_cast<float>(origin.y + y * half_row)};
  }
};

// Corners of a flat-topped hexagon of width `width` (corner to corner) centred at `c`,
// in fixed point with 4 fractional bits (OpenCV's `shift` = 4).
std::vector<cv::Point> hexagon(cv::Point2f c, double width);

// Every cell-like blob of the three colours whose size agrees with the majority.
// Returns an empty list when there is nothing that looks like a board.
std::vector<FoundCell> find_cells(const cv::Mat& bgr, const cv::Mat& hsv);

// Assigns grid positions to the cells (smallest x and y become 2 or more so that line
// hints above and left still fit) and returns the lattice. Throws InputError when the
// centres do not lie on one hexagonal lattice.
Lattice fit_lattice(std::vector<FoundCell>& cells);

}  // namespace puzzlesat::hexcells_vision

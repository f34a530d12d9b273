// Caps in AG(3,3) up to affine equivalence. A cap is a set of points with no three on a
// line; the 27 cards of one hyperplane of the deck (e.g. all "one ..." cards) form
// AG(3,3), where lines are exactly sets. `set cap` splits the 21-card proof into one
// small SAT call per class of 7-, 8- and 9-point caps in its fullest hyperplane.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace puzzlesat::set {

// A point of AG(3,3) is 0..26: coordinates (color, shading, shape) in base 3, the same
// as the index of the "one ..." card with those attributes.
using Points3 = std::vector<int>;

// One cap of each affine equivalence class of caps with exactly m points, m >= 5 (each
// then spans the space). Every representative contains 0, e1, e2, e3 (points 0, 9, 3, 1).
std::vector<Points3> cap_classes(int m);

// An affine map x -> A x + b of AG(3,3) (A invertible mod 3), as a point permutation.
using AffineMap3 = std::array<std::uint8_t, 27>;
// All 303,264 of them: |AGL(3,3)| = 27 · 11,232. For tests.
std::vector<AffineMap3> all_affine_maps3();

}  // namespace puzzlesat::set

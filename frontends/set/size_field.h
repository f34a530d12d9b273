// How large a card is expected to be at each point of a photo. Seen from straight above,
// every card on a table is the same size; seen obliquely, the far ones are smaller. For a
// plane, the inverse of the depth is an affine function of the image position, and a
// card's linear size (the square root of its area) is proportional to it, so
//
//   size(x, y) = a + b x + c y
//
// holds across the whole table whatever the camera's angle. fit_size_field finds that
// plane among candidate outlines, most of which are cards and some clutter, by trying
// the planes through triples of them (RANSAC with MSAC scores, deterministic) and
// refitting on the ones that agree. The outline finder then judges a candidate's size
// against the size expected where it lies, not against one typical card.
//
//   const SizeField field = fit_size_field(centres, sizes);
//   if (std::sqrt(area) < 0.6 * field.at(centre)) ...   // too small for a card here
#pragma once

#include <opencv2/core.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace puzzlesat::set_vision {

struct SizeField {
  double a = 0, b = 0, c = 0;  // size = a + b x + c y ...
  double lo = 0, hi = HUGE_VAL;  // ... held within max_ratio of the sizes where the agreeing ones lie
  int agreeing = 0;            // candidates within the tolerance of the fit (0: no fit)
  double at(cv::Point2f p) const { return std::clamp(a + b * p.x + c * p.y, lo, hi); }
};

struct SizeFieldOptions {
  double tolerance = 1.3;  // a candidate agrees with a plane within this factor (> 1) of its size there
  double max_ratio = 3;    // the plane spans at most this (largest over smallest size) where it agrees
  int min_agreeing = 8;    // fewer agreeing candidates: no plane
  double margin = 1.5;     // the plane must beat the median size, as a flat plane, by this much score
};

// `sizes[i]` is the linear size of the candidate centred at `centres[i]`. Planes are
// scored by how closely the candidates within `tolerance` fit them (MSAC), and the best
// must beat the median size, as a flat plane, by `margin` (about two candidates' worth:
// one outline may be a stray piece of clutter that happens to fit). The plane may vary
// across the candidates that agree with it by at most `max_ratio`, and past them it is
// held within that ratio: a steeper table gets the steepest believable plane, or none.
// With fewer than `min_agreeing` agreeing candidates the field is flat at the median size
// (agreeing = 0).
SizeField fit_size_field(const std::vector<cv::Point2f>& centres, const std::vector<double>& sizes,
                         const SizeFieldOptions& options = {});

}  // namespace puzzlesat::set_vision

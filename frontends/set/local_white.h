// The paper's white around each pixel, and an image divided by it. Dividing by the local
// white takes out the light's colour and its gradient, so that ink is judged against its
// own paper: the card reader does it on one card, the symbol finder on a whole photo.
//
//   cv::Mat white = local_white(bgr_float, cv::Size(25, 3));
//   cv::Mat relative = divided_by_white(bgr_float, std::move(white));  // paper is (1, 1, 1)
#pragma once

#include <opencv2/core.hpp>

namespace puzzlesat::set_vision {

// How the white is carried across a shadow's edge (local_white). `erode` (quarter-size
// pixels; 0 or 1 for not at all) is how far the shadowed side's white reaches into the
// lit side, wherever it is at least `min_step` (a share) darker and paper-coloured: its
// chroma against the photo's paper white under `paper_chroma` of its brightest channel.
struct ShadowEdges {
  int erode = 0;
  double min_step = 0;
  double paper_chroma = 0.3;
};

// A morphological closing of `image` (CV_32FC3, 0..1) at a quarter of its size with a
// `window` (in quarter-size pixels) wider than the ink to erase, lightly blurred and
// brought back to full size. A closing, unlike a plain max filter, follows a shadow's
// edge instead of spreading the lit paper's white into the shadow. The blur and the
// enlargement would still spread it a few pixels across the edge, where the shadowed
// paper then reads as a band of ink; with `edges` the white near such an edge is the
// shadowed paper's, too dark rather than too bright (ink there reads fainter, but paper
// does not read as ink).
cv::Mat local_white(const cv::Mat& image, cv::Size window, const ShadowEdges& edges = {});

// `image` divided by `white` (floored at 0.05, a black "white" divides nothing sensibly),
// capped at 1. The result is written over `white`, which is why it is taken as an rvalue:
// a full-size float image fewer to allocate and fault in, in a stage that holds several.
cv::Mat divided_by_white(const cv::Mat& image, cv::Mat&& white);

}  // namespace puzzlesat::set_vision

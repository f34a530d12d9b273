// A pattern-level reader for one die's top face. Every face of a standard die is a subset of
// the nine points of a 3x3 grid on the face (1 = centre, 4 = corners, 6 = corners and one
// middle pair, ...). Rather than finding pip blobs first, and losing a pip whenever one blob
// is missed, this reader measures how much the die differs from its own colour in a pip-sized
// disc at each of the nine points and picks the pattern (and grid placement) that best splits
// the face into "pips" and "the rest" (Otsu's criterion, restricted to die faces). Faint pips
// of any colour still add their evidence, and pips that run together still count as two.
// The pips of one face share one colour: the search is repeated on the evidence along the
// colour of the first reading's pips (so spots of other colours, glints and marbled swirls,
// weigh less), and each reading reports how alike in colour its pips are.
#pragma once

#include <opencv2/core.hpp>

#include <array>
#include <vector>

#include "frontends/dice/dice_settings.h"
#include "frontends/dice/die_finder.h"

namespace puzzlesat::dice_vision {

// One die's pattern reading: the best value, and for each value 1..6 how well its best grid
// placement explains the face, so a caller can weigh values the blob reader proposes.
struct FacePattern {
  int pips = 0;          // 1..6, or 0 when no pattern stands out
  double score = 0;      // share of the face's evidence variance the pattern explains (about
                         // 0..1; the pips' area is estimated, so tiny faces can exceed 1)
  double margin = 0;     // weakest "on" point minus strongest "off" point, in colour units:
                         // above 0 when every pip stands out from every empty point
  double runner_up = 0;  // score of the best pattern with another value
  std::array<double, 7> scores{};    // the best score of each value 1..6 (index 0 unused)
  std::array<double, 7> margins{};   // the margin of each value's best placement
  // How alike in colour each value's best placement's pips are: the least, over its pips, of
  // how far a pip's colour reaches along the median colour of the others (from the face's
  // colour) less how far it lies off that line, both over that colour's length. About 1 for
  // pips of one colour, less for a fainter one, 0 or below for a spot of another colour;
  // 1 for a lone pip.
  std::array<double, 7> consistency{};
  std::vector<cv::Point2f> centres;  // the "on" points, in image pixels
  std::array<std::vector<cv::Point2f>, 7> centres_of;  // the same for each value's best placement
  // For each of those points, how elongated the spot of evidence there is: the ratio of the
  // long to the short axis of its second moments (about 1 for a round pip, 2 or more for a
  // streak such as a marbled face's swirl).
  std::array<std::vector<double>, 7> elongation_of;
  double given_consistency = 1;      // the same for the spots at `given` (below)
  std::vector<double> given_elongation;  // elongation_of's measure at each spot of `given`
};

// `lab` is the whole image in 8-bit Lab. The face is sought around the region's outline
// (its minimum-area rectangle), with its centre, size and angle refined locally.
// `given` (image pixels) are pips found by another reader, whose colour consistency is
// measured on the same colour model.
// Below DiceSettings::pattern_alike_colour, a reading's pips are not all one colour.
FacePattern read_face_pattern(const cv::Mat& lab, const DieRegion& region, const std::vector<cv::Point2f>& given = {},
                              const DiceSettings& settings = {});

}  // namespace puzzlesat::dice_vision

// Draws what was read on the photo: every card outlined, numbered and labelled, each set
// as its own coloured outline (nested when a card is in several sets), and a banner when
// no set remains.
#pragma once

#include <opencv2/core.hpp>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "frontends/set/table_reader.h"

namespace puzzlesat::set_vision {

struct Annotation {
  std::vector<std::array<int, 3>> sets;  // card positions in TableReading::cards
  std::optional<std::string> banner;     // e.g. "no set remains - proved by SAT"
};

// `image` is the photo as decoded, `scale` its Photo::scale (card corners are in
// original pixels). Returns a new image the size of `image`.
cv::Mat annotate(const cv::Mat& image, double scale, const TableReading& table, const Annotation& what);

}  // namespace puzzlesat::set_vision

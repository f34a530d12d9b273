#include "frontends/set/table_reader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <ctime>

#include "frontends/set/card_warp.h"

namespace puzzlesat::set_vision {

TableReading read_table(const cv::Mat& image, double scale) {
  const std::clock_t start = std::clock();
  CV_Assert(image.type() == CV_8UC3);
  // Cards are found on a ~1000 px view; each is then warped from the full image.
  constexpr int kDetectLongSide = 1000;
  double shrink = std::min(1.0, double(kDetectLongSide) / std::max(image.cols, image.rows));
  cv::Mat view = image;
  if (shrink < 1) cv::resize(image, view, cv::Size(), shrink, shrink, cv::INTER_AREA);

  TableReading table;
  for (Quad q : find_card_quads(view)) {
    for (auto& p : q) p *= float(1 / shrink);
    TableCard card;
    card.reading = read_card(warp_card(image, q));
    // A white card-shaped patch without a single symbol-sized mark, or one whose
    // background is not blank paper, is not a card (a tile of a checked cloth, a
    // sheet of paper, the back of the box). Nor is one whose solid "symbol" is grey:
    // solid SET symbols are the ink itself, red, green or purple, never a grey print.
    constexpr double kBlankPaper = 0.7, kTintedPaper = 0.5, kGreyInk = 0.15;
    const CardFeatures& f = card.reading.features;
    if (f.symbols == 0 || f.paper < kBlankPaper || f.paper_saturation > kTintedPaper) continue;
    if (card.reading.attributes[set::kShading].value == 0 && f.ink_chroma < kGreyInk) continue;
    // Printed ink is clearly darker than the paper, even along a thin blurred line's
    // core; a faint smudge on a pale tile is not.
    constexpr double kFaintestInk = 0.15;
    if (1 - (0.114 * f.ink[0] + 0.587 * f.ink[1] + 0.299 * f.ink[2]) < kFaintestInk) continue;
    for (auto& p : q) p *= float(scale);
    card.corners = q;
    table.cards.push_back(card);
  }
  table.seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  return table;
}

}  // namespace puzzlesat::set_vision

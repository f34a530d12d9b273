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
    // sheet of paper, the back of the box).
    constexpr double kBlankPaper = 0.6, kTintedPaper = 0.5;
    const CardFeatures& f = card.reading.features;
    if (f.symbols == 0 || f.paper < kBlankPaper || f.paper_saturation > kTintedPaper) continue;
    for (auto& p : q) p *= float(scale);
    card.corners = q;
    table.cards.push_back(card);
  }
  table.seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  return table;
}

}  // namespace puzzlesat::set_vision

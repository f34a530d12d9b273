#include "frontends/set/table_reader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <ctime>

#include "frontends/set/card_warp.h"
#include "frontends/set/reader_settings.h"
#include "frontends/set/symbol_cards.h"

namespace puzzlesat::set_vision {
namespace {

// A white card-shaped patch without a single symbol-sized mark, or one whose
// background is not blank paper, is not a card (a tile of a checked cloth, a
// sheet of paper, the back of the box). Nor is one whose solid "symbol" is grey:
// solid SET symbols are the ink itself, red, green or purple, never a grey print.
bool looks_like_card(const CardReading& reading) {
  const ReaderSettings& s = reader_settings();
  const CardFeatures& f = reading.features;
  if (f.symbols == 0 || f.paper < s.card_min_paper || f.paper_saturation > s.card_max_paper_saturation) return false;
  if (reading.attributes[set::kShading].value == 0 && f.ink_chroma < s.card_min_solid_chroma) return false;
  // Printed ink is clearly darker than the paper, even along a thin blurred line's
  // core; a faint smudge on a pale tile is not.
  return 1 - (0.114 * f.ink[0] + 0.587 * f.ink[1] + 0.299 * f.ink[2]) >= s.card_faintest_ink;
}

bool inside(const Quad& q, cv::Point2f p) {
  return cv::pointPolygonTest(std::vector<cv::Point2f>(q.begin(), q.end()), p, false) >= 0;
}

}  // namespace

TableReading read_table(const cv::Mat& image, double scale) {
  const std::clock_t start = std::clock();
  CV_Assert(image.type() == CV_8UC3);
  // Cards are found on a smaller view; each is then warped from the full image.
  double shrink = std::min(1.0, reader_settings().detect_long_side / std::max(image.cols, image.rows));
  cv::Mat view = image;
  if (shrink < 1) cv::resize(image, view, cv::Size(), shrink, shrink, cv::INTER_AREA);

  // Both finders propose card frames (in view pixels); a card is read from the full
  // image and kept when it looks like one. The outline's frame is the more exact, so
  // its proposals go first, and a symbol group inside a card already kept is that card.
  std::vector<Quad> kept;  // view pixels
  TableReading table;
  auto consider = [&](Quad q, const SymbolGroup* group) {
    Quad full = q;
    for (auto& p : full) p *= float(1 / shrink);
    TableCard card;
    card.reading = read_card(warp_card(image, full));
    if (!looks_like_card(card.reading)) return;
    // A frame drawn around symbols holds a card only if the card read there has as
    // many symbols as the group. (Their colour is judged better on the card.)
    if (group && card.reading.attributes[set::kNumber].value + 1 != int(group->symbols.size())) return;
    kept.push_back(q);
    for (auto& p : full) p *= float(scale);
    card.corners = full;
    table.cards.push_back(card);
  };
  for (const Quad& q : find_card_quads(view)) consider(q, nullptr);
  for (const SymbolGroup& g : find_symbol_groups(view)) {
    cv::Point2f centre = quad_center(g.card);
    if (std::none_of(kept.begin(), kept.end(), [&](const Quad& q) { return inside(q, centre); }))
      consider(g.card, &g);
  }
  table.seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  return table;
}

}  // namespace puzzlesat::set_vision

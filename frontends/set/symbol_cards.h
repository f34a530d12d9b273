// The second way in to a card: from its symbols rather than its outline. SET symbols
// are saturated red, green or purple shapes on white paper, one to three of them alike,
// parallel and evenly spaced; their size and spacing fix the card's size, position and
// orientation. This finds cards that the outline finder (card_quads.h) cannot: on a
// table as white as the cards, in a close-up where the card fills the frame, in a crop
// that cuts the card's edge.
//
//   for (const SymbolGroup& g : find_symbol_groups(view))
//     cv::Mat card = warp_card(view, g.card);
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/set/card_quads.h"

namespace puzzlesat::set_vision {

// One symbol candidate: a saturated blob of a symbol's proportions.
struct SymbolBlob {
  cv::RotatedRect box;         // its minimum-area rectangle
  double length = 0, width = 0;  // the rectangle's long and short sides, pixels
  cv::Point2f axis;            // unit vector along the long side
  double hue = 0;              // degrees, of its ink against the local white
  bool bridged = false;        // a broken outline closed across its gap (symbol_max_gap)
  double split_from = 0;        // cut out of a blob with a grey mark (symbol_split_colourfulness):
                               // that blob's area in pixels; 0 when not cut
  bool bitten = false;         // measured as its hull: a highlight washed out part of its ink (symbol_bite_chroma)
  double sharpness = 0;        // the mean steepest slope along its edge over its darkness
  double colourfulness = 0;    // its ink's chroma over its darkness
  std::vector<cv::Point2f> hull;  // its convex hull, for chords through its centre
};

// Symbols that belong to one card and the card frame they imply.
struct SymbolGroup {
  std::vector<SymbolBlob> symbols;  // in order along the card
  Quad card;                        // in the pixels of the image searched; card[0]-card[1]
                                    // runs along the card's length (across the symbols)
};

// The card frames implied by groups of symbols in a BGR image, best read with its long
// side near the detection size of the outline finder.
// `card_length`, when known (the outline finder's cards, their median long side in
// `bgr`'s pixels), bounds the local white's window to a share of a card
// (symbol_white_card_window), so that the white is the card's own paper. `window`, when
// positive, is the window's share of the image's long side in place of
// symbol_white_window.
// `trace`, when given, receives what the search saw that its groups do not show
// (SymbolTrace), for a search at a narrower window to consult.
struct SymbolTrace {
  cv::Mat ink;                          // the ink mask the symbols were found in (8-bit, 255: ink)
  std::vector<SymbolBlob> split_alone;  // symbols cut out of a blob with grey ink (split_from) with no partner
};
std::vector<SymbolGroup> find_symbol_groups(const cv::Mat& bgr, double card_length = 0, double window = 0,
                                            SymbolTrace* trace = nullptr);

// The groups of find_symbol_groups at the default window, then those found again with the
// window halved, symbol_finer_windows times: a table brighter than the cards' paper (a
// white wall, a white desk in stronger light) is what a wide window takes for the white,
// and the paper then reads as ink round the symbols. A group found only so holds at least
// symbol_finer_min_symbols (a lone symbol found so is more often a blot of a mottled
// table), unless the default window saw that symbol fused with shadow (the settings
// symbol_finer_lone_*). A window no narrower than the card-bounded one is not searched
// again. The same card may come back from several windows: the caller keeps the first.
std::vector<SymbolGroup> find_symbol_groups_all_windows(const cv::Mat& bgr, double card_length = 0);

}  // namespace puzzlesat::set_vision

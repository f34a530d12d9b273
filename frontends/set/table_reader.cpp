#include "frontends/set/table_reader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <ctime>
#include <functional>
#include <limits>
#include <utility>

#include "frontends/set/attribute_decisions.h"
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
  // Solid SET ink has no holes; the light pips of a die's face (dice lie on game
  // tables, and two red dice side by side frame like a solid squiggle) are round ones.
  if (reading.attributes[set::kShading].value == 0 && f.round_holes > s.card_solid_max_holes) return false;
  // Printed ink is clearly darker than the paper, even along a thin blurred line's
  // core; a faint smudge on a pale tile is not.
  return 1 - (0.114 * f.ink[0] + 0.587 * f.ink[1] + 0.299 * f.ink[2]) >= s.card_faintest_ink;
}

double longest_side(const Quad& q) {
  double longest = 0;
  for (int i = 0; i < 4; ++i) longest = std::max(longest, double(cv::norm(q[(i + 1) % 4] - q[i])));
  return longest;
}

// The photo balanced on its brightest pixels, which on a card table are the cards'
// paper (white patch): under a lamp's yellow or a tinted shade the paper is coloured,
// and every later test of "white paper" and of ink hue assumes it is not. The gain is
// bounded, so a scene whose brightest thing is coloured is not turned inside out.
cv::Mat balanced(const cv::Mat& image) {
  const ReaderSettings& s = reader_settings();
  cv::Mat small;
  cv::resize(image, small, cv::Size(std::max(1, image.cols / 8), std::max(1, image.rows / 8)), 0, 0, cv::INTER_AREA);
  cv::Mat lightness;
  cv::cvtColor(small, lightness, cv::COLOR_BGR2GRAY);
  std::vector<uchar> v(lightness.begin<uchar>(), lightness.end<uchar>());
  auto k = v.begin() + std::ptrdiff_t(v.size() * (1 - s.balance_bright_share));
  std::nth_element(v.begin(), k, v.end());
  cv::Scalar white = cv::mean(small, lightness >= *k);
  const double hi = std::max({white[0], white[1], white[2]}), lo = std::min({white[0], white[1], white[2]});
  // Paper in ordinary light is near grey, and the reader copes with a mild cast; only
  // a strong one is taken out.
  if (hi < 1 || (hi - lo) / hi < s.balance_min_cast) return image;
  // Channels are scaled down to the weakest, never up: nothing clips.
  cv::Scalar gain;
  for (int c = 0; c < 3; ++c) gain[c] = std::max(lo / std::max(1.0, white[c]), 1 / s.balance_max_gain);
  cv::Mat out;
  cv::multiply(image, gain, out);
  return out;
}

// Red and purple inks differ from deck to deck and light to light, but on one table
// each ink is printed alike on every card. A card doubtful between the two is given the
// ink whose confident cards its own (hue, chroma per darkness) lies nearer to, measured
// in the spreads read_color uses; with fewer than two sure cards of each, nothing moves.
void settle_red_purple(std::vector<TableCard>& cards) {
  const ReaderSettings& s = reader_settings();
  auto is_sure = [&](const TableCard& c) { return c.reading.attributes[set::kColor].confidence >= s.colour_sure; };
  double sum_chroma[3] = {0, 0, 0};
  std::vector<double> hues[3];  // of the sure cards of each ink
  for (const auto& c : cards) {
    const int ink = c.reading.attributes[set::kColor].value;
    if (!is_sure(c)) continue;
    hues[ink].push_back(c.reading.features.hue);
    sum_chroma[ink] += c.reading.features.colour_chroma;
  }
  if (hues[0].size() < 2 || hues[2].size() < 2) return;
  double centre_hue[3], centre_chroma[3];
  for (int ink : {0, 2}) {
    // The circular mean of the hues (red wraps round 0 degrees).
    double x = 0, y = 0;
    for (double h : hues[ink]) x += std::cos(h * CV_PI / 180), y += std::sin(h * CV_PI / 180);
    centre_hue[ink] = std::atan2(y, x) * 180 / CV_PI;
    if (centre_hue[ink] < 0) centre_hue[ink] += 360;
    centre_chroma[ink] = sum_chroma[ink] / double(hues[ink].size());
  }
  for (auto& c : cards) {
    AttributeReading& colour = c.reading.attributes[set::kColor];
    if (is_sure(c) || colour.value == 1) continue;
    const CardFeatures& f = c.reading.features;
    double d[3];
    for (int ink : {0, 2})
      d[ink] = std::hypot(hue_gap(f.hue, centre_hue[ink]) / kInkHueSpread,
                          (f.colour_chroma - centre_chroma[ink]) / kInkChromaSpread);
    const int nearer = d[0] <= d[2] ? 0 : 2;
    colour.value = nearer;
    colour.confidence = clamp01((d[2 - nearer] - d[nearer]) / (d[0] + d[2] + 1e-9));
  }
}

// A solid symbol's interior is its ink, as dark as the solid symbols of that ink on the
// same table. Stripes that a small photo blurs into a tint leave an interior far lighter;
// a thin outline, diluted by the same blur, can make them look as dark as it is (fill),
// and the card reads solid. Against the darkest sure solid of its ink on the table
// (shading not flagged), a card read solid with an interior under shading_table_solid of
// it is striped; so is one under shading_table_any_solid of the darkest sure solid of
// any ink.
void settle_solids(std::vector<TableCard>& cards) {
  const double share = reader_settings().shading_table_solid;
  // Inks differ in darkness, so another ink's solid is a looser reference; it is the
  // one there is when a photo's blur has turned every striped card of an ink "solid".
  const double any_share = reader_settings().shading_table_any_solid;
  if (share <= 0 && any_share <= 0) return;
  double darkest[3] = {0, 0, 0};
  for (const auto& c : cards) {
    const auto& shading = c.reading.attributes[set::kShading];
    const int ink = c.reading.attributes[set::kColor].value;
    if (shading.value == 0 && shading.confidence >= low_confidence())
      darkest[ink] = std::max(darkest[ink], c.reading.features.inside);
  }
  const double darkest_any = *std::max_element(darkest, darkest + 3);
  for (auto& c : cards) {
    AttributeReading& shading = c.reading.attributes[set::kShading];
    const double reference = darkest[c.reading.attributes[set::kColor].value];
    if (shading.value != 0 || darkest_any <= 0) continue;
    const double inside = c.reading.features.inside;
    if (reference > 0 && inside < share * reference) {
      shading = {1, margin(inside / reference, share, 0.15)};
    } else if (inside < any_share * darkest_any) {
      shading = {1, margin(inside / darkest_any, any_share, 0.15)};
    }
  }
}

// The area two card frames share; 0 when either is not convex (no frame the finders
// keep is, but a degenerate one must not throw).
double common_area(const Quad& a, const Quad& b) {
  std::vector<cv::Point2f> pa(a.begin(), a.end()), pb(b.begin(), b.end()), both;
  return cv::isContourConvex(pa) && cv::isContourConvex(pb) ? cv::intersectConvexConvex(pa, pb, both) : 0;
}

}  // namespace

void drop_undersized(std::vector<TableCard>& cards) {
  // The largest is taken among the cards read surely when there are any: a doubtful
  // frame round three cards at once is not the size of a card. Nor is a sure card so
  // large that kCardsOutvoting or more sure cards would be undersized beside it: cards
  // lie at one scale, and it is the odd one (a patch of desk that a shadow's edge cuts
  // off, read as one symbol, framed a card 6.7 cards large). It is dropped. A close-up's
  // card outvotes its cloth tiles, which seldom read surely.
  constexpr int kCardsOutvoting = 3;
  const double share = reader_settings().card_min_size_share;
  double largest = 0;
  std::vector<double> sure;
  for (const auto& c : cards) {
    largest = std::max(largest, quad_area(c.corners));
    if (c.reading.confidence() >= low_confidence()) sure.push_back(quad_area(c.corners));
  }
  std::sort(sure.begin(), sure.end(), std::greater<>());
  double outsized = std::numeric_limits<double>::infinity();
  for (double area : sure) {
    const auto under = std::count_if(sure.begin(), sure.end(), [&](double a) { return a < share * area; });
    if (under < kCardsOutvoting) {
      largest = area;
      break;
    }
    outsized = area;
  }
  std::erase_if(cards, [&](const TableCard& c) {
    const double area = quad_area(c.corners);
    return area < share * largest || (area >= outsized && c.reading.confidence() >= low_confidence());
  });
}

// Each card is printed once in a deck: two overlapping frames that read the same card
// are one card framed twice (a symbol cut in two by a shadow's edge frames a second,
// larger card around it). The surer reading stays, of equals the smaller frame.
void drop_doubles(std::vector<TableCard>& cards) {
  auto same_card = [](const TableCard& a, const TableCard& b) {
    for (std::size_t k = 0; k < a.reading.attributes.size(); ++k)
      if (a.reading.attributes[k].value != b.reading.attributes[k].value) return false;
    return true;
  };
  auto better = [](const TableCard& a, const TableCard& b) {
    if (a.reading.confidence() != b.reading.confidence()) return a.reading.confidence() > b.reading.confidence();
    return quad_area(a.corners) < quad_area(b.corners);
  };
  std::vector<bool> drop(cards.size(), false);
  for (std::size_t i = 0; i < cards.size(); ++i)
    for (std::size_t j = i + 1; j < cards.size(); ++j)
      if (!drop[i] && !drop[j] && same_card(cards[i], cards[j]) && common_area(cards[i].corners, cards[j].corners) > 0)
        drop[better(cards[i], cards[j]) ? j : i] = true;
  std::vector<TableCard> kept;
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (!drop[i]) kept.push_back(std::move(cards[i]));
  cards = std::move(kept);
}

TableReading read_table(const cv::Mat& photo, double scale) {
  const std::clock_t start = std::clock();
  CV_Assert(photo.type() == CV_8UC3);
  const cv::Mat image = balanced(photo);
  // Cards are found on a smaller view; each is then warped from the full image.
  double shrink = std::min(1.0, reader_settings().detect_long_side / std::max(image.cols, image.rows));
  cv::Mat view = image;
  if (shrink < 1) cv::resize(image, view, cv::Size(), shrink, shrink, cv::INTER_AREA);

  // Both finders propose card frames (in view pixels); a card is read from the full
  // image and kept when it looks like one. The outline's frame is the more exact, so
  // its proposals go first, and a symbol group inside a card already kept is that card.
  std::vector<Quad> kept;  // view pixels
  TableReading table;
  // A quad of the view in the pixels of the balanced image (factor 1) or of the photo
  // as the caller measures it (factor `scale`).
  auto from_view = [&](Quad q, double factor) {
    for (auto& p : q) p *= float(factor / shrink);
    return q;
  };
  auto read_at = [&](const Quad& q, bool oriented, bool glare = false) {
    const Quad full = from_view(q, 1);
    return read_card(oriented ? warp_card_along(image, full) : warp_card(image, full), glare);
  };
  auto bitten = [](const SymbolGroup* g) {
    return g && std::any_of(g->symbols.begin(), g->symbols.end(), [](const SymbolBlob& b) { return b.bitten; });
  };
  auto consider = [&](Quad q, const SymbolGroup* group) {
    TableCard card;
    // Two or three symbols in a row fix the card's orientation, even when a steep view
    // has foreshortened its length below its width; a lone one does not.
    const bool oriented = group && group->symbols.size() >= 2;
    card.reading = read_at(q, oriented, bitten(group));
    if (!group && !looks_like_card(card.reading) && quad_aspect(q) < reader_settings().card_both_ways_aspect) {
      // Maybe a card foreshortened along its length: its width looks the longer. Read
      // the other way only when the first reading is no card: a card read sideways can
      // look surer than it read (a shadow across it).
      CardReading other = read_card(warp_card_across(image, from_view(q, 1)));
      if (looks_like_card(other)) card.reading = other;
    }
    // A frame drawn around symbols holds a card only if the card read there has as
    // many symbols as the group. (Their colour is judged better on the card.)
    const int read = card.reading.attributes[set::kNumber].value + 1;
    const bool faded = group && std::any_of(group->symbols.begin(), group->symbols.end(),
                                            [](const SymbolBlob& b) { return b.bridged || b.bitten; });
    if (faded && read == 3 && group->symbols.size() == 2) {
      // Three read round a pair whose outlines fade (one had to be bridged, or glare bit
      // into it): the finder missed the third, broken past closing or bitten past its
      // shape, a pitch beyond one end of the pair. The
      // frame centred on the three must read three and look like a card; the pair's own
      // frame, off by half a pitch and so reaching past the card, is not asked to. (Two
      // solid blobs reading three are more often two whole cards seen as "symbols"
      // against a whiter table: no such second chance.)
      const cv::Point2f half = (group->symbols[1].box.center - group->symbols[0].box.center) * 0.5f;
      double best = -1;
      Quad best_quad = q;
      for (float side : {-1.f, 1.f}) {
        Quad shifted = q;
        for (auto& p : shifted) p += side * half;
        CardReading r = read_at(shifted, true, bitten(group));
        if (looks_like_card(r) && r.attributes[set::kNumber].value == 2 && r.confidence() > best) {
          best = r.confidence();
          best_quad = shifted;
          card.reading = r;
        }
      }
      if (best < 0) return;
      q = best_quad;
    } else if (!looks_like_card(card.reading) || (group && read != int(group->symbols.size()))) {
      return;
    }
    kept.push_back(q);
    card.corners = from_view(q, scale);
    table.cards.push_back(card);
  };
  for (const Quad& q : find_card_quads(view)) consider(q, nullptr);
  // Cards lie side by side, not on each other (of a pile only the top card shows): a
  // frame whose area is mostly cards already read is the space between them, a gap of
  // table that a paler table's white makes look like a symbol.
  auto covered = [&](const Quad& q) {
    double common = 0;
    for (const Quad& k : kept) common += common_area(q, k);
    return common / std::max(1.0, quad_area(q));
  };
  // The outline finder's cards tell the symbol finder how large a card is.
  std::vector<double> lengths;
  for (const Quad& q : kept) lengths.push_back(longest_side(q));
  double card_length = 0;
  if (!lengths.empty()) {
    std::nth_element(lengths.begin(), lengths.begin() + lengths.size() / 2, lengths.end());
    card_length = lengths[lengths.size() / 2];
  }
  // A frame drawn from symbols has the size they fix; one far from the size of the
  // cards the outline finder found is not a card of this table (a dark blot of a
  // mottled table, read as a lone solid symbol, frames a card a third as long). One
  // or two outlines do not make a typical size: a close-up's outline may be a part of
  // its card.
  constexpr std::size_t kOutlinesForTypicalSize = 3;  // a median, not one card's size
  const bool size_known = kept.size() >= kOutlinesForTypicalSize;
  auto sized_like_cards = [&](const Quad& q) {
    if (!size_known) return true;
    return longest_side(q) >= reader_settings().card_group_size_share * card_length;
  };
  // Groups of more symbols first, from whichever window: three symbols in a row fix a
  // card's frame, a lone one only guesses its orientation. A shadow across a card on a
  // white desk breaks the wide window's white, which then finds each symbol alone; the
  // frame guessed round one of them, kept first, would hide the whole group that a finer
  // window finds (white desk, card shadows: 67.7 -> 80.2 % on held-out renders).
  std::vector<SymbolGroup> groups = find_symbol_groups_all_windows(view, card_length);
  std::stable_sort(groups.begin(), groups.end(),
                   [](const SymbolGroup& a, const SymbolGroup& b) { return a.symbols.size() > b.symbols.size(); });
  for (const SymbolGroup& g : groups) {
    cv::Point2f centre = quad_center(g.card);
    auto inside = std::find_if(kept.begin(), kept.end(), [&](const Quad& q) { return quad_contains(q, centre); });
    if (inside == kept.end()) {
      // A symbol in a card already read belongs to that card, not to another.
      const bool taken = std::any_of(g.symbols.begin(), g.symbols.end(), [&](const SymbolBlob& b) {
        return std::any_of(kept.begin(), kept.end(), [&](const Quad& q) { return quad_contains(q, b.box.center); });
      });
      if (!taken && covered(g.card) <= reader_settings().card_max_covered && sized_like_cards(g.card)) consider(g.card, &g);
      continue;
    }
    // The group lies in a card the outline finder drew. On a pale mottled table that
    // outline can take in a light patch of table beside the card, and a blot there
    // reads as one more symbol, a doubtful one. When the outline's card does not read
    // as many symbols as the group, and the group's own frame reads that number more
    // surely, the group's frame is the card. (A symbol lost under glare is missing from
    // the group, but the outline's card then counts its symbols surely: it stays.)
    TableCard& outlined = table.cards[size_t(inside - kept.begin())];
    const int group_size = int(g.symbols.size());
    const AttributeReading& counted = outlined.reading.attributes[set::kNumber];
    if (counted.value + 1 == group_size) continue;
    CardReading framed = read_at(g.card, group_size >= 2, bitten(&g));
    if (!looks_like_card(framed) || framed.attributes[set::kNumber].value + 1 != group_size ||
        framed.attributes[set::kNumber].confidence <= counted.confidence)
      continue;
    *inside = g.card;
    outlined.reading = framed;
    outlined.corners = from_view(g.card, scale);
  }
  drop_doubles(table.cards);
  drop_undersized(table.cards);
  settle_red_purple(table.cards);
  settle_solids(table.cards);
  table.seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
  return table;
}

}  // namespace puzzlesat::set_vision

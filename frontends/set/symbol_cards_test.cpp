// The symbol finder on rendered cards in the scenes the outline finder cannot handle: a
// card alone in a tight crop or a close-up cut by the frame, white cards on white paper
// with no edge at all; and the things that must not become cards (a soft shadow, grey
// print). The settings table is checked here too, as the finder is its first user.
#include "frontends/set/symbol_cards.h"

#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <set>

#include <puzzlesat/input_error.h>

#include "frontends/set/card_renderer.h"
#include "frontends/set/reader_settings.h"
#include "frontends/set/table_reader.h"
#include "problems/set/card_text.h"

using namespace puzzlesat;
using namespace puzzlesat::set_vision;

namespace {

// A rendered card pasted on a plain background, `margin` of its length around it,
// rotated by `turn` degrees; the card's corners in the result.
struct Placed {
  cv::Mat image;
  Quad corners;
};

Placed on_background(set::Card card, int length, double margin, double turn, cv::Scalar background) {
  RenderedCard r = render_card(card, length);
  const int pad = int(margin * length);
  const int side = int(std::hypot(r.image.cols, r.image.rows)) + 2 * pad;
  cv::Mat canvas(side, side, CV_8UC3, background), mask = cv::Mat::zeros(side, side, CV_8U);
  cv::Rect at((side - r.image.cols) / 2, (side - r.image.rows) / 2, r.image.cols, r.image.rows);
  r.image.copyTo(canvas(at), r.mask);
  r.mask.copyTo(mask(at));
  cv::Mat rot = cv::getRotationMatrix2D(cv::Point2f(side / 2.0f, side / 2.0f), turn, 1.0);
  cv::warpAffine(canvas, canvas, rot, canvas.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, background);
  cv::warpAffine(mask, mask, rot, mask.size(), cv::INTER_NEAREST);
  // Cut to the card's box plus the margin: a tight crop.
  std::vector<cv::Point> on;
  cv::findNonZero(mask, on);
  cv::Rect box = cv::boundingRect(on);
  box = cv::Rect(box.x - pad, box.y - pad, box.width + 2 * pad, box.height + 2 * pad) & cv::Rect(0, 0, side, side);
  Placed p;
  p.image = canvas(box).clone();
  std::vector<cv::Point2f> src = {{float(at.x), float(at.y)}, {float(at.x + at.width), float(at.y)},
                                  {float(at.x + at.width), float(at.y + at.height)}, {float(at.x), float(at.y + at.height)}};
  cv::transform(src, src, rot);
  for (int i = 0; i < 4; ++i) p.corners[i] = src[i] - cv::Point2f(float(box.x), float(box.y));
  return p;
}

// The share of `a`'s area that `b` covers, and the other way round: the smaller.
double overlap(const Quad& a, const Quad& b) {
  std::vector<cv::Point2f> pa(a.begin(), a.end()), pb(b.begin(), b.end()), both;
  double common = cv::intersectConvexConvex(pa, pb, both);
  return std::min(common / quad_area(a), common / quad_area(b));
}

}  // namespace

TEST_CASE("a card alone in a tight crop on white paper is found from its symbols and read") {
  // White on white: no edge for the outline finder, only the symbols.
  const cv::Scalar white(246, 248, 250);
  std::mt19937 rng(7);
  int right = 0, found = 0;
  for (int i = 0; i < set::kDeckSize; ++i) {
    set::Card card = set::card_at(i);
    double margin = std::uniform_real_distribution<double>(0.0, 0.2)(rng);
    double turn = std::uniform_real_distribution<double>(-90, 90)(rng);
    Placed p = on_background(card, 400, margin, turn, white);
    TableReading t = read_table(p.image);
    INFO(set::to_string(card) << " margin " << margin << " turn " << turn);
    CHECK(t.cards.size() == 1);
    if (t.cards.empty()) continue;
    ++found;
    CHECK(overlap(t.cards[0].corners, p.corners) >= 0.8);
    right += t.cards[0].reading.card() == card;
  }
  CHECK(found == set::kDeckSize);
  CHECK(right >= set::kDeckSize * 97 / 100);
}

TEST_CASE("a close-up whose card runs off the frame is read as that card") {
  int right = 0;
  for (int i = 0; i < set::kDeckSize; i += 4) {
    set::Card card = set::card_at(i);
    Placed p = on_background(card, 600, 0.0, 0, cv::Scalar(200, 200, 200));
    // Cut 5 % off each end of the card's length: the frame edge crosses the card.
    int cut = p.image.cols / 20;
    cv::Mat closeup = p.image(cv::Rect(cut, 0, p.image.cols - 2 * cut, p.image.rows)).clone();
    TableReading t = read_table(closeup);
    INFO(set::to_string(card));
    REQUIRE(t.cards.size() == 1);
    right += t.cards[0].reading.card() == card;
  }
  CHECK(right == (set::kDeckSize + 3) / 4);
}

TEST_CASE("each symbol group frames its own card when one-symbol cards lie close together") {
  // Six one-symbol cards in two touching rows: the symbols of neighbouring cards are
  // far more than a printed pitch apart, so no group spans two cards.
  const int length = 300, height = render_card(set::Card{}, length).image.rows;
  cv::Mat desk(2 * length + 40, 3 * height + 40, CV_8UC3, cv::Scalar(240, 242, 244));
  std::vector<Quad> truth;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c) {
      RenderedCard rc = render_card(set::Card{0, std::uint8_t(c), std::uint8_t(r), std::uint8_t((r + c) % 3)}, length);
      cv::Mat upright;
      cv::rotate(rc.image, upright, cv::ROTATE_90_CLOCKWISE);
      cv::Rect at(20 + c * height, 20 + r * length, height, length);
      upright.copyTo(desk(at));
      truth.push_back({cv::Point2f(float(at.x), float(at.y)), cv::Point2f(float(at.x + height), float(at.y)),
                       cv::Point2f(float(at.x + height), float(at.y + length)), cv::Point2f(float(at.x), float(at.y + length))});
    }
  std::vector<SymbolGroup> groups = find_symbol_groups(desk);
  REQUIRE(groups.size() == truth.size());
  for (const Quad& q : truth) {
    double best = 0;
    for (const SymbolGroup& g : groups) best = std::max(best, overlap(g.card, q));
    CHECK(best >= 0.8);
  }
}

TEST_CASE("a soft shadow and grey print on a white desk are not cards") {
  cv::Mat desk(900, 1200, CV_8UC3, cv::Scalar(235, 238, 240));
  // A finger's shadow: a warm-grey ellipse of a symbol's proportions with a wide penumbra.
  cv::Mat shadow = cv::Mat::zeros(desk.size(), CV_32F);
  cv::ellipse(shadow, cv::Point(400, 450), cv::Size(90, 40), 20, 0, 360, 1.0, cv::FILLED);
  cv::GaussianBlur(shadow, shadow, cv::Size(), 9);
  for (int y = 0; y < desk.rows; ++y)
    for (int x = 0; x < desk.cols; ++x) {
      float s = 0.35f * shadow.at<float>(y, x);
      cv::Vec3b& p = desk.at<cv::Vec3b>(y, x);
      p = cv::Vec3b(cv::saturate_cast<uchar>(p[0] * (1 - 1.2f * s)), cv::saturate_cast<uchar>(p[1] * (1 - s)),
                    cv::saturate_cast<uchar>(p[2] * (1 - 0.8f * s)));
    }
  // Grey print: three black ovals laid out like a card's symbols.
  for (int k = 0; k < 3; ++k) cv::ellipse(desk, cv::Point(800 + 60 * k, 450), cv::Size(20, 45), 0, 0, 360, cv::Scalar(60, 60, 60), cv::FILLED);
  CHECK(find_symbol_groups(desk).empty());
  CHECK(read_table(desk).cards.empty());
}

TEST_CASE("the settings table: unique names, defaults within their ranges, overrides checked") {
  const auto& table = reader_setting_table();
  REQUIRE_FALSE(table.empty());
  std::set<std::string_view> names;
  for (const SettingInfo& s : table) {
    INFO(s.name);
    CHECK(names.insert(s.name).second);
    CHECK(s.min <= s.default_value);
    CHECK(s.default_value <= s.max);
    CHECK_FALSE(s.reason.empty());
  }
  const double before = reader_settings().symbol_min_pitch;
  override_reader_setting("symbol_min_pitch=1.2");
  CHECK(reader_settings().symbol_min_pitch == 1.2);
  override_reader_setting("symbol_min_pitch", before);
  CHECK(reader_settings().symbol_min_pitch == before);
  CHECK_THROWS_AS(override_reader_setting("no_such_setting=1"), InputError);
  CHECK_THROWS_AS(override_reader_setting("symbol_min_pitch=99"), InputError);  // out of range
  CHECK_THROWS_AS(override_reader_setting("symbol_min_pitch=abc"), InputError);
  CHECK_THROWS_AS(override_reader_setting("symbol_min_pitch=nan"), InputError);
  CHECK_THROWS_AS(override_reader_setting("symbol_min_pitch"), InputError);
  CHECK(reader_settings().symbol_min_pitch == before);
}

TEST_CASE("cards on a table brighter than their paper are found by the finer windows") {
  // Cards whose paper is a grey 0.8 of the table's white, laid far apart on it: the
  // default window takes the table for the white, and the paper round the symbols reads
  // as ink. Halving the window makes the white the card's own.
  const int length = 240;
  cv::Mat desk(1200, 1600, CV_8UC3, cv::Scalar(252, 252, 252));
  std::vector<Quad> truth;
  const std::vector<set::Card> cards = {{1, 0, 0, 0}, {2, 1, 1, 1}, {1, 2, 2, 2}, {2, 0, 1, 2}};
  for (size_t i = 0; i < cards.size(); ++i) {
    cv::Mat img = render_card(cards[i], length).image;
    img.convertTo(img, -1, 0.8);
    cv::Rect at(120 + int(i % 2) * 800, 150 + int(i / 2) * 550, img.cols, img.rows);
    img.copyTo(desk(at));
    truth.push_back({cv::Point2f(float(at.x), float(at.y)), cv::Point2f(float(at.x + at.width), float(at.y)),
                     cv::Point2f(float(at.x + at.width), float(at.y + at.height)), cv::Point2f(float(at.x), float(at.y + at.height))});
  }
  auto framed = [&](const std::vector<SymbolGroup>& groups) {
    int n = 0;
    for (const Quad& q : truth)
      n += std::any_of(groups.begin(), groups.end(), [&](const SymbolGroup& g) { return overlap(g.card, q) >= 0.6; });
    return n;
  };
  const std::vector<SymbolGroup> wide = find_symbol_groups(desk);
  const std::vector<SymbolGroup> all = find_symbol_groups_all_windows(desk);
  CHECK(framed(wide) == 0);  // the scene needs the finer windows, or it tests nothing
  CHECK(framed(all) == int(truth.size()));
  // The default window's groups come first, in the same order.
  REQUIRE(all.size() >= wide.size());
  for (size_t i = 0; i < wide.size(); ++i) CHECK(overlap(all[i].card, wide[i].card) > 0.99);
  const ReaderSettings& s = reader_settings();
  for (size_t i = wide.size(); i < all.size(); ++i)
    CHECK((int(all[i].symbols.size()) >= int(s.symbol_finer_min_symbols) ||
           all[i].symbols[0].colourfulness >= s.symbol_finer_lone_colourfulness));
}

TEST_CASE("a shadow's sharp edge beside a card's symbols does not swallow them") {
  // A cast shadow (half the light, a 2-px edge) across a white desk and a card on it,
  // its edge moved across the card. Near the edge the smoothed local white is the lit
  // paper's on the shadowed side too, and without the erosion (symbol_white_erode) the
  // shadowed paper there reads as a band of ink that joins any symbol it touches.
  const cv::Scalar desk_colour(236, 238, 240);
  const int length = 300;
  auto groups_found = [&](double erode) {
    // The band is grey, and cutting a symbol's coloured part out of it
    // (symbol_split_colourfulness) also finds most of these: that is off here.
    const double before = reader_settings().symbol_white_erode, split = reader_settings().symbol_split_colourfulness;
    override_reader_setting("symbol_white_erode", erode);
    override_reader_setting("symbol_split_colourfulness", 0);
    int found = 0, edges = 0;
    for (set::Card card : {set::Card{2, 0, 0, 2}, set::Card{1, 1, 2, 0}, set::Card{2, 2, 1, 1}})
      for (int step = 0; step < 12; ++step) {
        cv::Mat desk(800, 1000, CV_8UC3, desk_colour);
        RenderedCard r = render_card(card, length);
        const cv::Rect at(350, 300, r.image.cols, r.image.rows);
        r.image.copyTo(desk(at), r.mask);
        const double x0 = at.x + at.width * (step + 0.5) / 12;
        cv::Mat f;
        desk.convertTo(f, CV_32FC3);
        for (int y = 0; y < f.rows; ++y)
          for (int x = 0; x < f.cols; ++x) f.at<cv::Vec3f>(y, x) *= float(1 - 0.5 / (1 + std::exp(-(x - x0) / 2)));
        f.convertTo(desk, CV_8UC3);
        const Quad truth = {cv::Point2f(float(at.x), float(at.y)), cv::Point2f(float(at.br().x), float(at.y)),
                            cv::Point2f(float(at.br().x), float(at.br().y)), cv::Point2f(float(at.x), float(at.br().y))};
        const std::vector<SymbolGroup> groups = find_symbol_groups(desk);
        found += std::any_of(groups.begin(), groups.end(), [&](const SymbolGroup& g) {
          return g.symbols.size() == size_t(card.number + 1) && overlap(g.card, truth) >= 0.6;
        });
        ++edges;
      }
    override_reader_setting("symbol_white_erode", before);
    override_reader_setting("symbol_split_colourfulness", split);
    return std::pair(found, edges);
  };
  const auto [with, edges] = groups_found(reader_settings().symbol_white_erode);
  const auto [without, unused] = groups_found(0);
  INFO("found with the erosion " << with << ", without " << without << ", of " << edges);
  CHECK(with >= without + edges / 4);  // the scene needs the erosion, or it tests nothing
  CHECK(with >= edges * 5 / 6);        // an edge through a symbol may still cut it in two
}

namespace {

// How many of `cards` (cards of three), each drawn on a white desk and then marked by
// `mark` (given the card's rectangle there), find_symbol_groups frames as three.
int threes_framed(const std::vector<set::Card>& cards, const std::function<void(cv::Mat&, const cv::Rect&)>& mark) {
  const int length = 300;
  int found = 0;
  for (const set::Card& card : cards) {
    cv::Mat desk(700, 900, CV_8UC3, cv::Scalar(236, 238, 240));
    RenderedCard r = render_card(card, length);
    const cv::Rect at(300, 250, r.image.cols, r.image.rows);
    r.image.copyTo(desk(at), r.mask);
    mark(desk, at);
    const Quad truth = {cv::Point2f(float(at.x), float(at.y)), cv::Point2f(float(at.br().x), float(at.y)),
                        cv::Point2f(float(at.br().x), float(at.br().y)), cv::Point2f(float(at.x), float(at.br().y))};
    const std::vector<SymbolGroup> groups = find_symbol_groups(desk);
    found += std::any_of(groups.begin(), groups.end(),
                         [&](const SymbolGroup& g) { return g.symbols.size() == 3 && overlap(g.card, truth) >= 0.8; });
  }
  return found;
}

// Every card of `cards` framed as three with the defaults, and at most a third with the
// setting `name` at `off`: the scene needs the setting, or it tests nothing.
void check_framed_only_with(const std::vector<set::Card>& cards,
                            const std::function<void(cv::Mat&, const cv::Rect&)>& mark, const char* name, double off) {
  const int with = threes_framed(cards, mark);
  int without = 0;
  {
    ScopedReaderSetting setting(name, off);
    without = threes_framed(cards, mark);
  }
  const int cases = int(cards.size());
  INFO("cards of three framed: " << with << "; with " << name << " at " << off << ": " << without << "; of " << cases);
  CHECK(without <= cases / 3);
  CHECK(with == cases);
}

}  // namespace

TEST_CASE("a symbol touched by a grey mark is found apart from it") {
  // A pointed grey shadow (a pen's) on a white desk reaching the middle symbol of a card
  // of three: the symbol and the shadow are one dark blob of no symbol's shape, and the
  // two outer symbols, two pitches apart, are no row. Its coloured part alone is the
  // symbol (symbol_split_colourfulness).
  std::vector<set::Card> cards;
  for (int shape = 0; shape < 3; ++shape)
    for (int colour = 0; colour < 3; ++colour) cards.push_back({2, uint8_t(colour), 0, uint8_t(shape)});  // solid
  auto wedge = [](cv::Mat& desk, const cv::Rect& at) {
    const cv::Point tip(at.x + at.width / 2, at.y + at.height / 2);
    const std::vector<cv::Point> wedge = {tip, cv::Point(tip.x - 12, 30), cv::Point(tip.x + 12, 30)};
    cv::fillConvexPoly(desk, wedge, cv::Scalar(95, 95, 95), cv::LINE_AA);
  };
  check_framed_only_with(cards, wedge, "symbol_split_colourfulness", 0);
}

TEST_CASE("a symbol fused with a black label over its card's corner is found apart from it") {
  // A black label stuck over a card's corner on a white desk, across the top of the card's
  // first symbol: the symbol and the label are one dark blob that still has a symbol's
  // proportions, only too large to pair with the two other symbols. Its coloured ink
  // alone is the symbol (symbol_fused_grey_share), and the three frame the card.
  std::vector<set::Card> cards;  // every card of three
  for (int shape = 0; shape < 3; ++shape)
    for (int colour = 0; colour < 3; ++colour)
      for (int shading = 0; shading < 3; ++shading) cards.push_back({2, uint8_t(colour), uint8_t(shading), uint8_t(shape)});
  auto label = [](cv::Mat& desk, const cv::Rect& at) {
    // As `set render --corner-labels` draws it: from beyond the card's corner over the
    // tip of its first symbol.
    const cv::Rect label(at.x - at.width * 3 / 100, at.y - at.height * 5 / 100, at.width * 28 / 100,
                         at.height * 22 / 100);
    cv::rectangle(desk, label, cv::Scalar(30, 28, 28), cv::FILLED);
  };
  check_framed_only_with(cards, label, "symbol_fused_grey_share", 1);
}

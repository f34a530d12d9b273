#include "frontends/set/table_reader.h"

#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

#include "frontends/set/card_quads.h"
#include "frontends/set/card_renderer.h"
#include "frontends/set/card_warp.h"
#include "frontends/set/reader_settings.h"
#include "frontends/set/reinked.h"
#include "frontends/set/scene.h"
#include "problems/set/card_text.h"
#include "frontends/image/image_file.h"

using namespace puzzlesat;
using namespace puzzlesat::set_vision;
using puzzlesat::set_vision::testing::reinked;

namespace {

// Pairs each true card with the detection whose centre lies inside it.
struct Outcome {
  int found = 0, correct = 0, spurious = 0;
};

Outcome score(const Scene& scene, const TableReading& table) {
  Outcome o;
  std::vector<bool> used(table.cards.size(), false);
  for (size_t i = 0; i < scene.cards.size(); ++i) {
    for (size_t j = 0; j < table.cards.size(); ++j) {
      if (used[j] || !quad_contains(scene.corners[i], quad_center(table.cards[j].corners))) continue;
      used[j] = true;
      ++o.found;
      if (table.cards[j].reading.card() == scene.cards[i]) ++o.correct;
      else WARN(set::to_string(scene.cards[i]) << " read as " << set::to_string(table.cards[j].reading.card()));
      break;
    }
  }
  for (bool u : used) o.spurious += !u;
  return o;
}

}  // namespace

TEST_CASE("rendered tables: every card found where it lies, nothing else, and read right", "[sweep]") {
  Outcome total;
  int cards = 0;
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    SceneOptions opt;
    opt.cards = 9 + int(seed % 4) * 3;
    Scene scene = compose_scene(seed, opt);
    TableReading table = read_table(scene.image);
    Outcome o = score(scene, table);
    INFO("seed " << seed);
    CHECK(o.found == int(scene.cards.size()));
    CHECK(o.spurious == 0);
    total.correct += o.correct;
    cards += int(scene.cards.size());
  }
  CHECK(total.correct >= cards * 97 / 100);
}

TEST_CASE("two rendered cards touching edge to edge are still told apart") {
  SceneOptions opt;
  opt.cards = 9;
  opt.touching = true;
  for (std::uint32_t seed = 20; seed < 24; ++seed) {
    Scene scene = compose_scene(seed, opt);
    Outcome o = score(scene, read_table(scene.image));
    INFO("seed " << seed);
    CHECK(o.found == 9);
    CHECK(o.spurious == 0);
  }
}

TEST_CASE("the same seed composes the same scene") {
  Scene a = compose_scene(5), b = compose_scene(5);
  REQUIRE(a.cards == b.cards);
  CHECK(cv::norm(a.image, b.image, cv::NORM_INF) == 0);
}

// Scenes that defeated the brightness-only detector and the reader's first white
// estimate, each a general condition rather than one photo: cards barely brighter than
// the desk, a sharp shadow edge crossing cards, and labels hiding a corner of each card.
namespace {

Outcome read_scenes(const SceneOptions& opt, std::uint32_t first, int count, int& cards) {
  Outcome total;
  for (std::uint32_t seed = first; seed < first + std::uint32_t(count); ++seed) {
    Scene scene = compose_scene(seed, opt);
    Outcome o = score(scene, read_table(scene.image));
    total.found += o.found;
    total.correct += o.correct;
    total.spurious += o.spurious;
    cards += int(scene.cards.size());
  }
  return total;
}

// Over seeds 1-3: every card found, nothing else, and at least 97 % read right.
void check_all_found_and_read(const SceneOptions& opt) {
  int cards = 0;
  Outcome o = read_scenes(opt, 1, 3, cards);
  CHECK(o.spurious == 0);
  CHECK(o.found == cards);
  CHECK(o.correct >= cards * 97 / 100);
}

SceneOptions small_table() {
  SceneOptions opt;
  opt.width = 1200;
  opt.height = 900;
  opt.cards = 9;
  return opt;
}

}  // namespace

TEST_CASE("white cards on a white desk are found by their edges and read") {
  SceneOptions opt = small_table();
  opt.white_table = true;
  opt.clutter = false;
  int cards = 0;
  Outcome o = read_scenes(opt, 1, 3, cards);
  CHECK(o.spurious == 0);
  CHECK(o.found >= cards * 9 / 10);  // a border with a gap in its edges is still missed
  CHECK(o.correct >= o.found * 97 / 100);
}

TEST_CASE("cards crossed by a sharp shadow edge are found and read") {
  SceneOptions opt = small_table();
  opt.shadow = true;
  check_all_found_and_read(opt);
}

TEST_CASE("a pointed shadow whose tip touches a symbol does not hide the card") {
  SceneOptions opt = small_table();
  opt.wedges = true;
  check_all_found_and_read(opt);
}

TEST_CASE("cards with a corner under a black label are found whole and read") {
  SceneOptions opt = small_table();
  opt.labels = true;
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    Scene scene = compose_scene(seed, opt);
    TableReading table = read_table(scene.image);
    Outcome o = score(scene, table);
    INFO("seed " << seed);
    CHECK(o.found == int(scene.cards.size()));
    CHECK(o.spurious == 0);
    CHECK(o.correct >= int(scene.cards.size()) - 1);
    // The quad spans the whole card, label corner included, not a slice of it.
    for (const auto& card : table.cards) {
      double area = quad_area(card.corners);
      bool covers = false;
      for (const auto& truth : scene.corners)
        covers |= cv::pointPolygonTest(std::vector<cv::Point2f>(truth.begin(), truth.end()), quad_center(card.corners), false) >= 0 &&
                  area >= 0.8 * quad_area(truth) && area <= 1.2 * quad_area(truth);
      CHECK(covers);
    }
  }
}

TEST_CASE("cards with one end hidden under a slanted cover are rebuilt from three sides and read") {
  SceneOptions opt = small_table();
  opt.end_covers = true;
  // The hidden end is put where the printed proportions say; strong perspective changes
  // the proportions seen and so the rebuilt length (by up to ~15 %).
  opt.perspective = 0.02;
  int cards = 0, correct = 0;
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    Scene scene = compose_scene(seed, opt);
    TableReading table = read_table(scene.image);
    INFO("seed " << seed);
    for (size_t i = 0; i < scene.cards.size(); ++i) {
      std::vector<cv::Point2f> truth(scene.corners[i].begin(), scene.corners[i].end());
      const TableCard* found = nullptr;
      for (const auto& card : table.cards)
        if (cv::pointPolygonTest(truth, quad_center(card.corners), false) >= 0) found = &card;
      INFO(set::to_string(scene.cards[i]));
      REQUIRE(found);
      // The quad spans the card, hidden end included, not just the paper in sight.
      CHECK(quad_area(found->corners) >= 0.85 * quad_area(scene.corners[i]));
      CHECK(quad_area(found->corners) <= 1.15 * quad_area(scene.corners[i]));
      bool right = found->reading.card() == scene.cards[i];
      correct += right;
      // A symbol clipped by the cover may be miscounted, but never silently.
      if (!right) CHECK(found->reading.confidence() < low_confidence());
    }
    CHECK(table.cards.size() == scene.cards.size());
    cards += int(scene.cards.size());
  }
  CHECK(correct >= cards * 9 / 10);
}

TEST_CASE("a card doubtful between red and purple takes the ink of its table's sure cards") {
  // A deck whose purple is printed redder than the renderer's (30 % of the way to its
  // red) and one card printed redder still (55 %): alone it reads red, doubtfully; on a
  // table with two sure cards of each ink it lies nearer the purple ones. (At 50 % the
  // colour read over the zone round the symbols already calls it purple alone, at
  // confidence 0.04: that tests nothing of the table.)
  auto ink_at = [](double t) { return kInk[2] * (1 - t) + kInk[0] * t; };
  const int length = 300;
  const int height = render_card(set::Card{}, length).image.rows;
  cv::Mat desk(3 * height + 80, 2 * length + 60, CV_8UC3, cv::Scalar(60, 80, 100));
  struct Placed { set::Card card; double t; };
  const std::vector<Placed> cards = {{{0, 0, 0, 0}, 1.0}, {{1, 0, 2, 1}, 1.0}, {{0, 2, 0, 2}, 0.3},
                                     {{2, 2, 2, 0}, 0.3}, {{1, 2, 1, 2}, 0.55}, {{0, 1, 1, 1}, 0.0}};
  for (size_t i = 0; i < cards.size(); ++i) {
    const set::Card c = cards[i].card;
    cv::Mat img = render_card(c, length).image;
    if (c.color != 1) img = reinked(img, kInk[c.color], ink_at(cards[i].t));
    img.copyTo(desk(cv::Rect(20 + int(i % 2) * (length + 20), 20 + int(i / 2) * (height + 20), img.cols, img.rows)));
  }
  // Alone, the doubtful card reads red.
  cv::Mat alone = reinked(render_card(cards[4].card, length).image, kInk[2], ink_at(0.55));
  Quad whole = {cv::Point2f(0, 0), cv::Point2f(float(alone.cols), 0), cv::Point2f(float(alone.cols), float(alone.rows)),
                cv::Point2f(0, float(alone.rows))};
  CardReading lone = read_card(warp_card(alone, whole));
  REQUIRE(lone.attributes[set::kColor].value == 0);
  CHECK(lone.attributes[set::kColor].confidence < reader_settings().colour_sure);

  TableReading t = read_table(desk);
  REQUIRE(t.cards.size() == cards.size());
  std::vector<set::Card> read, want;
  for (const auto& c : t.cards) read.push_back(c.reading.card());
  for (const auto& p : cards) want.push_back(p.card);
  std::sort(read.begin(), read.end());
  std::sort(want.begin(), want.end());
  CHECK(read == want);
}

// A face-up pile seen steeply from across the table, at the frame's edge (as in a phone
// photo of a game in progress): its top card is sheared and foreshortened, its symbols'
// thin outlines fade to a pixel and break, and its row of symbols runs at a slant to
// their axis. Cards of two or three symbols are found by them; a lone sheared symbol
// says nothing of the card's slant, and is not asked for here.
TEST_CASE("the top card of a steep draw pile at the frame's edge is found by its symbols and read", "[sweep]") {
  SceneOptions opt;
  opt.draw_pile = true;
  opt.steep_pile = true;
  opt.white_table = true;
  opt.clutter = false;
  int asked = 0, read = 0;
  for (std::uint32_t seed = 1; seed <= 16; ++seed) {
    Scene scene = compose_scene(seed, opt);
    if (scene.cards.back().number == 0) continue;
    TableReading table = read_table(scene.image);
    ++asked;
    for (const auto& c : table.cards)
      if (quad_contains(scene.corners.back(), quad_center(c.corners))) {
        INFO("seed " << seed << ": " << set::to_string(scene.cards.back()) << " read as " << set::to_string(c.reading.card()));
        CHECK(c.reading.card() == scene.cards.back());
        read += c.reading.card() == scene.cards.back();
      }
    CHECK(score(scene, table).spurious == 0);
  }
  INFO(read << " of " << asked << " top cards read");
  // 11 of 13; none before the sheared rows, the bridged outlines and the third symbol
  // re-centred (`set render --steep-pile --white-desk`, seeds 1-16, draws the same
  // scenes). Left: seed 7, foreshortened so far that its diamonds look longest along
  // the row, and its symbols' axis is the row's; seed 11, three open ovals of which
  // two are found and neither had to be bridged, so the third is not looked for.
  CHECK(read >= asked - 2);
}

// One lamp beside a pale desk: the far corner lit to a quarter of the brightest paper.
// Cards there are found by their symbols, which were looked for only where the paper
// was at least half as bright as the brightest: seeds 1-3 lost 3 of their 36 cards
// (`set render --falloff 0.25 --white-desk --edge-contrast 0.3 --edge-softness 1.5`
// draws the same scenes).
TEST_CASE("cards in the dim far corner of a desk lit by one lamp are found and read") {
  SceneOptions opt;
  opt.white_table = true;
  opt.clutter = false;
  opt.edge_contrast = 0.3;
  opt.edge_softness = 1.5;
  opt.falloff = 0.25;
  check_all_found_and_read(opt);
}

TEST_CASE("cards on a pale mottled worktop are read right, and its blots are not cards", "[sweep]") {
  // The outline of a card can take in a light patch of the worktop beside it, and a
  // blot there counts as one more symbol: the card's symbols frame it instead. Seeds
  // 1-8 (96 cards); before that, seed 4 read two cards with a symbol too many.
  SceneOptions opt;
  opt.mottled_table = true;
  opt.clutter = false;
  int cards = 0;
  Outcome o = read_scenes(opt, 1, 8, cards);
  CHECK(o.spurious == 0);
  CHECK(o.found == cards);
  CHECK(o.correct == cards);
}

TEST_CASE("cards far smaller than the largest sure card are dropped, and a doubtful frame sets no size") {
  auto card = [](float w, float h, double confidence) {
    TableCard c;
    c.corners = {cv::Point2f(0, 0), cv::Point2f(w, 0), cv::Point2f(w, h), cv::Point2f(0, h)};
    for (auto& a : c.reading.attributes) a.confidence = confidence;
    return c;
  };
  const double sure = 1.0, doubtful = low_confidence() / 2;
  const double share = reader_settings().card_min_size_share;
  // Three sure cards 100 x 150, a doubtful frame round many of them (its area over
  // 1/share of a card's), and a sure cloth tile under share of a card.
  const float tile = float(std::sqrt(0.5 * share * 100 * 150));
  const float frame = float(std::sqrt(2.0 / share * 100 * 150));
  std::vector<TableCard> cards = {card(100, 150, sure), card(98, 148, sure), card(102, 151, sure),
                                  card(frame, frame, doubtful), card(tile, tile, sure)};
  drop_undersized(cards);
  REQUIRE(cards.size() == 4);
  for (int i = 0; i < 3; ++i) CHECK(quad_area(cards[size_t(i)].corners) > 14000);
  CHECK(quad_area(cards[3].corners) == Approx(frame * frame));

  // With no sure card the largest of all sets the size.
  std::vector<TableCard> unsure = {card(frame, frame, doubtful), card(100, 150, doubtful)};
  drop_undersized(unsure);
  REQUIRE(unsure.size() == 1);
  CHECK(quad_area(unsure[0].corners) == Approx(frame * frame));
}

TEST_CASE("a sure card beside which three sure cards would be undersized is the odd one") {
  auto card = [](float w, float h) {
    TableCard c;
    c.corners = {cv::Point2f(0, 0), cv::Point2f(w, 0), cv::Point2f(w, h), cv::Point2f(0, h)};
    for (auto& a : c.reading.attributes) a.confidence = 1;
    return c;
  };
  const double share = reader_settings().card_min_size_share;
  const float giant = float(std::sqrt(1.5 / share * 100 * 150));  // 1.5x past undersizing a card
  // Three cards of a table and a sure frame round a patch of desk: the frame goes.
  std::vector<TableCard> table = {card(100, 150), card(giant, giant), card(98, 148), card(102, 151)};
  drop_undersized(table);
  REQUIRE(table.size() == 3);
  for (const TableCard& c : table) CHECK(quad_area(c.corners) < 16000);
  // Two sure tiles beside a close-up's card do not outvote it: they go.
  std::vector<TableCard> closeup = {card(100, 150), card(giant, giant), card(98, 148)};
  drop_undersized(closeup);
  REQUIRE(closeup.size() == 1);
  CHECK(quad_area(closeup[0].corners) == Approx(giant * giant));
}

TEST_CASE("two overlapping frames that read the same card are one card") {
  auto card = [](float x, float y, float side, set::Card value, double confidence) {
    TableCard c;
    c.corners = {cv::Point2f(x, y), cv::Point2f(x + side, y), cv::Point2f(x + side, y + 1.5f * side), cv::Point2f(x, y + 1.5f * side)};
    for (int k = 0; k < set::kAttributes; ++k) c.reading.attributes[size_t(k)] = {value.get(k), confidence};
    return c;
  };
  const set::Card a{0, 0, 1, 0}, b{1, 2, 0, 1};
  std::vector<TableCard> cards = {
      card(0, 0, 100, a, 0.9),     // a card
      card(20, 40, 160, a, 0.7),   // the same card framed again, larger and less surely: dropped
      card(50, 50, 100, b, 0.6),   // another card overlapping it: kept
      card(500, 0, 100, a, 0.9),   // the same reading far away: a misread card, not a double
      card(540, 10, 100, b, 0.8),  // two equally sure frames of b: the smaller stays
      card(530, 0, 110, b, 0.8)};
  drop_doubles(cards);
  REQUIRE(cards.size() == 4);
  CHECK(cards[0].corners[0] == cv::Point2f(0, 0));
  CHECK(cards[1].corners[0] == cv::Point2f(50, 50));
  CHECK(cards[2].corners[0] == cv::Point2f(500, 0));
  CHECK(cards[3].corners[0] == cv::Point2f(540, 10));
}

namespace {

// The scene as a camera saves it: JPEG at quality 90 (4:2:0), as `set render` writes it.
cv::Mat as_jpeg(const cv::Mat& image) {
  return image::decode_image(image::encode_jpeg(image, 90));
}

// Seeds first..last of `opt`, each photo as a camera saves it: drawn once, to be read under
// several settings.
struct Shots {
  std::vector<Scene> scenes;
  std::vector<cv::Mat> photos;
};
Shots shoot(const SceneOptions& opt, std::uint32_t first, std::uint32_t last) {
  Shots shots;
  for (std::uint32_t seed = first; seed <= last; ++seed) {
    shots.scenes.push_back(compose_scene(seed, opt));
    shots.photos.push_back(as_jpeg(shots.scenes.back().image));
  }
  return shots;
}

// Over `shots`: the cards read on a true card, those read wrongly, and of those the ones
// not flagged (a wrong answer given as sure).
struct Readings {
  int found = 0, wrong = 0, silent = 0;
};
Readings read_shots(const Shots& shots) {
  Readings r;
  for (size_t k = 0; k < shots.scenes.size(); ++k) {
    const Scene& scene = shots.scenes[k];
    for (const auto& c : read_table(shots.photos[k]).cards)
      for (size_t i = 0; i < scene.cards.size(); ++i)
        if (quad_contains(scene.corners[i], quad_center(c.corners))) {
          ++r.found;
          if (c.reading.card() != scene.cards[i]) {
            ++r.wrong;
            r.silent += c.reading.confidence() >= low_confidence();
          }
          break;
        }
  }
  return r;
}

// One attribute read right over seeds 1-8 of `opt`, each photo through JPEG.
int attribute_right(const SceneOptions& opt, int attribute, int& cards) {
  int right = 0;
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    const Scene scene = compose_scene(seed, opt);
    const TableReading table = read_table(as_jpeg(scene.image));
    for (size_t i = 0; i < scene.cards.size(); ++i, ++cards)
      for (const auto& c : table.cards)
        if (quad_contains(scene.corners[i], quad_center(c.corners))) {
          right += c.reading.attributes[attribute].value == scene.cards[i].get(attribute);
          break;
        }
  }
  return right;
}

int colours_right(const SceneOptions& opt, int& cards) { return attribute_right(opt, set::kColor, cards); }

// Whole cards read right over seeds 1-8 of `opt`, and the cards read where none lies.
int cards_right(const SceneOptions& opt, int& false_cards) {
  int right = 0;
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    const Scene scene = compose_scene(seed, opt);
    for (const auto& c : read_table(as_jpeg(scene.image)).cards) {
      bool on_a_card = false;
      for (size_t i = 0; i < scene.cards.size() && !on_a_card; ++i)
        if (quad_contains(scene.corners[i], quad_center(c.corners))) {
          on_a_card = true;
          right += c.reading.card() == scene.cards[i];
        }
      false_cards += !on_a_card;
    }
  }
  return right;
}

}  // namespace

TEST_CASE("a shrunk scene is the drawn one averaged down, its corners moved with it") {
  SceneOptions opt = small_table();
  const Scene full = compose_scene(3, opt);
  opt.scale = 0.5;
  const Scene half = compose_scene(3, opt);
  REQUIRE(half.cards == full.cards);
  CHECK(half.image.cols == full.image.cols / 2);
  CHECK(half.image.rows == full.image.rows / 2);
  cv::Mat expected;
  cv::resize(full.image, expected, half.image.size(), 0, 0, cv::INTER_AREA);
  CHECK(cv::norm(expected, half.image, cv::NORM_INF) == 0);
  for (size_t i = 0; i < full.corners.size(); ++i)
    for (int k = 0; k < 4; ++k) CHECK(cv::norm(half.corners[i][k] * 2.0f - full.corners[i][k]) < 1.5);
}

// Under lamplight a thin purple outline's darkest pixels, once the photo is halved and
// saved as JPEG, have lost their blue to the encoder's ringing (against the local white)
// and read as surely red: 85 of 96 colours right measured that way (colour_zone 0).
// Measured over the zone round the symbols against the paper beyond, all are.
TEST_CASE("purple outlines under dim lamplight in a small JPEG keep their colour") {
  SceneOptions opt;
  opt.exposure = 0.45;
  opt.tint = cv::Scalar(0.55, 0.8, 1);  // BGR: a lamp's warm light
  opt.scale = 0.5;
  int cards = 0;
  const int right = colours_right(opt, cards);
  CHECK(cards == 96);
  CHECK(right >= cards - 1);  // all 96 as built here; one of slack for another compiler's rounding

  ScopedReaderSetting off("colour_zone", 0);
  int cards_then = 0;
  const int right_then = colours_right(opt, cards_then);
  CHECK(right_then < cards_then - 6);  // the condition is the one that failed
}

// In a dim photo purple, the darkest ink, goes nearly black first. Its outlines keep
// 0.015-0.05 of their darkness as chroma, under reader_colourless, but in purple's hue,
// where the grey marks' weak chroma (along the light's cast) does not lie.
TEST_CASE("purple nearly black on a dim white desk is still read, and grey marks are not", "[sweep]") {
  SceneOptions dark;
  dark.print.ink_shade[2] = -0.93;
  dark.white_table = true;
  dark.clutter = false;  // as `set render --white-desk` draws it
  dark.exposure = 0.5;
  SceneOptions marks;
  marks.grey_marks = true;
  marks.white_table = true;
  marks.clutter = false;
  int false_dark = 0, false_marks = 0;
  const int right = cards_right(dark, false_dark);
  const int marks_right = cards_right(marks, false_marks);
  CHECK(right >= 78);  // 79 of 96 as built here; one card of slack for another compiler's rounding
  CHECK(false_dark == 0);

  ScopedReaderSetting off("reader_dark_ink_colourless", 1);
  int false_dark_then = 0, false_marks_then = 0;
  const int right_then = cards_right(dark, false_dark_then);
  const int marks_right_then = cards_right(marks, false_marks_then);
  CHECK(right_then < right - 5);  // the condition is the one that failed (71 as built here)
  CHECK(marks_right == marks_right_then);
  CHECK(false_marks <= false_marks_then + 1);  // grey prints stay out
}

// Halved, a thin outline is diluted as much as the stripes inside it are blurred into a
// tint: the interior is as dark as the outline, and striped cards read solid (85 of 96
// shadings right without the table's check). A solid's interior is its ink, as dark as
// the table's other solids of that ink; blurred stripes are far lighter.
TEST_CASE("striped cards with thin outlines in a small photo are not read solid beside real solids") {
  SceneOptions opt;
  opt.print.line_weight = 0.5;
  opt.scale = 0.5;
  int cards = 0;
  const int right = attribute_right(opt, set::kShading, cards);
  CHECK(cards == 96);
  CHECK(right >= 92);  // 93 as built here; one card of slack for another compiler's rounding

  ScopedReaderSetting off("shading_table_solid", 0), any_off("shading_table_any_solid", 0);
  int cards_then = 0;
  CHECK(attribute_right(opt, set::kShading, cards_then) < right - 5);
}

// A photo out of focus blurs every stripe into a tint and dilutes the outlines as much:
// striped cards read solid, surely (fill 0.7-0.86). When every striped card of an ink
// does, the ink's own darkest "solid" is one of them; the darkest solid of any ink
// still shows them for what they are (insides 0.24-0.33 of it).
TEST_CASE("striped cards in a photo out of focus are not read solid", "[sweep]") {
  SceneOptions opt;
  opt.defocus = 2.5;
  int cards = 0;
  const int right = attribute_right(opt, set::kShading, cards);
  CHECK(cards == 96);
  CHECK(right >= 95);  // 96 as built here; one card of slack for another compiler's rounding

  ScopedReaderSetting off("shading_table_any_solid", 0);
  int cards_then = 0;
  CHECK(attribute_right(opt, set::kShading, cards_then) < right - 3);  // 91 as built here
}

// A close-up out of focus: the camera's blur is a few pixels wide, but the symbols are
// hundreds, and their edges fall under the sharpness asked of a table's symbols (edges
// 0.27-0.28 of darkness per pixel against 0.3) that keeps shadows out. The card is found
// only by its symbols: the frame cuts its outline.
TEST_CASE("a close-up out of focus is read") {
  SceneOptions opt;
  opt.framing = Framing::closeup;
  opt.defocus = 3;
  int cards = 0;
  const int right = attribute_right(opt, set::kNumber, cards);
  CHECK(cards == 8);
  CHECK(right == 8);

  ScopedReaderSetting off("symbol_sharp_width", 1000);
  int cards_then = 0;
  CHECK(attribute_right(opt, set::kNumber, cards_then) < right);  // 6 as built here
}

// Glare over a close-up washes part of a solid symbol's ink out where it reaches the edge:
// the ink blob has a bite no symbol has, and the card's two or three symbols no longer
// match. Measured as their hulls where the bite keeps the ink's colour
// (symbol_bite_chroma), they frame the card, read with its shape flagged.
TEST_CASE("close-ups with glare over solid symbols are found", "[sweep]") {
  SceneOptions opt;
  opt.framing = Framing::closeup;
  opt.glare = true;
  const Shots shots = shoot(opt, 1, 24);
  const Readings now = read_shots(shots);
  CHECK(now.found >= 20);  // 21 of 24 as built here
  CHECK(now.silent <= 1);  // 0 as built here
  ScopedReaderSetting off("symbol_bite_chroma", 1);
  const Readings before = read_shots(shots);
  CHECK(before.found < now.found);  // 20 as built here
  CHECK(before.silent <= 1);        // 0 as built here
}

// A table photo out of focus: on a white desk the symbols are the only way in, and the
// blur puts every edge under symbol_min_sharpness (solid symbols first: 0.22-0.42 against
// 0.3). Asked for a share of the photo's own sharpness, they are found.
TEST_CASE("cards on a white desk in a photo out of focus are found", "[sweep]") {
  SceneOptions opt;
  opt.white_table = true;
  opt.clutter = false;
  opt.defocus = 3;
  int false_cards = 0;
  const int right = cards_right(opt, false_cards);
  CHECK(right >= 93);  // 94 of 96 as built here (every card found)
  CHECK(false_cards == 0);

  ScopedReaderSetting off("symbol_relative_sharpness", 0);
  int false_then = 0;
  CHECK(cards_right(opt, false_then) < right - 6);  // 82 as built here: 9 cards not found
}

// Fine stripes printed pale (another print run) blur into a faint tint of the inside, as
// faint as some open cards' inside in a photo. Such a card cannot always be told from an
// open one, but it must not be read open as a sure thing: an inside tinted within
// shading_tint_scale of the open/striped boundary is a doubtful reading, flagged.
TEST_CASE("fine pale stripes misread as open are flagged, not given as sure", "[sweep]") {
  SceneOptions opt;
  opt.print.stripe_pitch = 0.5;
  opt.print.stripe_width = 0.6;
  opt.print.stripe_strength = 0.25;
  const Shots shots = shoot(opt, 1, 8);
  const Readings now = read_shots(shots);
  INFO("misread " << now.wrong << ", not flagged " << now.silent);
  CHECK(now.wrong <= 12);   // 9 of 96 as built here
  CHECK(now.silent <= 2);   // 1 as built here
  ScopedReaderSetting narrow("shading_tint_scale", 0.03);
  const Readings before = read_shots(shots);
  CHECK(before.wrong == now.wrong);         // the scale moves confidence, not readings
  CHECK(before.silent >= now.silent + 3);   // 6 as built here
}

// A soft shadow across part of every card on a white desk: the symbol finder's wide window
// takes the lit paper for the white, so the shadowed paper reads as ink and swallows the
// symbols it holds. A narrower window finds them, but alone one such symbol is kept only
// when the wide window swallowed it (and its ink is colourful) or cut it out of the
// shadowed paper's grey, and its card's frame holds no other ink.
TEST_CASE("lone symbols in a shadow across their card on a white desk are found", "[sweep]") {
  SceneOptions opt;
  opt.white_table = true;
  opt.clutter = false;
  opt.card_shadows = true;
  int false_cards = 0;
  const int right = cards_right(opt, false_cards);
  CHECK(right >= 79);  // 81 of 96 as built here
  CHECK(false_cards == 0);

  // A lone symbol only a narrower window finds is taken when the default window's ink
  // swallowed it (and it is colourful) or cut it out of the shadowed paper's grey.
  int false_then = 0;
  {
    ScopedReaderSetting off("symbol_finer_lone_split", 0);
    CHECK(cards_right(opt, false_then) <= right - 2);  // 78 as built here
  }
  ScopedReaderSetting split_off("symbol_finer_lone_split", 0);
  ScopedReaderSetting colour_off("symbol_finer_lone_colourfulness", 2);
  CHECK(cards_right(opt, false_then) < right - 8);  // 67 as built here
  CHECK(false_then == 0);
}

namespace {

// Two red dice side by side with white pips, on a white desk among nothing else: seen
// from above, a dark red blob of a solid squiggle's size and proportions on white paper.
cv::Mat two_red_dice(bool pips) {
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(226, 228, 230));
  const int side = 58;
  for (int d = 0; d < 2; ++d) {
    const cv::Point tl(340 + d * side, 270);
    cv::rectangle(photo, cv::Rect(tl, cv::Size(side, side)), cv::Scalar(40, 30, 150), cv::FILLED, cv::LINE_AA);
    if (!pips) continue;
    const int value = d == 0 ? 5 : 4;  // corner pips, and the centre pip of the 5
    const int q = side / 4, r = side / 11;
    for (const cv::Point p : {cv::Point(q, q), cv::Point(3 * q, q), cv::Point(q, 3 * q), cv::Point(3 * q, 3 * q)})
      cv::circle(photo, tl + p, r, cv::Scalar(235, 235, 235), cv::FILLED, cv::LINE_AA);
    if (value == 5) cv::circle(photo, tl + cv::Point(side / 2, side / 2), r, cv::Scalar(235, 235, 235), cv::FILLED, cv::LINE_AA);
  }
  cv::GaussianBlur(photo, photo, cv::Size(3, 3), 0.8);
  return photo;
}

}  // namespace

// Dice lie on game tables. Solid SET ink has no holes, and a die's pips are round ones:
// a card read solid whose symbols hold round holes is no card.
TEST_CASE("two red dice side by side on a white desk are not a solid SET card") {
  CHECK(read_table(two_red_dice(true)).cards.empty());
  // The pips are what tells them apart: without them, or with the check off, the blob is
  // framed and read as a card of one solid symbol.
  const auto solid_blob = read_table(two_red_dice(false)).cards;
  REQUIRE(solid_blob.size() == 1);
  CHECK(solid_blob[0].reading.attributes[set::kShading].value == 0);
  ScopedReaderSetting off("card_solid_max_holes", 100);
  CHECK(read_table(two_red_dice(true)).cards.size() == 1);
}

// Seen 45 degrees from straight down, the far cards are half as long as the near ones and
// a card foreshortened along its length looks square or wider than long: squarish
// outlines are cards, a card is judged by the size expected where it lies (size_field.h),
// and a squat outline is read both ways.
TEST_CASE("cards on a table seen obliquely are found and read") {
  SceneOptions opt;
  opt.view_tilt = 45;
  int false_cards = 0;
  const int right = cards_right(opt, false_cards);
  CHECK(right >= 93);  // 96 of 96 as built here
  CHECK(false_cards == 0);

  ScopedReaderSetting square("outline_min_card_aspect", 1.15);
  ScopedReaderSetting both_ways("card_both_ways_aspect", 1);
  ScopedReaderSetting one_size("outline_size_plane_min_cards", 100);
  int false_then = 0;
  CHECK(cards_right(opt, false_then) < right - 10);  // 71 as built here
}

TEST_CASE("a card twice the size of the others, of a card's own proportions, is one card and not two halves") {
  // On a table seen obliquely the near cards can have twice the area of the far ones.
  // Two cards lying side by side make a squat shape (about 1.3:1), so only such a shape
  // may be cut in two; a large shape of a card's proportions (1.55:1) is one card.
  cv::Mat img(1000, 1400, CV_8UC3, cv::Scalar(40, 90, 40));
  auto card = [&](int x, int y, int w, int h) { cv::rectangle(img, cv::Rect(x, y, w, h), cv::Scalar(245, 245, 245), cv::FILLED); };
  for (int i = 0; i < 10; ++i) card(80 + i % 5 * 260, 60 + i / 5 * 230, 100, 155);  // the usual size
  card(150, 540, 141, 219);                                                          // twice the area, alike in shape
  card(500, 540, 141, 219);
  card(850, 580, 200, 155);  // two usual cards side by side, no seam: two cards
  const auto quads = find_card_quads(img);
  CHECK(quads.size() == 14);
  int large = 0;
  for (const auto& q : quads) large += quad_area(q) > 1.6 * 100 * 155;
  CHECK(large == 2);
}

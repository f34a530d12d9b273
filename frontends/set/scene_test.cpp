// The renderer's conditions from issue #18 do what their options say: pale desks with
// low-contrast and soft card edges, close-ups and tight crops, other print styles,
// glare, dim tinted light, shadows across cards and a face-up draw pile.
#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <vector>

#include "frontends/set/card_renderer.h"
#include "frontends/set/scene.h"
#include "frontends/set/scene_effects.h"

using namespace puzzlesat;
using namespace puzzlesat::set_vision;

namespace {

cv::Mat quad_mask(const Quad& q, cv::Size size) {
  cv::Mat mask = cv::Mat::zeros(size, CV_8U);
  std::vector<cv::Point> poly;
  for (auto p : q) poly.push_back(cv::Point(int(std::lround(p.x)), int(std::lround(p.y))));
  cv::fillConvexPoly(mask, poly, 255);
  return mask;
}

cv::Mat grey(const cv::Mat& bgr) {
  cv::Mat g;
  cv::cvtColor(bgr, g, cv::COLOR_BGR2GRAY);
  return g;
}

// Mean grey level just inside the cards' outlines minus just outside them (bands
// `inner` to `outer` pixels from the outline): how much the cards stand out at their edge.
double edge_contrast(const Scene& s, int inner = 2, int outer = 8) {
  cv::Mat g = grey(s.image), cards = cv::Mat::zeros(g.size(), CV_8U);
  for (const auto& q : s.corners) cards |= quad_mask(q, g.size());
  auto kernel = [](int r) { return cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(2 * r + 1, 2 * r + 1)); };
  cv::Mat in_far, in_near, out_near, out_far;
  cv::erode(cards, in_far, kernel(outer));
  cv::erode(cards, in_near, kernel(inner));
  cv::dilate(cards, out_near, kernel(inner));
  cv::dilate(cards, out_far, kernel(outer));
  return cv::mean(g, in_near & ~in_far)[0] - cv::mean(g, out_far & ~out_near)[0];
}

// The steepest grey step across the cards' outlines (90th percentile of the gradient
// magnitude on a thin band around them): a soft edge has no steep step.
double edge_sharpness(const Scene& s) {
  cv::Mat g = grey(s.image), gx, gy, mag, outline = cv::Mat::zeros(g.size(), CV_8U);
  for (const auto& q : s.corners)
    for (int k = 0; k < 4; ++k) cv::line(outline, q[k], q[(k + 1) % 4], 255, 5);
  cv::Sobel(g, gx, CV_32F, 1, 0);
  cv::Sobel(g, gy, CV_32F, 0, 1);
  cv::magnitude(gx, gy, mag);
  std::vector<float> v;
  for (int y = 0; y < g.rows; ++y)
    for (int x = 0; x < g.cols; ++x)
      if (outline.at<uchar>(y, x)) v.push_back(mag.at<float>(y, x));
  std::sort(v.begin(), v.end());
  return v[v.size() * 9 / 10];
}

SceneOptions pale_desk(bool white) {
  SceneOptions opt;
  opt.width = 1000;
  opt.height = 750;
  opt.cards = 6;
  opt.clutter = false;
  opt.perspective = 0;
  opt.white_table = white;
  opt.grey_table = !white;
  return opt;
}

}  // namespace

TEST_CASE("scenes: the edge-contrast option lowers the contrast between card and desk") {
  for (bool white : {true, false}) {
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
      SceneOptions opt = pale_desk(white);
      double full = edge_contrast(compose_scene(seed, opt));
      opt.edge_contrast = 0.25;
      double low = edge_contrast(compose_scene(seed, opt));
      INFO((white ? "white" : "grey") << " desk, seed " << seed << ": contrast " << full << " -> " << low);
      CHECK(full > 5);  // the cards are brighter than the desk...
      CHECK(low < 0.5 * full);  // ...and much less so at low edge contrast
    }
  }
}

TEST_CASE("scenes: a light-grey desk is darker than a white desk but still pale") {
  double white = cv::mean(grey(compose_scene(1, pale_desk(true)).image))[0];
  double light_grey = cv::mean(grey(compose_scene(1, pale_desk(false)).image))[0];
  CHECK(light_grey < white - 10);
  CHECK(light_grey > 150);
}

TEST_CASE("scenes: a mottled worktop is pale and blotched at a symbol's scale") {
  SceneOptions opt;
  opt.mottled_table = true;
  opt.clutter = false;
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    Scene mottled = compose_scene(seed, opt);
    cv::Mat table = cv::Mat::ones(mottled.image.size(), CV_8U) * 255;
    for (const Quad& q : mottled.corners) table.setTo(0, quad_mask(q, table.size()) > 0);
    // Blots a symbol across: the worktop smoothed over a few pixels still varies.
    cv::Mat g = grey(mottled.image), smooth;
    cv::GaussianBlur(g, smooth, cv::Size(), 4);
    cv::Scalar mean, spread;
    cv::meanStdDev(smooth, mean, spread, table);
    INFO("seed " << seed << ": worktop mean " << mean[0] << ", spread " << spread[0]);
    CHECK(mean[0] > 140);
    CHECK(spread[0] > 8);
  }
}

TEST_CASE("scenes: the edge-softness option removes the steep step at the cards' outline") {
  SceneOptions opt = pale_desk(false);
  double sharp = edge_sharpness(compose_scene(2, opt));
  opt.edge_softness = 4;
  double soft = edge_sharpness(compose_scene(2, opt));
  INFO("edge gradient " << sharp << " -> " << soft);
  CHECK(soft < 0.6 * sharp);
}

TEST_CASE("scenes: a close-up is one card covering most of the frame, sometimes cut by its edge") {
  SceneOptions opt;
  opt.framing = Framing::closeup;
  int cut = 0;
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    Scene s = compose_scene(seed, opt);
    REQUIRE(s.cards.size() == 1);
    REQUIRE(s.image.size() == cv::Size(opt.width, opt.height));
    double covered = cv::countNonZero(quad_mask(s.corners[0], s.image.size())) / double(s.image.total());
    INFO("seed " << seed << ": covers " << covered);
    CHECK(covered >= 0.55);
    bool outside = false;
    for (auto p : s.corners[0]) outside |= p.x < 0 || p.y < 0 || p.x > opt.width || p.y > opt.height;
    cut += outside;
  }
  CHECK(cut >= 3);
  CHECK(cut <= 11);
}

TEST_CASE("scenes: a tight crop is one card with a margin of 0-20 % of its size on each side") {
  SceneOptions opt;
  opt.framing = Framing::tight_crop;
  double smallest = 1, largest = 0;
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    Scene s = compose_scene(seed, opt);
    REQUIRE(s.cards.size() == 1);
    CHECK(std::max(s.image.cols, s.image.rows) == std::max(opt.width, opt.height));
    cv::Rect2f box = cv::boundingRect(std::vector<cv::Point2f>(s.corners[0].begin(), s.corners[0].end()));
    double margins[4] = {box.x / box.width, (s.image.cols - box.x - box.width) / box.width, box.y / box.height,
                         (s.image.rows - box.y - box.height) / box.height};
    for (double m : margins) {
      INFO("seed " << seed << ": margin " << m);
      CHECK(m >= -0.005);
      CHECK(m <= 0.205);
      smallest = std::min(smallest, m);
      largest = std::max(largest, m);
    }
  }
  CHECK(smallest < 0.03);  // the range is used, down to a card touching the frame...
  CHECK(largest > 0.17);   // ...and up to a fifth of its size
}

namespace {

// The ink share along the middle column of a one-symbol card (dark = ink), and the
// number of ink runs crossed there: stripes are counted by the runs.
struct Column {
  double ink = 0;
  int runs = 0;
};

Column middle_column(const RenderedCard& r) {
  cv::Mat g = grey(r.image);
  Column c;
  bool in_ink = false;
  for (int y = r.image.rows / 5; y < r.image.rows * 4 / 5; ++y) {
    int v = g.at<uchar>(y, r.image.cols / 2);
    c.ink += (246 - v) / 255.0;
    bool dark = v < 200;
    c.runs += dark && !in_ink;
    in_ink = dark;
  }
  return c;
}

const set::Card kStripedOval{0, 2, 1, 2}, kOpenOval{0, 0, 2, 2}, kSolidOval{0, 0, 0, 2};

}  // namespace

TEST_CASE("cards: stripe pitch, width and strength change the stripes as they say") {
  const int length = 600;  // fine enough that half-pitch stripes stay apart
  Column standard = middle_column(render_card(kStripedOval, length));
  CardStyle fine;
  fine.stripe_pitch = 0.5;
  Column dense = middle_column(render_card(kStripedOval, length, fine));
  INFO("runs " << standard.runs << " -> " << dense.runs);
  CHECK(dense.runs >= 1.7 * standard.runs);

  CardStyle wide;
  wide.stripe_width = 2.5;
  CHECK(middle_column(render_card(kStripedOval, length, wide)).ink > 1.5 * standard.ink);

  CardStyle pale;
  pale.stripe_strength = 0.35;
  CHECK(middle_column(render_card(kStripedOval, length, pale)).ink < 0.6 * standard.ink);
}

TEST_CASE("cards: line weight thickens the outline of an open symbol") {
  auto ink_pixels = [](const CardStyle& style) {
    cv::Mat g = grey(render_card(kOpenOval, 330, style).image);
    return cv::countNonZero(g < 200);
  };
  CardStyle thin, thick;
  thin.line_weight = 0.5;
  thick.line_weight = 2;
  int standard = ink_pixels({});
  CHECK(ink_pixels(thin) < 0.7 * standard);
  CHECK(ink_pixels(thick) > 1.6 * standard);
}

TEST_CASE("cards: ink lightness and hue shade the three inks") {
  auto symbol_colour = [](const CardStyle& style) {
    RenderedCard r = render_card(kSolidOval, 330, style);
    return cv::Vec3b(r.image.at<cv::Vec3b>(r.image.rows / 2, r.image.cols / 2));
  };
  auto hue = [](cv::Vec3b bgr) {
    cv::Mat px(1, 1, CV_8UC3, cv::Scalar(bgr[0], bgr[1], bgr[2])), hsv;
    cv::cvtColor(px, hsv, cv::COLOR_BGR2HSV_FULL);
    return int(hsv.at<cv::Vec3b>(0, 0)[0]);
  };
  cv::Vec3b standard = symbol_colour({});
  CardStyle light, dark, shifted;
  light.ink_lightness = 0.5;
  dark.ink_lightness = -0.5;
  shifted.ink_hue = 20;
  auto sum = [](cv::Vec3b c) { return c[0] + c[1] + c[2]; };
  CHECK(sum(symbol_colour(light)) > sum(standard) + 150);
  CHECK(sum(symbol_colour(dark)) < sum(standard) - 80);
  int turned = (hue(symbol_colour(shifted)) - hue(standard) + 256) % 256;  // 256 steps a turn
  CHECK(turned >= 10);
  CHECK(turned <= 20);
}

TEST_CASE("cards: one ink's shade darkens that ink only, and saturation 0 prints in grey") {
  auto ink_of = [](const CardStyle& style, int colour) {
    const cv::Scalar c = style.inks()[colour];
    const double luma = 0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2];
    const double chroma = std::max({c[0], c[1], c[2]}) - std::min({c[0], c[1], c[2]});
    return std::pair<double, double>(luma, chroma);
  };
  CardStyle dark_purple;
  dark_purple.ink_shade[2] = -0.9;
  CHECK(ink_of(dark_purple, 2).first < 0.15 * ink_of({}, 2).first);
  CHECK(ink_of(dark_purple, 2).second < 0.15 * ink_of({}, 2).second);
  for (int other : {0, 1}) CHECK(dark_purple.inks()[other] == kInk[other]);
  CardStyle grey_print;
  grey_print.ink_saturation = 0;
  for (int colour = 0; colour < 3; ++colour) {
    CHECK(ink_of(grey_print, colour).second < 1e-6);
    CHECK(ink_of(grey_print, colour).first == Approx(ink_of({}, colour).first).margin(1e-6));
  }
}

TEST_CASE("scenes: grey marks add grey prints and pen outlines, and no labelled card") {
  SceneOptions plain, marked;
  plain.white_table = marked.white_table = true;
  plain.clutter = marked.clutter = false;
  marked.grey_marks = true;
  Scene a = compose_scene(5, plain), b = compose_scene(5, marked);
  CHECK(b.cards.size() == a.cards.size());
  // Dark, colourless pixels: the grey prints and the pen.
  auto grey_ink = [](const cv::Mat& img) {
    cv::Mat hsv, ch[3];
    cv::cvtColor(img, hsv, cv::COLOR_BGR2HSV);
    cv::split(hsv, ch);
    return cv::countNonZero((ch[2] < 170) & (ch[1] < 40));
  };
  CHECK(grey_ink(b.image) > grey_ink(a.image) + 5000);
}

TEST_CASE("cards: another stock's colour is the paper's, and the ink darkens it alike") {
  CardStyle cream;
  cream.paper = cv::Scalar(200, 218, 226);  // BGR
  RenderedCard white = render_card(kOpenOval, 330, {}), tinted = render_card(kOpenOval, 330, cream);
  const cv::Point blank(white.image.cols / 10, white.image.rows / 2);  // paper, left of the oval
  cv::Vec3b paper = tinted.image.at<cv::Vec3b>(blank);
  for (int c = 0; c < 3; ++c) CHECK(std::abs(paper[c] - cream.paper[c]) <= 2);
  // Ink stays darker than the paper by the same share.
  cv::Mat ink = grey(white.image) < 150;
  REQUIRE(cv::countNonZero(ink) > 100);
  double ratio_white = cv::mean(grey(white.image), ink)[0] / grey(white.image).at<uchar>(blank);
  double ratio_cream = cv::mean(grey(tinted.image), ink)[0] / grey(tinted.image).at<uchar>(blank);
  CHECK(std::abs(ratio_white - ratio_cream) < 0.05);
}

TEST_CASE("cards: a rim all round darkens the cut edge, and edge darkness 0 whitens it") {
  auto rim_level = [](const CardStyle& style) {
    RenderedCard r = render_card(kOpenOval, 330, style);
    return int(grey(r.image).at<uchar>(r.image.rows / 2, 0));  // on a long side's cut
  };
  CardStyle all_round, white_rim;
  all_round.rim_all_round = white_rim.rim_all_round = true;
  white_rim.edge_darkness = 0;
  CHECK(rim_level({}) > 240);  // the standard print: no rim along the straight sides
  CHECK(rim_level(all_round) < 225);
  CHECK(rim_level(white_rim) > 240);
}

TEST_CASE("scenes: dim light darkens the picture and a tint colours it") {
  SceneOptions opt = pale_desk(true);
  cv::Scalar normal = cv::mean(compose_scene(4, opt).image);
  opt.exposure = 0.4;
  cv::Scalar dim = cv::mean(compose_scene(4, opt).image);
  for (int c = 0; c < 3; ++c) CHECK(dim[c] < 0.5 * normal[c]);
  opt.exposure = 1;
  opt.tint = cv::Scalar(0.55, 0.8, 1);  // BGR: lamplight
  cv::Scalar warm = cv::mean(compose_scene(4, opt).image);
  CHECK(warm[0] / warm[2] < 0.65 * normal[0] / normal[2]);
}

TEST_CASE("scene effects: glare brightens a patch inside the card and nothing far from it") {
  cv::Mat img(400, 600, CV_8UC3, cv::Scalar(120, 120, 120)), before = img.clone();
  Quad q = {cv::Point2f(200, 150), cv::Point2f(400, 150), cv::Point2f(400, 280), cv::Point2f(200, 280)};
  scene_detail::Rng rng(7);
  scene_detail::add_glare(rng, img, q);
  double max_level;
  cv::minMaxLoc(grey(img)(cv::Rect(200, 150, 200, 130)), nullptr, &max_level);
  CHECK(max_level > 120 + 0.5 * 135);
  CHECK(cv::norm(img(cv::Rect(0, 0, 80, 400)), before(cv::Rect(0, 0, 80, 400)), cv::NORM_INF) == 0);
}

TEST_CASE("scene effects: a card shadow darkens part of the card, not all of it, and not the far table") {
  for (std::uint32_t seed = 1; seed <= 5; ++seed) {
    cv::Mat img(500, 700, CV_8UC3, cv::Scalar(200, 200, 200)), before = img.clone();
    cv::Mat m = (cv::Mat_<double>(2, 3) << 1, 0, 200, 0, 1, 150);  // a 300 x 193 card at (200, 150)
    scene_detail::Rng rng(seed);
    scene_detail::draw_card_shadow(rng, img, m, cv::Size(300, 193));
    cv::Mat card = grey(img)(cv::Rect(200, 150, 300, 193));
    int shaded = cv::countNonZero(card < 170), total = int(card.total());
    INFO("seed " << seed << ": " << shaded << " of " << total << " card pixels in shadow");
    CHECK(shaded > total / 8);
    CHECK(shaded < total * 7 / 8);
    CHECK(cv::norm(img(cv::Rect(0, 0, 100, 500)), before(cv::Rect(0, 0, 100, 500)), cv::NORM_INF) == 0);
  }
}

// Effects are drawn in a window round their card (table_window), not over the whole
// frame. A window too tight for a blur's reach would cut the shade off in a step at its
// edge; drawn in a large enough one, every shade fades out to nothing.
TEST_CASE("scene effects: card shadows and glare fade out to nothing, with no step where their window ends") {
  auto largest_step_at_edge = [](const cv::Mat& before, const cv::Mat& after) {
    cv::Mat change;
    cv::absdiff(grey(before), grey(after), change);
    cv::Mat untouched = change == 0, beside;
    cv::dilate(untouched, beside, cv::Mat());  // pixels next to an untouched one
    double most = 0;
    cv::minMaxLoc(change, nullptr, &most, nullptr, nullptr, beside);
    return most;
  };
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    cv::Mat img(500, 700, CV_8UC3, cv::Scalar(200, 200, 200)), before = img.clone();
    const double turn = 10.0 * seed;
    cv::Mat m = cv::getRotationMatrix2D(cv::Point2f(150, 96), turn, 1.0);
    m.at<double>(0, 2) += 200, m.at<double>(1, 2) += 150;
    scene_detail::Rng rng(seed);
    scene_detail::draw_card_shadow(rng, img, m, cv::Size(300, 193));
    INFO("seed " << seed);
    CHECK(cv::norm(img, before, cv::NORM_INF) > 40);
    CHECK(largest_step_at_edge(before, img) <= 2);
    const cv::Mat shaded = img.clone();
    scene_detail::add_glare(rng, img, {cv::Point2f(200, 150), cv::Point2f(500, 150), cv::Point2f(500, 343), cv::Point2f(200, 343)});
    CHECK(cv::norm(img, shaded, cv::NORM_INF) > 20);  // strength 0.55-0.9 of the way to white
    CHECK(largest_step_at_edge(shaded, img) <= 2);
  }
}

TEST_CASE("scene effects: a card's window holds the card turned and grown by the margin, clipped to the picture") {
  const cv::Size card(300, 200), picture(800, 600);
  cv::Mat m = cv::getRotationMatrix2D(cv::Point2f(150, 100), 30, 1.0);
  m.at<double>(0, 2) += 250, m.at<double>(1, 2) += 200;
  const cv::Rect window = scene_detail::table_window(m, {0, 0, double(card.width), double(card.height)}, picture, 10);
  for (cv::Point2d corner : {cv::Point2d(0, 0), cv::Point2d(300, 0), cv::Point2d(300, 200), cv::Point2d(0, 200)}) {
    const cv::Point2d p = scene_detail::on_table(m, corner);
    CHECK(window.contains(cv::Point(p + cv::Point2d(10, 10))));
    CHECK(window.contains(cv::Point(p - cv::Point2d(10, 10))));
  }
  // Turned 30 degrees, the 300 x 200 card spans 360 x 323; the window no more than 2 px beyond the margin.
  CHECK(window.width <= 360 + 2 * 10 + 4);
  CHECK(window.height <= 324 + 2 * 10 + 4);
  m.at<double>(0, 2) += 400;  // partly off the right edge
  const cv::Rect clipped = scene_detail::table_window(m, {0, 0, 300, 200}, picture, 10);
  CHECK(clipped.br().x == picture.width);
  CHECK((clipped & cv::Rect(cv::Point(), picture)) == clipped);
  m.at<double>(0, 2) += 2000;  // wholly off it
  CHECK(scene_detail::table_window(m, {0, 0, 300, 200}, picture, 10).empty());
}

TEST_CASE("scenes: a draw pile adds one labelled card, its top one, at the left or right edge", "[sweep]") {
  SceneOptions opt;
  opt.cards = 9;
  opt.draw_pile = true;
  int left = 0, right = 0;
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    Scene s = compose_scene(seed, opt);
    REQUIRE(s.cards.size() == 10);
    std::vector<set::Card> sorted = s.cards;
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());  // distinct
    cv::Point2f top = quad_center(s.corners.back());
    // It lies beside the grid: no table card's centre is further out on its side.
    bool is_left = top.x < opt.width / 2.0;
    (is_left ? left : right) += 1;
    for (size_t i = 0; i + 1 < s.corners.size(); ++i) {
      float x = quad_center(s.corners[i]).x;
      CHECK((is_left ? x > top.x : x < top.x));
    }
    for (auto p : s.corners.back()) {
      CHECK(p.x >= 0);
      CHECK(p.x <= opt.width);
    }
    // Cards lie under it: just outside the top card, paper shows on some side.
    cv::Mat g = grey(s.image), top_mask = quad_mask(s.corners.back(), g.size()), ring;
    cv::dilate(top_mask, ring, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(9, 9)));
    ring &= ~top_mask;
    double paper_share = cv::countNonZero((g > 180) & ring) / double(cv::countNonZero(ring));
    INFO("seed " << seed << ": paper share around the top card " << paper_share);
    CHECK(paper_share > 0.1);
  }
  CHECK(left > 0);
  CHECK(right > 0);
}

TEST_CASE("scenes: a steep pile's top card is a sheared, foreshortened card at the frame's edge", "[sweep]") {
  SceneOptions opt;
  opt.cards = 9;
  opt.draw_pile = true;
  opt.steep_pile = true;
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    Scene s = compose_scene(seed, opt);
    REQUIRE(s.cards.size() == 10);
    const Quad& q = s.corners.back();
    INFO("seed " << seed);
    // Its corners are far from square (the turned card seen steeply) ...
    cv::Point2f a = q[1] - q[0], b = q[3] - q[0];
    double cos_corner = std::abs(a.dot(b)) / (cv::norm(a) * cv::norm(b));
    CHECK(cos_corner > std::sin(15 * CV_PI / 180));
    // ... it is foreshortened: its area well below a table card's ...
    CHECK(quad_area(q) < 0.7 * quad_area(s.corners[0]));
    // ... and it lies at the left or right edge, a part of it outside or at the frame.
    float lo = std::min({q[0].x, q[1].x, q[2].x, q[3].x}), hi = std::max({q[0].x, q[1].x, q[2].x, q[3].x});
    CHECK((lo < 0.1f * float(opt.width) || hi > 0.9f * float(opt.width)));
  }
}

TEST_CASE("scenes: one lamp's fall-off leaves a corner at the share of the light asked for") {
  SceneOptions opt = pale_desk(true);
  opt.cards = 1;
  opt.falloff = 0.3;
  cv::Mat g = grey(compose_scene(3, opt).image);
  std::vector<double> corners;
  for (cv::Point at : {cv::Point(0, 0), cv::Point(g.cols - 40, 0), cv::Point(0, g.rows - 40), cv::Point(g.cols - 40, g.rows - 40)})
    corners.push_back(cv::mean(g(cv::Rect(at, cv::Size(40, 40))))[0]);
  std::sort(corners.begin(), corners.end());
  CHECK(corners.front() < 0.55 * corners.back());
  // Without the option, the picture is lit as before (the gradient alone).
  opt.falloff = 1;
  cv::Mat even = grey(compose_scene(3, opt).image);
  CHECK(cv::mean(even)[0] > cv::mean(g)[0] + 20);
}

TEST_CASE("scenes: a table seen obliquely has its far cards smaller, and the corners follow the cards") {
  auto spread = [](const Scene& s) {  // largest over smallest card area
    std::vector<double> areas;
    for (const Quad& q : s.corners) areas.push_back(quad_area(q));
    return *std::max_element(areas.begin(), areas.end()) / *std::min_element(areas.begin(), areas.end());
  };
  for (std::uint32_t seed = 1; seed <= 4; ++seed) {
    SceneOptions opt;
    opt.max_tilt = 0;
    const Scene straight = compose_scene(seed, opt);
    opt.view_tilt = 45;
    const Scene oblique = compose_scene(seed, opt);
    REQUIRE(oblique.cards == straight.cards);
    CHECK(spread(straight) < 1.4);
    CHECK(spread(oblique) > 2);
    // Each card's quad still holds the card: paper, brighter than the band round it.
    const cv::Mat g = grey(oblique.image);
    for (const Quad& q : oblique.corners) {
      const cv::Mat inside = quad_mask(q, g.size());
      cv::Mat around;
      cv::dilate(inside, around, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(15, 15)));
      around &= ~inside;
      CHECK(cv::mean(g, inside)[0] > cv::mean(g, around)[0] + 20);
    }
  }
}

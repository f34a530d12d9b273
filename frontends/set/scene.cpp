#include "frontends/set/scene.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "frontends/image/image_file.h"
#include "frontends/set/card_renderer.h"
#include "frontends/set/scene_effects.h"

namespace puzzlesat::set_vision {
namespace {

using scene_detail::on_table;
using scene_detail::polygon_on_table;
using scene_detail::Rng;
using scene_detail::uniform;
constexpr double kPi = 3.14159265358979323846;
// Draws written as one call's arguments keep the order g++ evaluates them in (last
// argument first), which the tests were tuned on; new code draws one per statement.

void add_noise(Rng& rng, cv::Mat& img, double sigma) {
  cv::Mat noise(img.size(), CV_16SC3), wide;
  cv::setRNGSeed(int(rng() & 0x7fffffff));
  cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(sigma));
  img.convertTo(wide, CV_16SC3);
  wide += noise;
  wide.convertTo(img, CV_8UC3);
}

// The paper's grey level (kPaper's green): a pale desk's edge contrast is its distance below it.
constexpr double kPaperLevel = 248;

cv::Mat background(Rng& rng, cv::Size size, const SceneOptions& opt) {
  cv::Mat bg(size, CV_8UC3);
  int kind = opt.white_table ? 3 : opt.grey_table ? 4 : opt.mottled_table ? 5 : int(rng() % 3);
  if (kind == 5) {
    // Stone-like: blots a few symbol widths across, darker by up to a third, under a
    // fine grain; a warm or cool cast makes the dark blots faintly coloured, as on
    // granite or wood, which is what a lone "solid symbol" on the table is made of.
    cv::RNG texture(rng());
    const double blot = uniform(rng, 20, 45), level = uniform(rng, 160, 200), cast = uniform(rng, -10, 10);
    cv::Mat coarse(cv::Size(int(size.width / blot) + 2, int(size.height / blot) + 2), CV_32F), fine(size, CV_32F), t;
    texture.fill(coarse, cv::RNG::NORMAL, 0, 1);
    cv::resize(coarse, t, size, 0, 0, cv::INTER_CUBIC);
    texture.fill(fine, cv::RNG::NORMAL, 0, 1);
    cv::GaussianBlur(fine, fine, cv::Size(), 1.2);
    t = level + 20 * t + 22 * fine;
    cv::Mat channels[3] = {t - cast, t - 0.2 * cast, t + 0.8 * cast};
    cv::Mat merged;
    cv::merge(channels, 3, merged);
    merged.convertTo(bg, CV_8UC3);
  } else if (kind >= 3) {  // white desk: a few grey levels below the cards' paper; light grey: more
    double level = kind == 3 ? uniform(rng, 222, 236) : uniform(rng, 188, 212);
    double red = uniform(rng, -4, 4), blue = uniform(rng, -4, 4);
    if (opt.edge_contrast != 1) level = kPaperLevel - opt.edge_contrast * (kPaperLevel - level);
    bg.setTo(cv::Scalar(level + blue, level, level + red));
  } else if (kind == 0) {  // wood: brown planks with grain
    double r = uniform(rng, 100, 160), g = uniform(rng, 60, 110), b = uniform(rng, 30, 70);
    cv::Vec3d base(b, g, r);
    double freq = uniform(rng, 0.02, 0.06), phase = uniform(rng, 0, 6);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        double g = 0.85 + 0.15 * std::sin(freq * y + 3 * std::sin(0.004 * x + phase));
        bg.at<cv::Vec3b>(y, x) = cv::Vec3b(cv::saturate_cast<uchar>(base[0] * g), cv::saturate_cast<uchar>(base[1] * g),
                                           cv::saturate_cast<uchar>(base[2] * g));
      }
  } else if (kind == 1) {  // rug: two-colour check
    double ar = uniform(rng, 20, 90), ag = uniform(rng, 40, 120), ab = uniform(rng, 60, 160);
    cv::Scalar a(ab, ag, ar);
    double br = uniform(rng, 40, 110), bg_ = uniform(rng, 20, 60), bb = uniform(rng, 20, 60);
    cv::Scalar b(bb, bg_, br);
    int cell = int(uniform(rng, 20, 60));
    for (int y = 0; y < size.height; y += cell)
      for (int x = 0; x < size.width; x += cell)
        cv::rectangle(bg, cv::Rect(x, y, cell, cell), ((x / cell + y / cell) % 2) ? a : b, cv::FILLED);
  } else {  // dark cloth
    double r = uniform(rng, 15, 50), g = uniform(rng, 15, 50), b = uniform(rng, 15, 50);
    bg.setTo(cv::Scalar(b, g, r));
  }
  add_noise(rng, bg, 8);
  return bg;
}

void add_clutter(Rng& rng, cv::Mat& img) {
  int n = 2 + int(rng() % 3);
  for (int i = 0; i < n; ++i) {
    int cy = int(uniform(rng, 0, img.rows)), cx = int(uniform(rng, 0, img.cols));
    double r = uniform(rng, 0, 200), g = uniform(rng, 0, 200), b = uniform(rng, 0, 200);
    cv::Point c(cx, cy);
    cv::Scalar color(b, g, r);
    if (rng() % 2) {
      double angle = uniform(rng, 0, 180);
      int h = int(uniform(rng, 20, 90)), w = int(uniform(rng, 20, 90));
      cv::ellipse(img, c, cv::Size(w, h), angle, 0, 360, color, cv::FILLED, cv::LINE_AA);
    } else {
      int h = int(uniform(rng, 10, 40)), w = int(uniform(rng, 40, 200));
      cv::rectangle(img, cv::Rect(c, cv::Size(w, h)), color, cv::FILLED);
    }
  }
}

// A black box over the card's top-left corner, clear of the symbols (an app's label).
void draw_corner_label(cv::Mat& img, const cv::Mat& m, cv::Size card) {
  double cw = card.width, ch = card.height;
  cv::fillConvexPoly(img,
                     polygon_on_table(m, {{-0.03 * cw, -0.05 * ch}, {0.25 * cw, -0.05 * ch}, {0.25 * cw, 0.13 * ch},
                                          {-0.03 * cw, 0.13 * ch}}),
                     cv::Scalar(20, 20, 20), cv::LINE_AA);
}

// Something dark lying across one end of the card at a slant (a phone, a box, an app's
// label bar): the end is hidden entirely, the sides only in part, and the edge of the
// cover may clip the nearest symbol.
void draw_end_cover(Rng& rng, cv::Mat& img, const cv::Mat& m, cv::Size card) {
  double cw = card.width, ch = card.height;
  double e0 = uniform(rng, 0.04, 0.1) * cw, e1 = uniform(rng, 0.22, 0.3) * cw;  // 10-20 deg off square
  if (rng() % 2) std::swap(e0, e1);
  // Its edge runs from e0 on one long side to e1 on the other, and on a little.
  double top = e0 - 0.12 * (e1 - e0), bottom = e1 + 0.12 * (e1 - e0);
  cv::fillConvexPoly(img,
                     polygon_on_table(m, {{top, -0.12 * ch}, {bottom, 1.12 * ch}, {bottom - 0.3 * cw, 1.12 * ch},
                                          {top - 0.3 * cw, -0.12 * ch}}),
                     cv::Scalar(38, 36, 40), cv::LINE_AA);
}

// A pointed shadow from beyond a short edge, along the card, whose tip just reaches the
// last of its `symbols` at its widest (the renderer's layout): where the shadow narrows
// to a point, no estimate of the paper's white can follow it, and the tip reads as ink
// joined to the symbol.
void draw_pointed_shadow(Rng& rng, cv::Mat& img, const cv::Mat& m, cv::Size card, int symbols) {
  double cw = card.width, ch = card.height;
  double side = cw / 2 + (symbols - 1) / 2.0 * kSymbolPitch * kSymbolWidth * cw + 0.1 * cw;
  double tip_y = ch * uniform(rng, 0.47, 0.53), spread = uniform(rng, 0.08, 0.15) * ch;
  double depth = uniform(rng, 0.45, 0.6);
  const double blur = 1.5;
  const cv::Rect window =
      scene_detail::table_window(m, {side, tip_y - spread, 1.25 * cw - side, 2 * spread}, img.size(), 2 + scene_detail::blur_reach(blur));
  if (window.empty()) return;
  cv::Mat shade = cv::Mat::zeros(window.size(), CV_32F);
  cv::fillConvexPoly(shade,
                     polygon_on_table(m, {{side, tip_y}, {1.25 * cw, tip_y - spread}, {1.25 * cw, tip_y + spread}}, window.tl()),
                     cv::Scalar(depth), cv::LINE_AA);
  cv::GaussianBlur(shade, shade, cv::Size(), blur);
  cv::Mat part = img(window);
  scene_detail::apply_shade(part, shade);
}

// Lays the rendered card `r` on `img` by the affine map `m`, alpha-blended so that the
// rounded corners stay smooth; `softness` blurs its outline.
void place_card(cv::Mat& img, const RenderedCard& r, const cv::Mat& m, double softness) {
  // Only the window round the card changes; it holds the blurred outline's reach.
  const cv::Rect window =
      scene_detail::table_window(m, {0, 0, double(r.image.cols), double(r.image.rows)}, img.size(),
                                 2 + (softness > 0 ? scene_detail::blur_reach(softness) : 0));
  if (window.empty()) return;
  cv::Mat to_window = m.clone();
  to_window.at<double>(0, 2) -= window.x;
  to_window.at<double>(1, 2) -= window.y;
  cv::Mat warped, alpha;
  // A blurred outline reaches outside the card: the card's own edge colour must be there,
  // not black.
  cv::warpAffine(r.image, warped, to_window, window.size(), cv::INTER_LINEAR, softness > 0 ? cv::BORDER_REPLICATE : cv::BORDER_CONSTANT);
  cv::warpAffine(r.mask, alpha, to_window, window.size(), cv::INTER_LINEAR);
  if (softness > 0) cv::GaussianBlur(alpha, alpha, cv::Size(), softness);
  cv::Mat a3, af, wf, imf;
  cv::cvtColor(alpha, a3, cv::COLOR_GRAY2BGR);
  a3.convertTo(af, CV_32FC3, 1 / 255.0);
  warped.convertTo(wf, CV_32FC3);
  cv::Mat part = img(window);
  part.convertTo(imf, CV_32FC3);
  cv::Mat blended = wf.mul(af) + imf.mul(cv::Scalar::all(1) - af);
  blended.convertTo(part, CV_8UC3);
}

// The map that turns a `card`-sized image by `angle` degrees about its centre and puts
// that centre at `centre`.
cv::Mat card_map(cv::Size card, double angle, cv::Point2d centre) {
  cv::Mat m = cv::getRotationMatrix2D(cv::Point2f(card.width / 2.0f, card.height / 2.0f), angle, 1.0);
  m.at<double>(0, 2) += centre.x - card.width / 2.0;
  m.at<double>(1, 2) += centre.y - card.height / 2.0;
  return m;
}

Quad card_quad(const cv::Mat& m, cv::Size card) {
  Quad q;
  cv::Point2d local[4] = {{0, 0}, {double(card.width), 0}, {double(card.width), double(card.height)}, {0, double(card.height)}};
  for (int k = 0; k < 4; ++k) q[k] = cv::Point2f(on_table(m, local[k]));
  return q;
}

// The deck's print as the scene draws it: edge_contrast also pales the cut edge.
CardStyle scene_print(const SceneOptions& opt) {
  CardStyle print = opt.print;
  if (opt.edge_contrast != 1) print.edge_darkness *= opt.edge_contrast;
  return print;
}

// What lies over each card once it is on the table, in this order.
void cover_card(Rng& rng, cv::Mat& img, const cv::Mat& m, cv::Size card_size, set::Card card, const SceneOptions& opt) {
  if (opt.labels) draw_corner_label(img, m, card_size);
  if (opt.end_covers) draw_end_cover(rng, img, m, card_size);
  if (opt.wedges) draw_pointed_shadow(rng, img, m, card_size, card.number + 1);
  if (opt.card_shadows) scene_detail::draw_card_shadow(rng, img, m, card_size);
}

// A face-up stack beside the grid: the cards lie almost square on each other, so that
// below the top card only slivers of paper and cut edges show (no symbol).
void draw_pile(Rng& rng, cv::Mat& img, Scene& scene, const std::vector<int>& deck, int first, double length, bool portrait,
               cv::Point2d centre, const SceneOptions& opt) {
  int n = 4 + int(rng() % 6);
  n = std::min(n, 81 - first);
  for (int k = 0; k < n; ++k) {
    set::Card card = set::card_at(deck[first + k]);
    RenderedCard r = render_card(card, int(length), scene_print(opt));
    double angle = (portrait ? 90 : 0) + uniform(rng, -3, 3);
    double dx = uniform(rng, -0.02, 0.02) * length;
    double dy = uniform(rng, -0.02, 0.02) * length;
    cv::Mat m = card_map(r.image.size(), angle, centre + cv::Point2d(dx, dy));
    place_card(img, r, m, opt.edge_softness);
    if (k == n - 1) {
      cover_card(rng, img, m, r.image.size(), card, opt);
      scene.cards.push_back(card);
      scene.corners.push_back(card_quad(m, r.image.size()));
    }
  }
}

// The pile of draw_pile seen steeply from across the table (SceneOptions::steep_pile):
// each card turned in the table's plane and then foreshortened up the picture, which
// shears its rectangle into a parallelogram and thins every printed line across the
// view; the cards below the top one show only as a band of grey cut edges beneath it.
// It lies at the left or right edge of the frame, which cuts off a little of it.
void draw_steep_pile(Rng& rng, cv::Mat& img, Scene& scene, const std::vector<int>& deck, int first, double length,
                     bool left, const SceneOptions& opt) {
  int n = 4 + int(rng() % 6);
  n = std::min(n, 81 - first);
  const set::Card card = set::card_at(deck[first + n - 1]);
  RenderedCard r = render_card(card, int(length), scene_print(opt));
  const double turn = uniform(rng, 30, 55) * (rng() % 2 ? 1 : -1) * kPi / 180;
  const double squash = uniform(rng, 0.35, 0.55);
  // Turned about the card's centre, then squashed vertically: the linear part, and the
  // half-width of the bounding box it gives the card.
  const double a = std::cos(turn), b = -std::sin(turn), c = squash * std::sin(turn), d = squash * std::cos(turn);
  const double hw = (std::abs(a) * r.image.cols + std::abs(b) * r.image.rows) / 2;
  const double hh = (std::abs(c) * r.image.cols + std::abs(d) * r.image.rows) / 2;
  const double outside = uniform(rng, 0.05, 0.2) * 2 * hw;
  const double x = left ? hw - outside : img.cols - hw + outside;
  const double y = uniform(rng, 0.08 * img.rows + hh, 0.5 * img.rows);
  const double thickness = uniform(rng, 0.006, 0.012) * length;  // one card's edge, seen from the side
  auto map_at = [&](double dy) {
    cv::Mat m = (cv::Mat_<double>(2, 3) << a, b, 0, c, d, 0);
    m.at<double>(0, 2) = x - (a * r.image.cols + b * r.image.rows) / 2;
    m.at<double>(1, 2) = y + dy - (c * r.image.cols + d * r.image.rows) / 2;
    return m;
  };
  for (int k = n - 1; k >= 1; --k) {  // the lower cards' cut edges, from the bottom up
    const double grey = uniform(rng, 105, 165);
    RenderedCard edge{cv::Mat(r.image.size(), CV_8UC3, cv::Scalar(grey, grey, grey + 4)), r.mask};
    place_card(img, edge, map_at(k * thickness), opt.edge_softness);
  }
  const cv::Mat m = map_at(0);
  place_card(img, r, m, opt.edge_softness);
  cover_card(rng, img, m, r.image.size(), card, opt);
  scene.cards.push_back(card);
  scene.corners.push_back(card_quad(m, r.image.size()));
}

// Light, camera and file: an optional cast shadow, a gradient across the picture and a
// colour cast (with the options' exposure and tint), then blur, noise and JPEG.
cv::Mat light_and_camera(Rng& rng, cv::Mat img, const SceneOptions& opt) {
  cv::Mat f;
  img.convertTo(f, CV_32FC3);
  if (opt.shadow) {  // an object's shadow: one side of a line through the middle, soft edge
    double angle = uniform(rng, 0, kPi), depth = uniform(rng, 0.45, 0.6), edge = uniform(rng, 2, 6);
    double cy = uniform(rng, 0.35, 0.65), cx = uniform(rng, 0.35, 0.65);
    cv::Point2d c(img.cols * cx, img.rows * cy);
    cv::Point2d n(std::cos(angle), std::sin(angle));
    for (int y = 0; y < f.rows; ++y)
      for (int x = 0; x < f.cols; ++x) {
        double d = (x - c.x) * n.x + (y - c.y) * n.y;
        f.at<cv::Vec3f>(y, x) *= float(1 - depth / (1 + std::exp(-d / edge)));
      }
  }
  double gx = uniform(rng, -0.25, 0.25), gy = uniform(rng, -0.25, 0.25);
  double cast_r = uniform(rng, 0.85, 1.1), cast_g = uniform(rng, 0.9, 1.05), cast_b = uniform(rng, 0.85, 1.1);
  const cv::Vec3f cast{float(cast_b), float(cast_g), float(cast_r)};
  for (int y = 0; y < f.rows; ++y)
    for (int x = 0; x < f.cols; ++x) {
      float g = float(1 + gx * (double(x) / f.cols - 0.5) + gy * (double(y) / f.rows - 0.5));
      cv::Vec3f& p = f.at<cv::Vec3f>(y, x);
      for (int c = 0; c < 3; ++c) p[c] *= g * cast[c];
    }
  if (opt.falloff < 1) scene_detail::apply_falloff(rng, f, opt.falloff);
  const bool dim = opt.exposure != 1 || opt.tint != cv::Scalar(1, 1, 1);
  if (dim) scene_detail::apply_light(f, opt.exposure, opt.tint);
  f.convertTo(img, CV_8UC3);
  double sigma = uniform(rng, 0.3, 1.2);
  if (opt.defocus > 0) sigma = std::hypot(sigma, opt.defocus);  // blurs add in quadrature
  cv::GaussianBlur(img, img, cv::Size(), sigma);
  // A dim picture is a high-ISO picture: the sensor's noise grows as the light falls.
  double noise = uniform(rng, 1, 5);
  if (opt.exposure < 1) noise /= std::sqrt(std::max(opt.exposure, 0.05));
  add_noise(rng, img, noise);
  return image::decode_image(image::encode_jpeg(img, int(uniform(rng, 70, 95))));
}

// One card alone in the picture (Framing::closeup or tight_crop).
Scene compose_single(Rng& rng, const SceneOptions& opt) {
  const bool tight = opt.framing == Framing::tight_crop;
  const set::Card card = set::card_at(int(rng() % 81));
  // A close-up holds the card along the frame's long side; a crop follows the card.
  const bool portrait = tight ? bool(rng() % 2) : opt.height > opt.width;
  const double tilt = uniform(rng, -1, 1) * (tight ? std::min(3.0, opt.max_tilt) : opt.max_tilt);
  const double angle = (portrait ? 90 : 0) + tilt, rad = angle * kPi / 180;
  // The turned card's bounding box, per pixel of card length.
  const double bw = std::abs(std::cos(rad)) + std::abs(std::sin(rad)) / kPrintedAspect;
  const double bh = std::abs(std::sin(rad)) + std::abs(std::cos(rad)) / kPrintedAspect;
  const double long_side = std::max(opt.width, opt.height);
  cv::Size size(opt.width, opt.height);
  double length;
  cv::Point2d centre;
  if (tight) {
    double left = uniform(rng, 0, 0.2), right = uniform(rng, 0, 0.2);
    double top = uniform(rng, 0, 0.2), bottom = uniform(rng, 0, 0.2);
    double fw = bw * (1 + left + right), fh = bh * (1 + top + bottom);
    length = long_side / std::max(fw, fh);
    size = cv::Size(int(std::lround(fw * length)), int(std::lround(fh * length)));
    centre = {(left + 0.5) * bw * length, (top + 0.5) * bh * length};
  } else {
    double fill = uniform(rng, 0.85, 1.1);
    length = fill * long_side;
    double dx = uniform(rng, -0.06, 0.06), dy = uniform(rng, -0.06, 0.06);
    centre = {opt.width * (0.5 + dx), opt.height * (0.5 + dy)};
  }
  cv::Mat img = background(rng, size, opt);
  RenderedCard r = render_card(card, int(std::lround(length)), scene_print(opt));
  cv::Mat m = card_map(r.image.size(), angle, centre);
  place_card(img, r, m, opt.edge_softness);
  cover_card(rng, img, m, r.image.size(), card, opt);
  Scene scene;
  scene.cards.push_back(card);
  scene.corners.push_back(card_quad(m, r.image.size()));
  if (opt.glare) scene_detail::add_glare(rng, img, scene.corners[0]);
  scene.image = light_and_camera(rng, img, opt);
  return scene;
}

// The picture mapped by the homography `h` onto a freshly drawn desk (which shows where
// the warp pulls the picture in), the cards' corners with it.
void warp_onto_desk(Rng& rng, cv::Mat& img, Scene& scene, const cv::Mat& h, const SceneOptions& opt) {
  cv::Mat table = background(rng, img.size(), opt);
  cv::warpPerspective(img, table, h, img.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
  img = table;
  for (auto& q : scene.corners) {
    std::vector<cv::Point2f> in(q.begin(), q.end()), out;
    cv::perspectiveTransform(in, out, h);
    std::copy(out.begin(), out.end(), q.begin());
  }
}

// The table as a camera turned `view_tilt` degrees from straight down sees it. The drawn
// table is a plane seen from above; a camera at the distance of its focal length (the
// frame's width: a phone's 53-degree view) looking at the plane's centre from that angle
// maps it by K [r1 r2 t] (the first two columns of the turn, t the distance along the
// axis). The picture is then scaled to fit the frame, the desk drawn again round it: the
// near cards keep about their size, the far ones shrink and flatten.
void view_obliquely(Rng& rng, cv::Mat& img, Scene& scene, const SceneOptions& opt) {
  // A positive turn about x takes the bottom edge away from the camera; the far side is
  // mostly the top (a negative turn).
  const double turn = uniform(rng, 0, 1) < 0.75 ? -1 : 1;
  const double sideways = uniform(rng, -1, 1) / 6;
  const double ax = turn * opt.view_tilt * kPi / 180, ay = sideways * opt.view_tilt * kPi / 180;
  const double f = img.cols, cx = 0.5 * img.cols, cy = 0.5 * img.rows;
  const cv::Matx33d rx(1, 0, 0, 0, std::cos(ax), -std::sin(ax), 0, std::sin(ax), std::cos(ax));
  const cv::Matx33d ry(std::cos(ay), 0, std::sin(ay), 0, 1, 0, -std::sin(ay), 0, std::cos(ay));
  const cv::Matx33d r = ry * rx;
  // Plane point (u, v) -> camera (r1 * (u - cx) + r2 * (v - cy) + (0, 0, f)) -> f * (x/z, y/z).
  const cv::Matx33d plane(r(0, 0), r(0, 1), 0, r(1, 0), r(1, 1), 0, r(2, 0), r(2, 1), f);
  const cv::Matx33d view = cv::Matx33d(f, 0, 0, 0, f, 0, 0, 0, 1) * plane *
                           cv::Matx33d(1, 0, -cx, 0, 1, -cy, 0, 0, 1);
  std::vector<cv::Point2f> frame{{0, 0}, {float(img.cols), 0}, {float(img.cols), float(img.rows)},
                                 {0, float(img.rows)}},
      seen;
  cv::perspectiveTransform(frame, seen, cv::Mat(view));
  const cv::Rect2f box = cv::boundingRect(seen);
  const double s = std::min(img.cols / box.width, img.rows / box.height);
  const double tx = 0.5 * (img.cols - s * box.width) - s * box.x, ty = 0.5 * (img.rows - s * box.height) - s * box.y;
  warp_onto_desk(rng, img, scene, cv::Mat(cv::Matx33d(s, 0, tx, 0, s, ty, 0, 0, 1) * view), opt);
}

// The scene as drawn, at full size.
Scene compose_drawn(std::uint32_t seed, const SceneOptions& opt) {
  Rng rng(seed);
  if (opt.framing != Framing::table) return compose_single(rng, opt);
  Scene scene;
  cv::Size size(opt.width, opt.height);
  cv::Mat img = background(rng, size, opt);
  if (opt.clutter) add_clutter(rng, img);

  std::vector<int> deck(81);
  std::iota(deck.begin(), deck.end(), 0);
  std::shuffle(deck.begin(), deck.end(), rng);
  int count = std::clamp(opt.cards, 1, 81);

  // A grid of cells, one card per cell; portrait or landscape for the whole table. A
  // draw pile takes one more column, at the left or the right edge.
  const int cells = count + (opt.grey_marks ? 4 : 0);
  int cols = int(std::ceil(std::sqrt(cells * 4.0 / 3))), rows = (cells + cols - 1) / cols;
  bool portrait = rng() % 2;
  const bool pile_left = opt.draw_pile && rng() % 2;
  double cell_w = 0.9 * opt.width / (cols + (opt.draw_pile ? 1 : 0)), cell_h = 0.9 * opt.height / rows;
  double length = std::min(portrait ? cell_h : cell_w, (portrait ? cell_w : cell_h) * kPrintedAspect) * 0.8;
  const double grid_x = 0.05 * opt.width + (pile_left ? cell_w : 0);

  double first_angle = 0;
  cv::Point2d first_centre;
  for (int i = 0; i < count; ++i) {
    set::Card card = set::card_at(deck[i]);
    RenderedCard r = render_card(card, int(length), scene_print(opt));
    double angle = (portrait ? 90 : 0) + uniform(rng, -opt.max_tilt, opt.max_tilt);
    cv::Point2d centre;
    if (opt.touching && i == 1) {  // edge to edge with the first card, same rotation
      angle = first_angle;
      double rad = angle * kPi / 180, step = portrait ? r.image.rows : r.image.cols;
      // The card's own x axis maps to (cos, -sin) and its y axis to (sin, cos).
      cv::Point2d dir = portrait ? cv::Point2d(std::sin(rad), std::cos(rad)) : cv::Point2d(std::cos(rad), -std::sin(rad));
      centre = first_centre + dir * step;
    } else {
      centre = {grid_x + cell_w * (i % cols + 0.5) + uniform(rng, -0.05, 0.05) * cell_w,
                0.05 * opt.height + cell_h * (i / cols + 0.5) + uniform(rng, -0.05, 0.05) * cell_h};
    }
    if (i == 0) {
      first_angle = angle;
      first_centre = centre;
    }
    cv::Mat m = card_map(r.image.size(), angle, centre);
    place_card(img, r, m, opt.edge_softness);
    cover_card(rng, img, m, r.image.size(), card, opt);
    scene.cards.push_back(card);
    scene.corners.push_back(card_quad(m, r.image.size()));
  }
  if (opt.grey_marks) {
    auto cell_centre = [&](int i) {
      return cv::Point2d(grid_x + cell_w * (i % cols + 0.5), 0.05 * opt.height + cell_h * (i / cols + 0.5));
    };
    for (int i = count; i < count + 3; ++i) {
      CardStyle grey = scene_print(opt);
      grey.ink_saturation = 0;
      grey.ink_lightness = uniform(rng, -0.8, 0.2);
      grey.ink_hue = 0;
      const set::Card card = set::card_at(int(rng() % 81));
      RenderedCard r = render_card(card, int(length), grey);
      const double angle = (portrait ? 90 : 0) + uniform(rng, -opt.max_tilt, opt.max_tilt);
      place_card(img, r, card_map(r.image.size(), angle, cell_centre(i)), opt.edge_softness);
    }
    scene_detail::draw_pen_symbols(rng, img, cell_centre(count + 3), length, portrait);
  }
  if (opt.draw_pile) {
    double x = pile_left ? 0.05 * opt.width + 0.5 * cell_w : 0.05 * opt.width + (cols + 0.5) * cell_w;
    double y = uniform(rng, 0.05 * opt.height + 0.5 * cell_h, 0.95 * opt.height - 0.5 * cell_h);
    if (opt.steep_pile) draw_steep_pile(rng, img, scene, deck, count, length, pile_left, opt);
    else draw_pile(rng, img, scene, deck, count, length, portrait, {x, y}, opt);
  }

  // Perspective: move the image corners inwards by random amounts.
  double d = opt.perspective;
  cv::Point2f src[4] = {{0, 0}, {float(opt.width), 0}, {float(opt.width), float(opt.height)}, {0, float(opt.height)}};
  cv::Point2f dst[4];
  for (int k = 0; k < 4; ++k) {
    // One draw a statement: the order of a call's arguments is unspecified, and g++ and
    // clang differ; this is the order g++ drew, so its scenes stay as they were.
    const double dy = uniform(rng, 0, d), dx = uniform(rng, 0, d);
    dst[k] = src[k] + cv::Point2f(float((k == 1 || k == 2 ? -1 : 1) * dx * opt.width),
                                  float((k >= 2 ? -1 : 1) * dy * opt.height));
  }
  warp_onto_desk(rng, img, scene, cv::getPerspectiveTransform(src, dst), opt);
  if (opt.view_tilt > 0) view_obliquely(rng, img, scene, opt);
  if (opt.glare) {
    const size_t which = rng() % scene.corners.size();
    scene_detail::add_glare(rng, img, scene.corners[which]);
  }
  scene.image = light_and_camera(rng, img, opt);
  return scene;
}

}  // namespace

Scene compose_scene(std::uint32_t seed, const SceneOptions& opt) {
  Scene scene = compose_drawn(seed, opt);
  if (opt.scale < 1) {
    const double s = std::max(opt.scale, 0.01);
    cv::Mat small;
    cv::resize(scene.image, small, cv::Size(), s, s, cv::INTER_AREA);
    // Corners in the shrunk photo: pixel centres map by (p + 0.5) * s' - 0.5, with s' the
    // size actually reached.
    const double sx = double(small.cols) / scene.image.cols, sy = double(small.rows) / scene.image.rows;
    for (auto& q : scene.corners)
      for (auto& p : q) p = {float((p.x + 0.5) * sx - 0.5), float((p.y + 0.5) * sy - 0.5)};
    scene.image = small;
  }
  return scene;
}

}  // namespace puzzlesat::set_vision

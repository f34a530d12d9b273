#include "frontends/set/scene.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numeric>
#include <random>
#include <vector>

#include "frontends/image/image_file.h"
#include "frontends/set/card_renderer.h"

namespace puzzlesat::set_vision {
namespace {

using Rng = std::mt19937;
constexpr double kPi = 3.14159265358979323846;

// Every draw is its own statement: the order in which a call's arguments are evaluated is
// unspecified (g++ and clang differ), and a seed must draw the same scene whatever the
// compiler. The order kept (last argument first) is g++'s, which the tests were tuned on.
double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

void add_noise(Rng& rng, cv::Mat& img, double sigma) {
  cv::Mat noise(img.size(), CV_16SC3), wide;
  cv::setRNGSeed(int(rng() & 0x7fffffff));
  cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(sigma));
  img.convertTo(wide, CV_16SC3);
  wide += noise;
  wide.convertTo(img, CV_8UC3);
}

cv::Mat background(Rng& rng, cv::Size size, bool white) {
  cv::Mat bg(size, CV_8UC3);
  int kind = white ? 3 : int(rng() % 3);
  if (kind == 3) {  // white desk: a few grey levels below the cards' paper
    double level = uniform(rng, 222, 236);
    double red = uniform(rng, -4, 4), blue = uniform(rng, -4, 4);
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

// A point in a card's own pixels, placed on the table by the card's affine map `m`.
cv::Point2d on_table(const cv::Mat& m, cv::Point2d p) {
  return {m.at<double>(0, 0) * p.x + m.at<double>(0, 1) * p.y + m.at<double>(0, 2),
          m.at<double>(1, 0) * p.x + m.at<double>(1, 1) * p.y + m.at<double>(1, 2)};
}

// A polygon given in a card's own pixels, as integer table pixels for fillConvexPoly.
std::vector<cv::Point> polygon_on_table(const cv::Mat& m, std::initializer_list<cv::Point2d> local) {
  std::vector<cv::Point> out;
  for (cv::Point2d p : local) {
    cv::Point2d t = on_table(m, p);
    out.push_back(cv::Point(int(std::lround(t.x)), int(std::lround(t.y))));
  }
  return out;
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
  cv::Mat shade = cv::Mat::zeros(img.size(), CV_32F);
  cv::fillConvexPoly(shade, polygon_on_table(m, {{side, tip_y}, {1.25 * cw, tip_y - spread}, {1.25 * cw, tip_y + spread}}),
                     cv::Scalar(depth), cv::LINE_AA);
  cv::GaussianBlur(shade, shade, cv::Size(), 1.5);
  cv::Mat lit, f3;
  cv::cvtColor(1 - shade, lit, cv::COLOR_GRAY2BGR);
  img.convertTo(f3, CV_32FC3);
  f3 = f3.mul(lit);
  f3.convertTo(img, CV_8UC3);
}

}  // namespace

Scene compose_scene(std::uint32_t seed, const SceneOptions& opt) {
  Rng rng(seed);
  Scene scene;
  cv::Size size(opt.width, opt.height);
  cv::Mat img = background(rng, size, opt.white_table);
  if (opt.clutter) add_clutter(rng, img);

  std::vector<int> deck(81);
  std::iota(deck.begin(), deck.end(), 0);
  std::shuffle(deck.begin(), deck.end(), rng);
  int count = std::clamp(opt.cards, 1, 81);

  // A grid of cells, one card per cell; portrait or landscape for the whole table.
  int cols = int(std::ceil(std::sqrt(count * 4.0 / 3))), rows = (count + cols - 1) / cols;
  bool portrait = rng() % 2;
  double cell_w = 0.9 * opt.width / cols, cell_h = 0.9 * opt.height / rows;
  double length = std::min(portrait ? cell_h : cell_w, (portrait ? cell_w : cell_h) * kPrintedAspect) * 0.8;

  double first_angle = 0;
  cv::Point2d first_centre;
  for (int i = 0; i < count; ++i) {
    set::Card card = set::card_at(deck[i]);
    RenderedCard r = render_card(card, int(length));
    double angle = (portrait ? 90 : 0) + uniform(rng, -opt.max_tilt, opt.max_tilt);
    cv::Point2d centre;
    if (opt.touching && i == 1) {  // edge to edge with the first card, same rotation
      angle = first_angle;
      double rad = angle * kPi / 180, step = portrait ? r.image.rows : r.image.cols;
      // The card's own x axis maps to (cos, -sin) and its y axis to (sin, cos).
      cv::Point2d dir = portrait ? cv::Point2d(std::sin(rad), std::cos(rad)) : cv::Point2d(std::cos(rad), -std::sin(rad));
      centre = first_centre + dir * step;
    } else {
      centre = {0.05 * opt.width + cell_w * (i % cols + 0.5) + uniform(rng, -0.05, 0.05) * cell_w,
                0.05 * opt.height + cell_h * (i / cols + 0.5) + uniform(rng, -0.05, 0.05) * cell_h};
    }
    if (i == 0) {
      first_angle = angle;
      first_centre = centre;
    }
    cv::Mat m = cv::getRotationMatrix2D(cv::Point2f(r.image.cols / 2.0f, r.image.rows / 2.0f), angle, 1.0);
    m.at<double>(0, 2) += centre.x - r.image.cols / 2.0;
    m.at<double>(1, 2) += centre.y - r.image.rows / 2.0;
    cv::Mat warped, alpha;
    cv::warpAffine(r.image, warped, m, size, cv::INTER_LINEAR);
    cv::warpAffine(r.mask, alpha, m, size, cv::INTER_LINEAR);
    // Alpha blend so the rounded corners stay smooth.
    cv::Mat a3, af, wf, imf;
    cv::cvtColor(alpha, a3, cv::COLOR_GRAY2BGR);
    a3.convertTo(af, CV_32FC3, 1 / 255.0);
    warped.convertTo(wf, CV_32FC3);
    img.convertTo(imf, CV_32FC3);
    cv::Mat blended = wf.mul(af) + imf.mul(cv::Scalar::all(1) - af);
    blended.convertTo(img, CV_8UC3);
    if (opt.labels) draw_corner_label(img, m, r.image.size());
    if (opt.end_covers) draw_end_cover(rng, img, m, r.image.size());
    if (opt.wedges) draw_pointed_shadow(rng, img, m, r.image.size(), card.number + 1);

    Quad q;
    cv::Point2d local[4] = {{0, 0}, {double(r.image.cols), 0}, {double(r.image.cols), double(r.image.rows)}, {0, double(r.image.rows)}};
    for (int k = 0; k < 4; ++k) q[k] = cv::Point2f(on_table(m, local[k]));
    scene.cards.push_back(card);
    scene.corners.push_back(q);
  }

  // Perspective: move the image corners inwards by random amounts.
  double d = opt.perspective;
  cv::Point2f src[4] = {{0, 0}, {float(opt.width), 0}, {float(opt.width), float(opt.height)}, {0, float(opt.height)}};
  cv::Point2f dst[4];
  for (int k = 0; k < 4; ++k)
    dst[k] = src[k] + cv::Point2f(float((k == 1 || k == 2 ? -1 : 1) * uniform(rng, 0, d) * opt.width),
                                  float((k >= 2 ? -1 : 1) * uniform(rng, 0, d) * opt.height));
  cv::Mat h = cv::getPerspectiveTransform(src, dst);
  cv::Mat table = background(rng, size, opt.white_table);  // shows where the warp pulls the image in
  cv::warpPerspective(img, table, h, size, cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
  img = table;
  for (auto& q : scene.corners) {
    std::vector<cv::Point2f> in(q.begin(), q.end()), out;
    cv::perspectiveTransform(in, out, h);
    std::copy(out.begin(), out.end(), q.begin());
  }

  // Light: a gradient across the table and a colour cast, then blur, noise and JPEG.
  cv::Mat f;
  img.convertTo(f, CV_32FC3);
  if (opt.shadow) {  // an object's shadow: one side of a line through the middle, soft edge
    double angle = uniform(rng, 0, kPi), depth = uniform(rng, 0.45, 0.6), edge = uniform(rng, 2, 6);
    double cy = uniform(rng, 0.35, 0.65), cx = uniform(rng, 0.35, 0.65);
    cv::Point2d c(opt.width * cx, opt.height * cy);
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
  f.convertTo(img, CV_8UC3);
  double sigma = uniform(rng, 0.3, 1.2);
  cv::GaussianBlur(img, img, cv::Size(), sigma);
  add_noise(rng, img, uniform(rng, 1, 5));
  scene.image = image::decode_image(image::encode_jpeg(img, int(uniform(rng, 70, 95))));
  return scene;
}

}  // namespace puzzlesat::set_vision

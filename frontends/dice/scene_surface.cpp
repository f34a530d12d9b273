#include "frontends/dice/scene_surface.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace puzzlesat::dice_vision {

namespace {

void add_noise(cv::Mat& image, double sigma, double blur, cv::RNG& rng) {
  cv::Mat n(image.size(), CV_32F);
  rng.fill(n, cv::RNG::NORMAL, 0, sigma);
  if (blur > 0) cv::GaussianBlur(n, n, {0, 0}, blur);
  cv::Mat n3;
  cv::merge(std::vector<cv::Mat>{n, n, n}, n3);
  image += n3;
}

void add_field(cv::Mat& image, int cells, double amplitude, cv::RNG& rng) {
  cv::Mat f = smooth_field(image.size(), cells, rng);
  f = (f - 0.5) * amplitude;
  cv::Mat f3;
  cv::merge(std::vector<cv::Mat>{f, f, f}, f3);
  image += f3;
}

cv::Scalar jitter(cv::Scalar c, double by, cv::RNG& rng) {
  for (int i = 0; i < 3; ++i) c[i] = std::clamp(c[i] + rng.uniform(-by, by), 0.0, 255.0);
  return c;
}

// Printed paper: lines of small text, coloured boxes and dots (dots look like pips).
void draw_print(cv::Mat& image, cv::RNG& rng) {
  const int w = image.cols, h = image.rows;
  const double text_px = std::max(6.0, std::min(w, h) * rng.uniform(0.015, 0.04));
  const double scale = text_px / 22.0;
  const int lines = rng.uniform(3, 14);
  for (int i = 0; i < lines; ++i) {
    std::string s;
    const int len = rng.uniform(8, 40);
    for (int k = 0; k < len; ++k) s += rng.uniform(0, 6) == 0 ? ' ' : char('a' + rng.uniform(0, 26));
    const cv::Scalar ink = rng.uniform(0, 3) == 0 ? jitter({60, 60, 160}, 50, rng) : jitter({40, 40, 40}, 25, rng);
    cv::putText(image, s, {rng.uniform(-w / 4, w), rng.uniform(0, h)}, cv::FONT_HERSHEY_SIMPLEX, scale, ink,
                std::max(1, cvRound(scale * 1.5)), cv::LINE_AA);
  }
  const int shapes = rng.uniform(0, 8);
  for (int i = 0; i < shapes; ++i) {
    const cv::Scalar c = jitter({128, 128, 128}, 127, rng);
    const int y = rng.uniform(0, h);  // one draw a statement: argument order is unspecified
    const int x = rng.uniform(0, w);
    const cv::Point p(x, y);
    const int r = std::max(2, cvRound(std::min(w, h) * rng.uniform(0.01, 0.15)));
    if (rng.uniform(0, 2))
      cv::circle(image, p, r, c, cv::FILLED, cv::LINE_AA);
    else
      cv::rectangle(image, p, p + cv::Point(r * 2, r), c, cv::FILLED, cv::LINE_AA);
  }
}

// A tray: a floor inset in the frame, walls that catch the light on one side, and beyond
// them the box's printed rim or the table.
void draw_tray(cv::Mat& image, const Scene& scene, cv::RNG& rng) {
  const int w = image.cols, h = image.rows;
  const cv::Scalar outside = rng.uniform(0, 2) ? jitter({235, 235, 235}, 15, rng) : jitter({50, 45, 45}, 30, rng);
  cv::Mat floor = image.clone();
  image.setTo(outside);
  if (outside[0] < 128) draw_print(image, rng);
  const int mx = cvRound(w * rng.uniform(-0.05, 0.12)), my = cvRound(h * rng.uniform(-0.05, 0.12));
  const int wall = std::max(3, cvRound(std::min(w, h) * rng.uniform(0.01, 0.05)));
  const cv::Rect inner(mx + wall, my + wall, w - 2 * (mx + wall), h - 2 * (my + wall));
  const cv::Rect outer(mx, my, w - 2 * mx, h - 2 * my);
  const cv::Scalar wall_colour = jitter(scene.table * 0.8, 20, rng);
  cv::rectangle(image, outer, wall_colour, cv::FILLED);
  // The lit and shaded walls: top/left lighter, bottom/right darker (or the other way).
  const double lit = rng.uniform(0, 2) ? 1.15 : 0.75;
  cv::rectangle(image, cv::Rect(outer.x, outer.y, outer.width, wall), wall_colour * lit, cv::FILLED);
  cv::rectangle(image, cv::Rect(outer.x, outer.y, wall, outer.height), wall_colour * lit, cv::FILLED);
  const cv::Rect in = inner & cv::Rect(0, 0, w, h);
  if (in.area() > 0) floor(in).copyTo(image(in));
}

// A checked cloth: squares of the table colour and a darker one, or gingham (stripes both
// ways, where they cross darker still), at a slight angle.
void draw_check(cv::Mat& image, const Scene& scene, cv::RNG& rng) {
  const double die = scene.dice.empty() ? 40.0 : scene.dice[0].side;
  const double pitch = std::max(3.0, die * rng.uniform(0.25, 1.0));
  const double a = rng.uniform(-0.3, 0.3), ca = std::cos(a), sa = std::sin(a);
  const bool gingham = rng.uniform(0, 2);
  const cv::Vec3f dark = cv::Vec3f(float(scene.table[0]), float(scene.table[1]), float(scene.table[2])) *
                         float(rng.uniform(0.3, 0.7));
  for (int y = 0; y < image.rows; ++y) {
    auto* row = image.ptr<cv::Vec3f>(y);
    for (int x = 0; x < image.cols; ++x) {
      const bool u = int(std::floor((x * ca + y * sa) / pitch)) % 2 != 0;
      const bool v = int(std::floor((y * ca - x * sa) / pitch)) % 2 != 0;
      const float mix = gingham ? 0.5f * float(u) + 0.5f * float(v) : float(u != v);
      row[x] = row[x] * (1 - mix) + dark * mix;
    }
  }
}

// One symbol of a card, `w` across and `h` along the axis `u` (v across it).
void draw_card_symbol(cv::Mat& image, cv::Point2f c, cv::Point2f u, cv::Point2f v, float w, float h, int shape,
                      int shading, const cv::Scalar& ink, cv::RNG& rng) {
  std::vector<cv::Point> pts;
  const int n = 48;
  for (int i = 0; i < n; ++i) {
    const float t = float(2 * CV_PI * i / n), cs = std::cos(t), sn = std::sin(t);
    float a = 0.5f * cs, b = 0.5f * sn;  // across, along: -0.5..0.5
    if (shape == 0) {  // diamond
      a = 0.5f * cs / (std::abs(cs) + std::abs(sn));
      b = 0.5f * sn / (std::abs(cs) + std::abs(sn));
    } else if (shape == 1) {  // oval: a stadium
      b = 0.5f * std::clamp(sn * 1.6f, -1.f, 1.f);
    } else {  // wave: an ellipse bent into an S
      a += 0.22f * std::sin(float(CV_PI) * sn);
    }
    pts.emplace_back(c + v * (a * w) + u * (b * h));
  }
  const int line = std::max(1, cvRound(w * 0.08));
  if (shading == 0) {
    cv::fillPoly(image, std::vector<std::vector<cv::Point>>{pts}, ink, cv::LINE_AA);
    return;
  }
  if (shading == 1) {  // stripes across the symbol, clipped to it
    cv::Mat mask = cv::Mat::zeros(image.size(), CV_8U), stripes = mask.clone();
    cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{pts}, 255);
    const float gap = std::max(2.f, h * float(rng.uniform(0.06, 0.1)));
    for (float s = -h; s <= h; s += gap) {
      const cv::Point2f m = c + u * s;
      cv::line(stripes, m - v * w, m + v * w, 255, std::max(1, line / 2));
    }
    cv::bitwise_and(mask, stripes, mask);
    image.setTo(ink, mask);
  }
  cv::polylines(image, pts, true, ink, line, cv::LINE_AA);
}

// A card: a light rounded rectangle with a darker rim and one to three symbols side by
// side along its long axis `u`.
void draw_card(cv::Mat& image, const SceneThing& t, cv::Point2f u, cv::Point2f v, cv::RNG& rng) {
  const float len = t.size, wid = t.size / float(rng.uniform(1.4, 1.6));
  const cv::Scalar paper = jitter({232, 240, 243}, 14, rng);
  const float r = wid * 0.08f;
  std::vector<cv::Point> pts;
  for (int corner = 0; corner < 4; ++corner) {
    const float su = corner == 0 || corner == 3 ? -1.f : 1.f, sv = corner < 2 ? -1.f : 1.f;
    const cv::Point2f k = t.centre + u * (su * (len / 2 - r)) + v * (sv * (wid / 2 - r));
    const float start = std::atan2(sv, su) - float(CV_PI) / 4;
    for (int i = 0; i <= 4; ++i) {
      const float a = start + float(CV_PI) / 2 * float(i) / 4;
      pts.emplace_back(k + (u * std::cos(a) + v * std::sin(a)) * r);
    }
  }
  cv::fillPoly(image, std::vector<std::vector<cv::Point>>{pts}, paper, cv::LINE_AA);
  cv::polylines(image, pts, true, paper * 0.75, std::max(1, cvRound(wid * 0.015)), cv::LINE_AA);
  const int count = rng.uniform(1, 4), shape = rng.uniform(0, 3), shading = rng.uniform(0, 3);
  const float across = wid * float(rng.uniform(0.55, 0.65)), along = len * float(rng.uniform(0.15, 0.2));
  for (int i = 0; i < count; ++i) {
    const cv::Point2f c = t.centre + u * (along * 1.35f * (float(i) - float(count - 1) / 2));
    // A symbol stands across the card: its own long axis is the card's v.
    draw_card_symbol(image, c, v, u, along, across, shape, shading, t.colour, rng);
  }
}

}  // namespace

cv::Mat smooth_field(cv::Size size, int cells, cv::RNG& rng) {
  cells = std::max(2, cells);
  cv::Mat small(cells, cells, CV_32F);
  rng.fill(small, cv::RNG::UNIFORM, 0, 1);
  cv::Mat f;
  cv::resize(small, f, size, 0, 0, cv::INTER_CUBIC);
  return f;
}

void draw_surface(cv::Mat& image, const Scene& scene, cv::RNG& rng) {
  const double px = std::max(1.0, std::min(image.cols, image.rows) / 480.0);  // keep textures photo-sized
  switch (scene.surface) {
    case Surface::Wood: break;
    case Surface::Cardboard:
      add_field(image, 6, 30, rng);
      add_noise(image, 10, 0.8 * px, rng);
      if (rng.uniform(0, 2)) {  // corrugation showing through
        const double period = rng.uniform(8.0, 20.0) * px, phase = rng.uniform(0.0, 6.28);
        for (int y = 0; y < image.rows; ++y) {
          auto* row = image.ptr<cv::Vec3f>(y);
          for (int x = 0; x < image.cols; ++x) row[x] += cv::Vec3f::all(float(4 * std::sin(x / period + phase)));
        }
      }
      break;
    case Surface::Felt:
      add_field(image, 5, 20, rng);
      add_noise(image, 14, 0.6 * px, rng);
      break;
    case Surface::Paper:
      add_field(image, 3, 12, rng);
      draw_print(image, rng);
      add_noise(image, 3, 0, rng);
      break;
    case Surface::Tray:
      add_noise(image, 6, 0.7 * px, rng);
      draw_tray(image, scene, rng);
      break;
    case Surface::Check:
      draw_check(image, scene, rng);
      add_noise(image, 5, 0.6 * px, rng);
      break;
  }
}

void draw_thing(cv::Mat& image, const SceneThing& t, cv::RNG& rng) {
  const float a = t.angle_deg * float(CV_PI) / 180;
  const cv::Point2f u(std::cos(a), std::sin(a)), v(-std::sin(a), std::cos(a));
  switch (t.kind) {
    case SceneThing::Kind::KeyCap: {
      const cv::RotatedRect r(t.centre, {t.size, t.size}, t.angle_deg);
      cv::Point2f p[4];
      r.points(p);
      std::vector<cv::Point> pts(p, p + 4);
      cv::fillConvexPoly(image, pts, t.colour * 0.8, cv::LINE_AA);
      const cv::RotatedRect top(t.centre, {t.size * 0.8f, t.size * 0.8f}, t.angle_deg);
      top.points(p);
      std::vector<cv::Point> tp(p, p + 4);
      cv::fillConvexPoly(image, tp, t.colour, cv::LINE_AA);
      const std::string letter(1, char('A' + rng.uniform(0, 26)));
      const double scale = t.size / 50.0;
      const cv::Scalar ink = t.colour[0] > 128 ? cv::Scalar(40, 40, 40) : cv::Scalar(220, 220, 220);
      cv::putText(image, letter, t.centre + cv::Point2f(-t.size * 0.2f, t.size * 0.2f), cv::FONT_HERSHEY_SIMPLEX, scale,
                  ink, std::max(1, cvRound(scale * 2)), cv::LINE_AA);
      break;
    }
    case SceneThing::Kind::Cable: {
      std::vector<cv::Point> pts;
      cv::Point2f p = t.centre - u * t.size * 3;
      float dir = a;
      for (int i = 0; i < 24; ++i) {
        pts.emplace_back(p);
        dir += float(rng.uniform(-0.3, 0.3));
        p += cv::Point2f(std::cos(dir), std::sin(dir)) * (t.size / 4);
      }
      cv::polylines(image, pts, false, t.colour, std::max(2, cvRound(t.size * 0.2)), cv::LINE_AA);
      break;
    }
    case SceneThing::Kind::Sticker:
      cv::circle(image, t.centre, cvRound(t.size / 2), t.colour, cv::FILLED, cv::LINE_AA);
      cv::circle(image, t.centre, cvRound(t.size / 8), t.colour * 0.4, cv::FILLED, cv::LINE_AA);
      break;
    case SceneThing::Kind::Coin:
      cv::circle(image, t.centre, cvRound(t.size / 2), t.colour * 0.8, cv::FILLED, cv::LINE_AA);
      cv::circle(image, t.centre, cvRound(t.size * 0.42), t.colour, cv::FILLED, cv::LINE_AA);
      break;
    case SceneThing::Kind::Card:
      draw_card(image, t, u, v, rng);
      break;
    case SceneThing::Kind::Pencil: {
      const cv::Point2f e = u * t.size * 2.5f, s = v * t.size * 0.12f;
      std::vector<cv::Point> pts{t.centre - e - s, t.centre + e - s, t.centre + e + s, t.centre - e + s};
      cv::fillConvexPoly(image, pts, t.colour, cv::LINE_AA);
      break;
    }
  }
}

}  // namespace puzzlesat::dice_vision

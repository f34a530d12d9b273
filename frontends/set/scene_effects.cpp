#include "frontends/set/scene_effects.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "frontends/set/card_renderer.h"

namespace puzzlesat::set_vision::scene_detail {

double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

void apply_shade(cv::Mat& img, const cv::Mat& shade) {
  cv::Mat lit, f3;
  cv::cvtColor(1 - shade, lit, cv::COLOR_GRAY2BGR);
  img.convertTo(f3, CV_32FC3);
  f3 = f3.mul(lit);
  f3.convertTo(img, CV_8UC3);
}

cv::Point2d on_table(const cv::Mat& m, cv::Point2d p) {
  return {m.at<double>(0, 0) * p.x + m.at<double>(0, 1) * p.y + m.at<double>(0, 2),
          m.at<double>(1, 0) * p.x + m.at<double>(1, 1) * p.y + m.at<double>(1, 2)};
}

std::vector<cv::Point> polygon_on_table(const cv::Mat& m, const std::vector<cv::Point2d>& local, cv::Point origin) {
  std::vector<cv::Point> out;
  for (cv::Point2d p : local) {
    const cv::Point2d t = on_table(m, p);
    out.push_back(cv::Point(int(std::lround(t.x)), int(std::lround(t.y))) - origin);
  }
  return out;
}

cv::Rect grown_window(const cv::Rect2d& bounds, cv::Size size, double margin) {
  const cv::Rect box(cv::Point(int(std::floor(bounds.x - margin)), int(std::floor(bounds.y - margin))),
                     cv::Point(int(std::ceil(bounds.br().x + margin)) + 1, int(std::ceil(bounds.br().y + margin)) + 1));
  return box & cv::Rect(cv::Point(), size);
}

cv::Rect table_window(const cv::Mat& m, const cv::Rect2d& local, cv::Size size, double margin) {
  std::vector<cv::Point2d> corners;
  for (cv::Point2d p : {local.tl(), cv::Point2d(local.x + local.width, local.y), local.br(),
                        cv::Point2d(local.x, local.y + local.height)})
    corners.push_back(on_table(m, p));
  cv::Point2d lo = corners[0], hi = corners[0];
  for (cv::Point2d c : corners) lo = {std::min(lo.x, c.x), std::min(lo.y, c.y)}, hi = {std::max(hi.x, c.x), std::max(hi.y, c.y)};
  return grown_window(cv::Rect2d(lo, hi), size, margin);
}

int blur_reach(double sigma) { return (cvRound(sigma * 4 * 2 + 1) | 1) / 2; }

void draw_card_shadow(Rng& rng, cv::Mat& img, const cv::Mat& m, cv::Size card) {
  const double cw = card.width, ch = card.height;
  // A line through a point in the card's middle band, at any angle; the shadow lies on
  // one side of it, over the card and a little of the table around it.
  const double u = uniform(rng, 0.3, 0.7), v = uniform(rng, 0.3, 0.7), angle = uniform(rng, 0, 2 * 3.14159265358979);
  const double depth = uniform(rng, 0.25, 0.5), soft = uniform(rng, 0.005, 0.04) * cw;
  const cv::Point2d p(u * cw, v * ch), dir(std::cos(angle), std::sin(angle)), normal(-dir.y, dir.x);
  const double reach = 1.5 * cw;
  std::vector<cv::Point2d> local = {p - dir * reach, p + dir * reach, p + dir * reach + normal * reach,
                                    p - dir * reach + normal * reach};
  // Only near the card: a shadow that covers half the table is the scene's `shadow`. The
  // window holds the card's surround and both blurs' reach.
  const double near_blur = 0.05 * cw, blur = std::max(0.8, soft);
  const cv::Rect window = table_window(m, {-0.15 * cw, -0.15 * ch, 1.3 * cw, 1.3 * ch}, img.size(),
                                       2 + blur_reach(near_blur) + blur_reach(blur));
  if (window.empty()) return;
  cv::Mat shade = cv::Mat::zeros(window.size(), CV_32F), near = cv::Mat::zeros(window.size(), CV_32F);
  cv::fillConvexPoly(shade, polygon_on_table(m, local, window.tl()), cv::Scalar(depth), cv::LINE_AA);
  cv::fillConvexPoly(near,
                     polygon_on_table(m, {{-0.15 * cw, -0.15 * ch}, {1.15 * cw, -0.15 * ch}, {1.15 * cw, 1.15 * ch}, {-0.15 * cw, 1.15 * ch}},
                                      window.tl()),
                     cv::Scalar(1), cv::LINE_AA);
  cv::GaussianBlur(near, near, cv::Size(), near_blur);
  shade = shade.mul(near);
  cv::GaussianBlur(shade, shade, cv::Size(), blur);
  cv::Mat part = img(window);
  apply_shade(part, shade);
}

void add_glare(Rng& rng, cv::Mat& img, const Quad& q) {
  const double u = uniform(rng, 0.2, 0.8), v = uniform(rng, 0.2, 0.8);
  // A point inside the card, bilinear in its corners.
  cv::Point2d c = (1 - v) * ((1 - u) * cv::Point2d(q[0]) + u * cv::Point2d(q[1])) +
                  v * ((1 - u) * cv::Point2d(q[3]) + u * cv::Point2d(q[2]));
  const double length = std::max(cv::norm(q[1] - q[0]), cv::norm(q[2] - q[1]));
  const double rx = uniform(rng, 0.12, 0.3) * length, ry = rx * uniform(rng, 0.35, 1.0);
  const double angle = uniform(rng, 0, 180), strength = uniform(rng, 0.55, 0.9);
  const double blur = std::max(1.0, 0.4 * ry);
  // The ellipse lies within rx of its centre (ry <= rx).
  const cv::Rect window = grown_window({c.x - rx, c.y - rx, 2 * rx, 2 * rx}, img.size(), 2 + blur_reach(blur));
  if (window.empty()) return;
  cv::Mat patch = cv::Mat::zeros(window.size(), CV_32F);
  cv::ellipse(patch, cv::Point(int(c.x), int(c.y)) - window.tl(), cv::Size(int(rx), int(ry)), angle, 0, 360, cv::Scalar(strength),
              cv::FILLED, cv::LINE_AA);
  cv::GaussianBlur(patch, patch, cv::Size(), blur);
  cv::Mat p3, f, white(window.size(), CV_32FC3, cv::Scalar::all(255));
  cv::cvtColor(patch, p3, cv::COLOR_GRAY2BGR);
  img(window).convertTo(f, CV_32FC3);
  f = f + (white - f).mul(p3);
  cv::Mat part = img(window);
  f.convertTo(part, CV_8UC3);
}

void apply_falloff(Rng& rng, cv::Mat& f32, double floor) {
  const double w = f32.cols, h = f32.rows;
  const double t = uniform(rng, 0, 4);  // round the edge: top, right, bottom, left
  const int side = std::min(3, int(t));
  const double along = t - side;
  const cv::Point2d lamp = side == 0 ? cv::Point2d(along * w, 0)
                           : side == 1 ? cv::Point2d(w, along * h)
                           : side == 2 ? cv::Point2d((1 - along) * w, h)
                                       : cv::Point2d(0, (1 - along) * h);
  double reach = 0;
  for (cv::Point2d corner : {cv::Point2d(0, 0), cv::Point2d(w, 0), cv::Point2d(w, h), cv::Point2d(0, h)})
    reach = std::max(reach, cv::norm(corner - lamp));
  for (int y = 0; y < f32.rows; ++y)
    for (int x = 0; x < f32.cols; ++x) {
      // Smooth near the lamp, steepest far from it, as a lamp's light spreads.
      const double r = cv::norm(cv::Point2d(x, y) - lamp) / reach;
      f32.at<cv::Vec3f>(y, x) *= float(1 - (1 - floor) * std::pow(r, 1.5));
    }
}

void apply_light(cv::Mat& f32, double exposure, cv::Scalar tint) {
  cv::multiply(f32, cv::Scalar(exposure * tint[0], exposure * tint[1], exposure * tint[2]), f32);
}

void draw_pen_symbols(Rng& rng, cv::Mat& img, cv::Point2d centre, double length, bool portrait) {
  const int n = 2 + int(rng() % 2);
  const bool diamonds = rng() % 2;
  const double grey = uniform(rng, 30, 140);
  const int thickness = std::max(1, int(std::lround(uniform(rng, 1, 2) * length / 110)));
  // The printed layout (card_renderer.h).
  const double w = kSymbolWidth * length, h = kSymbolHeight * length / kPrintedAspect, pitch = kSymbolPitch * w;
  const cv::Point2d along = portrait ? cv::Point2d(0, 1) : cv::Point2d(1, 0), across(along.y, along.x);
  for (int k = 0; k < n; ++k) {
    const cv::Point2d c = centre + along * ((k - (n - 1) / 2.0) * pitch);
    const cv::Point2d a = along * (w / 2), b = across * (h / 2);
    if (diamonds) {
      std::vector<cv::Point> poly = {cv::Point(c - a), cv::Point(c + b), cv::Point(c + a), cv::Point(c - b)};
      cv::polylines(img, poly, true, cv::Scalar::all(grey), thickness, cv::LINE_AA);
    } else {
      cv::ellipse(img, cv::Point(c), cv::Size(int(portrait ? h / 2 : w / 2), int(portrait ? w / 2 : h / 2)), 0, 0, 360,
                  cv::Scalar::all(grey), thickness, cv::LINE_AA);
    }
  }
}

}  // namespace puzzlesat::set_vision::scene_detail

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

cv::Rect table_window(const cv::Mat& m, const cv::Rect2d& local, cv::Size size, double margin) {
  double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
  for (cv::Point2d p : {local.tl(), cv::Point2d(local.x + local.width, local.y), local.br(),
                        cv::Point2d(local.x, local.y + local.height)}) {
    const double x = m.at<double>(0, 0) * p.x + m.at<double>(0, 1) * p.y + m.at<double>(0, 2);
    const double y = m.at<double>(1, 0) * p.x + m.at<double>(1, 1) * p.y + m.at<double>(1, 2);
    x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
  }
  const cv::Rect box(cv::Point(int(std::floor(x0 - margin)), int(std::floor(y0 - margin))),
                     cv::Point(int(std::ceil(x1 + margin)) + 1, int(std::ceil(y1 + margin)) + 1));
  return box & cv::Rect(cv::Point(), size);
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
  auto to_table = [&](const std::vector<cv::Point2d>& pts) {
    std::vector<cv::Point> out;
    for (auto q : pts)
      out.push_back(cv::Point(int(std::lround(m.at<double>(0, 0) * q.x + m.at<double>(0, 1) * q.y + m.at<double>(0, 2))),
                              int(std::lround(m.at<double>(1, 0) * q.x + m.at<double>(1, 1) * q.y + m.at<double>(1, 2)))) -
                    window.tl());
    return out;
  };
  cv::fillConvexPoly(shade, to_table(local), cv::Scalar(depth), cv::LINE_AA);
  cv::fillConvexPoly(near, to_table({{-0.15 * cw, -0.15 * ch}, {1.15 * cw, -0.15 * ch}, {1.15 * cw, 1.15 * ch}, {-0.15 * cw, 1.15 * ch}}),
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
  const double reach = rx + 2 + blur_reach(blur);
  const cv::Rect window = cv::Rect(cv::Point(int(std::floor(c.x - reach)), int(std::floor(c.y - reach))),
                                   cv::Point(int(std::ceil(c.x + reach)) + 1, int(std::ceil(c.y + reach)) + 1)) &
                          cv::Rect(cv::Point(), img.size());
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

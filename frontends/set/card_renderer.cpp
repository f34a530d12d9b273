#include "frontends/set/card_renderer.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace puzzlesat::set_vision {
namespace {

constexpr double kPi = 3.14159265358979323846;

// One symbol's outline, centred at the origin, `w` wide and `h` tall, in pixels.
std::vector<cv::Point2d> outline(int shape, double w, double h) {
  std::vector<cv::Point2d> pts;
  const int steps = 120;
  if (shape == 0) {  // diamond
    pts = {{0, -h / 2}, {w / 2, 0}, {0, h / 2}, {-w / 2, 0}};
  } else if (shape == 2) {  // oval: a stadium, two half circles joined by straight sides
    double r = w / 2, straight = h / 2 - r;
    for (int i = 0; i <= steps / 2; ++i) {
      double a = kPi + kPi * i / (steps / 2);
      pts.push_back({r * std::cos(a), -straight + r * std::sin(a)});
    }
    for (int i = 0; i <= steps / 2; ++i) {
      double a = kPi * i / (steps / 2);
      pts.push_back({r * std::cos(a), straight + r * std::sin(a)});
    }
  } else {  // squiggle: a bent, waisted band whose centre line is an S
    auto centre = [&](double t) { return 0.22 * w * std::sin(kPi * t); };
    auto half = [&](double t) { return 0.5 * w * (0.62 + 0.18 * std::cos(2 * kPi * t)) * std::pow(1 - t * t, 0.35); };
    for (int i = 0; i <= steps; ++i) {
      double t = -1 + 2.0 * i / steps;
      pts.push_back({centre(t) + half(t), t * h / 2});
    }
    for (int i = steps; i >= 0; --i) {
      double t = -1 + 2.0 * i / steps;
      pts.push_back({centre(t) - half(t), t * h / 2});
    }
  }
  return pts;
}

// `standard` scaled by `factor`, at least 1; exactly `standard` when factor is 1, so
// that the default style draws what it always drew.
int scaled(int standard, double exact, double factor) {
  return factor == 1 ? standard : std::max(1, int(std::lround(exact * factor)));
}

}  // namespace

std::array<cv::Scalar, 3> CardStyle::inks() const {
  std::array<cv::Scalar, 3> out = {kInk[0], kInk[1], kInk[2]};
  if (ink_lightness == 0 && ink_hue == 0 && ink_shade == std::array<double, 3>{0, 0, 0} && ink_saturation == 1)
    return out;
  for (int i = 0; i < 3; ++i) {
    cv::Scalar& ink = out[i];
    if (ink_lightness != 0 || ink_hue != 0) {
      cv::Mat px(1, 1, CV_32FC3, cv::Scalar(ink[0] / 255, ink[1] / 255, ink[2] / 255)), hsv;
      cv::cvtColor(px, hsv, cv::COLOR_BGR2HSV);
      cv::Vec3f& h = hsv.at<cv::Vec3f>(0, 0);
      h[0] = float(std::fmod(h[0] + ink_hue + 360.0, 360.0));
      cv::cvtColor(hsv, px, cv::COLOR_HSV2BGR);
      cv::Vec3f c = px.at<cv::Vec3f>(0, 0) * 255.f;
      double t = std::clamp(ink_lightness, -1.0, 1.0);
      for (int k = 0; k < 3; ++k) ink[k] = t > 0 ? c[k] + t * (kPaper[k] - c[k]) : c[k] * (1 + t);
    }
    const double one = std::clamp(ink_shade[i], -1.0, 1.0);
    if (one != 0)
      for (int k = 0; k < 3; ++k) ink[k] = one > 0 ? ink[k] + one * (kPaper[k] - ink[k]) : ink[k] * (1 + one);
    // Chroma drained towards the ink's own grey (its luma), keeping its darkness.
    const double luma = 0.114 * ink[0] + 0.587 * ink[1] + 0.299 * ink[2];
    const double keep = std::clamp(ink_saturation, 0.0, 1.0);
    if (keep != 1)
      for (int k = 0; k < 3; ++k) ink[k] = luma + keep * (ink[k] - luma);
  }
  return out;
}

RenderedCard render_card(set::Card card, int length, const CardStyle& style) {
  // Drawn at 4x and shrunk: smooth edges and stripes finer than a pixel stay visible.
  const int ss = 4;
  const int W = length * ss, H = int(std::lround(length / kPrintedAspect)) * ss;
  RenderedCard out;
  cv::Mat big(H, W, CV_8UC3, kPaper);
  cv::Mat mask = cv::Mat::zeros(H, W, CV_8U);
  int radius = W / 25;
  cv::rectangle(mask, cv::Rect(radius, 0, W - 2 * radius, H), 255, cv::FILLED);
  cv::rectangle(mask, cv::Rect(0, radius, W, H - 2 * radius), 255, cv::FILLED);
  for (cv::Point c : {cv::Point(radius, radius), cv::Point(W - radius, radius), cv::Point(radius, H - radius),
                      cv::Point(W - radius, H - radius)})
    cv::circle(mask, c, radius, 255, cv::FILLED);

  // The cut edge of the card stock is a little darker than its face; it is what
  // separates two cards lying edge to edge.
  cv::Mat rim;
  cv::Mat rim_kernel = cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3 * ss + 1, 3 * ss + 1));
  if (style.rim_all_round)
    cv::erode(mask, rim, rim_kernel, cv::Point(-1, -1), 1, cv::BORDER_CONSTANT, cv::Scalar(0));
  else
    cv::erode(mask, rim, rim_kernel);
  cv::Scalar rim_grey(185, 185, 185);
  if (style.edge_darkness != 1)
    for (int k = 0; k < 3; ++k) rim_grey[k] = kPaper[k] - style.edge_darkness * (kPaper[k] - 185);
  big.setTo(rim_grey, mask & ~rim);

  const double w = kSymbolWidth * W, h = kSymbolHeight * H, pitch = kSymbolPitch * w;
  const int n = card.number + 1;
  const cv::Scalar ink = style.inks()[card.color];
  const int line = scaled(std::max(1, W / 110), W / 110.0, style.line_weight);
  const int stripe_step = std::max(2, scaled(W / 65, W / 65.0, style.stripe_pitch));
  const int stripe_width = scaled(std::max(1, W / 330), W / 330.0, style.stripe_width);
  for (int k = 0; k < n; ++k) {
    cv::Point2d c(W / 2.0 + (k - (n - 1) / 2.0) * pitch, H / 2.0);
    std::vector<cv::Point> poly;
    for (const auto& p : outline(card.shape, w, h)) poly.push_back(cv::Point(c + p));
    std::vector<std::vector<cv::Point>> polys{poly};
    if (card.shading == 0) {
      cv::fillPoly(big, polys, ink, cv::LINE_AA);
    } else if (card.shading == 1) {
      cv::Mat inside = cv::Mat::zeros(H, W, CV_8U);
      cv::fillPoly(inside, polys, 255);
      cv::Mat stripes = cv::Mat::zeros(H, W, CV_8U);
      for (int y = 0; y < H; y += stripe_step) cv::line(stripes, {0, y}, {W, y}, 255, stripe_width);
      if (style.stripe_strength >= 1) {
        big.setTo(ink, stripes & inside);
      } else {  // pale stripes: the ink only partly covers the paper
        cv::Mat blend;
        cv::addWeighted(big, 1 - style.stripe_strength, cv::Mat(big.size(), big.type(), ink), style.stripe_strength, 0, blend);
        blend.copyTo(big, stripes & inside);
      }
    }
    cv::polylines(big, polys, true, ink, line, cv::LINE_AA);
  }
  cv::resize(big, out.image, cv::Size(W / ss, H / ss), 0, 0, cv::INTER_AREA);
  cv::resize(mask, out.mask, cv::Size(W / ss, H / ss), 0, 0, cv::INTER_AREA);
  if (style.paper != kPaper) {  // other stock reflects each channel in its own share
    cv::Mat f;
    out.image.convertTo(f, CV_32FC3);
    cv::multiply(f, cv::Scalar(style.paper[0] / kPaper[0], style.paper[1] / kPaper[1], style.paper[2] / kPaper[2]), f);
    f.convertTo(out.image, CV_8UC3);
  }
  return out;
}

}  // namespace puzzlesat::set_vision

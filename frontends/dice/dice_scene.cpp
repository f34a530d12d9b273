#include "frontends/dice/dice_scene.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

#include "frontends/dice/pip_layout.h"

namespace puzzlesat::dice_vision {

namespace {

constexpr int kShift = 4;  // sub-pixel bits for OpenCV's drawing
constexpr float kSub = 1 << kShift;

cv::Point2f rotate(cv::Point2f p, float angle_deg) {
  const float a = angle_deg * static_cast<float>(CV_PI) / 180.f;
  return {p.x * std::cos(a) - p.y * std::sin(a), p.x * std::sin(a) + p.y * std::cos(a)};
}

// Outline of a square face with rounded corners, as real dice have, in pixels.
std::vector<cv::Point> face_outline(const SceneDie& d, float grow = 0, cv::Point2f offset = {}) {
  const float half = d.side / 2 + grow;
  const float r = d.side * 0.16f;
  std::vector<cv::Point> pts;
  const cv::Point2f corners[4] = {{half - r, half - r}, {-(half - r), half - r}, {-(half - r), -(half - r)},
                                  {half - r, -(half - r)}};
  for (int c = 0; c < 4; ++c)
    for (int k = 0; k <= 6; ++k) {
      const float a = static_cast<float>(CV_PI) / 2 * (c + k / 6.f);
      const cv::Point2f p = corners[c] + cv::Point2f(r * std::cos(a), r * std::sin(a));
      const cv::Point2f q = rotate(p, d.angle_deg) + d.centre + offset;
      pts.emplace_back(cvRound(q.x * kSub), cvRound(q.y * kSub));
    }
  return pts;
}

}  // namespace

cv::Rect die_box(const SceneDie& d) {
  std::vector<cv::Point2f> pts;
  for (const auto& p : face_outline(d)) pts.emplace_back(p.x / kSub, p.y / kSub);
  return cv::boundingRect(pts);
}

std::vector<int> sorted_values(const Scene& scene) {
  std::vector<int> values;
  for (const auto& d : scene.dice) values.push_back(d.pips);
  std::sort(values.begin(), values.end());
  return values;
}

std::vector<LabelledDie> labelled_dice(const Scene& scene) {
  std::vector<LabelledDie> out;
  for (const auto& d : scene.dice) out.push_back({d.pips, cv::Rect2d(die_box(d))});
  return out;
}

cv::Mat render_scene(const Scene& scene, std::uint64_t seed) {
  cv::Mat image(scene.size, CV_32FC3, scene.table);
  cv::RNG rng(seed);

  if (scene.grain > 0) {
    // Wood: slow wavy streaks across the table.
    const double phase = rng.uniform(0.0, 6.28);
    for (int y = 0; y < image.rows; ++y) {
      auto* row = image.ptr<cv::Vec3f>(y);
      for (int x = 0; x < image.cols; ++x) {
        const double wave = std::sin(0.09 * y + 2.5 * std::sin(0.011 * x + phase)) + 0.5 * std::sin(0.31 * y + phase);
        row[x] += cv::Vec3f::all(static_cast<float>(scene.grain * wave / 1.5));
      }
    }
  }

  if (scene.shadows) {
    cv::Mat shade(scene.size, CV_32F, cv::Scalar(0));
    for (const auto& d : scene.dice)
      cv::fillPoly(shade, std::vector<std::vector<cv::Point>>{face_outline(d, 1, {d.side * 0.1f, d.side * 0.12f})},
                   cv::Scalar(1), cv::LINE_AA, kShift);
    const int k = 2 * static_cast<int>(scene.dice.empty() ? 3 : scene.dice[0].side * 0.12f) + 1;
    cv::GaussianBlur(shade, shade, {k, k}, 0);
    for (int y = 0; y < image.rows; ++y) {
      auto* row = image.ptr<cv::Vec3f>(y);
      const auto* s = shade.ptr<float>(y);
      for (int x = 0; x < image.cols; ++x) row[x] *= 1.f - 0.25f * s[x];
    }
  }

  for (const auto& d : scene.dice) {
    // The rim is a little darker than the face, as the rounded edge turns from the light.
    const cv::Scalar rim = d.face * 0.75;
    cv::fillPoly(image, std::vector<std::vector<cv::Point>>{face_outline(d)}, rim, cv::LINE_AA, kShift);
    cv::fillPoly(image, std::vector<std::vector<cv::Point>>{face_outline(d, -std::max(1.f, d.side * 0.04f))}, d.face,
                 cv::LINE_AA, kShift);
    const float half = d.side / 2;
    for (const auto& p : pip_layout(d.pips)) {
      const cv::Point2f c = rotate(p * half, d.angle_deg) + d.centre;
      cv::circle(image, cv::Point(cvRound(c.x * kSub), cvRound(c.y * kSub)), cvRound(kPipRadius * half * kSub), d.pip,
                 cv::FILLED, cv::LINE_AA, kShift);
    }
  }

  if (scene.noise > 0) {
    cv::Mat noise(scene.size, CV_32FC3);
    rng.fill(noise, cv::RNG::NORMAL, 0, scene.noise);
    image += noise;
  }
  cv::GaussianBlur(image, image, {3, 3}, 0.7);
  cv::Mat out;
  image.convertTo(out, CV_8UC3);
  return out;
}

Scene random_scene(std::uint64_t seed, const SceneOptions& o) {
  cv::RNG rng(seed);
  Scene scene;
  if (o.dark_table) {
    scene.table = cv::Scalar(60, 45, 40);
    scene.grain = 4;
  }
  static const cv::Scalar kColours[][2] = {
      {{235, 240, 240}, {30, 30, 30}},   // white, black pips
      {{40, 40, 200}, {240, 240, 240}},  // red, white pips
      {{60, 150, 40}, {240, 240, 240}},  // green, white pips
      {{30, 30, 30}, {240, 240, 240}},   // black, white pips
      {{40, 210, 230}, {20, 20, 20}},    // yellow, black pips
      {{170, 90, 40}, {60, 220, 240}},   // blue, yellow pips
  };
  const int palette = o.coloured ? 6 : 1;
  for (int i = 0; i < o.dice; ++i) {
    SceneDie d;
    d.pips = rng.uniform(1, 7);
    d.side = rng.uniform(o.min_side, o.max_side);
    d.angle_deg = rng.uniform(0.f, 90.f);
    if (o.touching && i == 0) d.angle_deg = rng.uniform(0.f, 30.f);  // room for the neighbour on its right
    const int c = rng.uniform(0, palette);
    d.face = kColours[c][0];
    d.pip = kColours[c][1];
    if (o.dark_table && c == 3) d.face = cv::Scalar(200, 200, 200), d.pip = cv::Scalar(20, 20, 20);
    if (o.touching && i == 1) {
      // Flush against the first die, face to face.
      const SceneDie& first = scene.dice[0];
      d.angle_deg = first.angle_deg;
      d.side = first.side;
      d.centre = first.centre + rotate({first.side * 1.02f, 0}, first.angle_deg);
      scene.dice.push_back(d);
      continue;
    }
    for (int attempt = 0; attempt < 1000; ++attempt) {
      const float margin = d.side;
      d.centre = {rng.uniform(margin, scene.size.width - margin - (i == 0 && o.touching ? d.side * 1.3f : 0)),
                  rng.uniform(margin, scene.size.height - margin)};
      bool free = true;
      for (const auto& other : scene.dice)
        if (cv::norm(other.centre - d.centre) < 0.75f * (other.side + d.side) * 1.45f) free = false;
      if (free) break;
    }
    scene.dice.push_back(d);
  }
  return scene;
}

}  // namespace puzzlesat::dice_vision

#include "frontends/dice/dice_scene.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>

#include "frontends/dice/pip_layout.h"
#include "frontends/dice/scene_surface.h"
#include "frontends/image/image_file.h"

namespace puzzlesat::dice_vision {

namespace {

constexpr int kShift = 4;  // sub-pixel bits for OpenCV's drawing
constexpr float kSub = 1 << kShift;

// A point in OpenCV's fixed-point drawing coordinates.
cv::Point fixed(cv::Point2f p) { return {cvRound(p.x * kSub), cvRound(p.y * kSub)}; }

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
  constexpr int kCornerPoints = kFaceOutlinePoints / 4;
  for (int c = 0; c < 4; ++c)
    for (int k = 0; k < kCornerPoints; ++k) {
      const float a = static_cast<float>(CV_PI) / 2 * (c + k / float(kCornerPoints - 1));
      const cv::Point2f p = corners[c] + cv::Point2f(r * std::cos(a), r * std::sin(a));
      const cv::Point2f q = rotate(p, d.angle_deg) + d.centre + offset;
      pts.push_back(fixed(q));
    }
  return pts;
}

// The width of the darker rim round the top face (draw_die), in pixels.
float rim_width(const SceneDie& d) { return std::max(1.f, d.side * 0.04f); }

std::vector<cv::Point2f> to_float(const std::vector<cv::Point>& pts) {
  std::vector<cv::Point2f> out;
  for (const auto& p : pts) out.emplace_back(p.x / kSub, p.y / kSub);
  return out;
}

// The four corners of the top face (no rounding), in pixels.
std::array<cv::Point2f, 4> face_corners(const SceneDie& d) {
  const float h = d.side / 2;
  const cv::Point2f c[4] = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
  std::array<cv::Point2f, 4> out;
  for (int i = 0; i < 4; ++i) out[i] = rotate(c[i], d.angle_deg) + d.centre;
  return out;
}

// The outline of the whole die: the top face and, when it leans, its side faces.
std::vector<cv::Point2f> die_silhouette(const SceneDie& d) {
  std::vector<cv::Point2f> pts = to_float(face_outline(d));
  if (d.lean != cv::Point2f(0, 0)) {
    const cv::Point2f l = d.lean * d.side;
    for (const auto& c : face_corners(d)) pts.push_back(c + l);
  }
  std::vector<cv::Point2f> hull;
  cv::convexHull(pts, hull);
  return hull;
}

std::vector<cv::Point> fixed(const std::vector<cv::Point2f>& pts) {
  std::vector<cv::Point> out;
  for (const auto& p : pts) out.push_back(fixed(p));
  return out;
}

cv::Rect warped_box(const Scene& scene, const std::vector<cv::Point2f>& pts) {
  std::vector<cv::Point2f> out = pts;
  if (scene.perspective != cv::Matx33d::eye()) cv::perspectiveTransform(pts, out, cv::Mat(scene.perspective));
  return cv::boundingRect(out);
}

// The faces around a top face showing `pips`: the four that are neither it nor its
// opposite (7 - pips), in turn.
std::array<int, 4> side_values(int pips) {
  std::array<int, 4> out{};
  int k = 0;
  for (int v = 1; v <= 6 && k < 4; ++v)
    if (v != pips && v != 7 - pips) out[k++] = v;
  return out;
}

// The side faces a leaning die shows, with their pips, squashed as the slant makes them.
void draw_sides(cv::Mat& image, const SceneDie& d) {
  const cv::Point2f l = d.lean * d.side;
  const auto c = face_corners(d);
  const auto values = side_values(d.pips);
  for (int i = 0; i < 4; ++i) {
    const cv::Point2f a = c[i], b = c[(i + 1) % 4];
    const cv::Point2f mid = (a + b) * 0.5f, out = mid - d.centre;
    if (out.dot(l) <= 0) continue;  // faces away from the camera
    // Unless side_light says otherwise, the side seen most face-on is the darker (0.62 of
    // the top), the one seen edge-on nearly as light as the top (0.95).
    const double edge_on = std::abs((b - a).dot(l)) / (cv::norm(b - a) * cv::norm(l) + 1e-6);
    const double shade = d.side_light > 0 ? std::min(1.0, d.side_light * (1 + 0.1 * edge_on)) : 0.62 + 0.33 * edge_on;
    cv::fillConvexPoly(image, fixed({a, b, b + l, a + l}), d.face * shade, cv::LINE_AA, kShift);
    const cv::Point2f along = (b - a) * 0.5f;
    for (const auto& p : pip_layout(values[i])) {
      std::vector<cv::Point2f> pip;
      for (int k = 0; k < 12; ++k) {
        const float t = float(CV_PI) * k / 6;
        const cv::Point2f q = p * (0.85f * d.pip_spread) + cv::Point2f(std::cos(t), std::sin(t)) * (kPipRadius * d.pip_size);
        pip.push_back(mid + along * q.x + l * (0.5f + 0.5f * q.y));
      }
      cv::fillConvexPoly(image, fixed(pip), d.pip * shade, cv::LINE_AA, kShift);
    }
  }
}

// Swirls of a second colour through the body, keeping the shading already drawn.
void marble(cv::Mat& image, const SceneDie& d, cv::RNG& rng) {
  const cv::Rect box = cv::boundingRect(die_silhouette(d)) & cv::Rect({}, image.size());
  if (box.area() == 0) return;
  cv::Mat mask(box.size(), CV_8U, cv::Scalar(0));
  std::vector<cv::Point2f> hull = die_silhouette(d);
  for (auto& p : hull) p -= cv::Point2f(float(box.x), float(box.y));
  cv::fillConvexPoly(mask, fixed(hull), cv::Scalar(255), cv::LINE_AA, kShift);
  const cv::Mat f = smooth_field(box.size(), 4, rng);
  const double freq = rng.uniform(6.0, 14.0);
  const double face_l = (d.face[0] + d.face[1] + d.face[2]) / 3 + 1;
  for (int y = 0; y < box.height; ++y) {
    auto* row = image.ptr<cv::Vec3f>(box.y + y) + box.x;
    const auto* m = mask.ptr<uchar>(y);
    const auto* fr = f.ptr<float>(y);
    for (int x = 0; x < box.width; ++x) {
      if (!m[x]) continue;
      const double band = 0.5 + 0.5 * std::sin(freq * fr[x]);
      const double w = d.marble * std::pow(band, 3.0) * m[x] / 255.0;
      const double shade = (row[x][0] + row[x][1] + row[x][2]) / 3 / face_l;
      for (int k = 0; k < 3; ++k) row[x][k] = float(row[x][k] * (1 - w) + d.swirl[k] * shade * w);
    }
  }
}

// Specular glints: small bright spots where a glossy body reflects the lamp, on the face,
// an edge or a corner; a round one on a dark die looks much like a light pip.
void glints(cv::Mat& image, const SceneDie& d, cv::RNG& rng) {
  const int n = rng.uniform(1, 4);
  cv::Mat spot(image.size(), CV_32F, cv::Scalar(0));
  const cv::Rect box = cv::boundingRect(die_silhouette(d)) & cv::Rect({}, image.size());
  if (box.area() == 0) return;
  for (int i = 0; i < n; ++i) {
    const cv::Point2f at = d.centre + rotate({float(rng.uniform(-0.5, 0.5)) * d.side, float(rng.uniform(-0.5, 0.5)) * d.side},
                                             d.angle_deg);
    const float r = d.side * float(rng.uniform(0.03, 0.12));
    const float stretch = float(rng.uniform(1.0, 3.0));
    cv::ellipse(spot, cv::RotatedRect(at, {2 * r * stretch, 2 * r}, float(rng.uniform(0.0, 180.0))),
                cv::Scalar(1), cv::FILLED, cv::LINE_AA);
  }
  cv::Mat roi = spot(box);
  cv::GaussianBlur(roi, roi, {0, 0}, std::max(0.5, d.side * 0.02));
  for (int y = box.y; y < box.y + box.height; ++y) {
    auto* row = image.ptr<cv::Vec3f>(y);
    const auto* s = spot.ptr<float>(y);
    for (int x = box.x; x < box.x + box.width; ++x)
      if (s[x] > 0) row[x] += cv::Vec3f::all(float(255 * d.gloss * s[x]));
  }
}

// Blends `image` (float BGR) toward near-white within `box` by `strength` times `mask`
// (CV_32F, box-sized, 0..1): a lamp's highlight or a lit edge.
void blend_toward_white(cv::Mat& image, const cv::Rect& box, const cv::Mat& mask, float strength) {
  for (int y = 0; y < box.height; ++y) {
    auto* row = image.ptr<cv::Vec3f>(box.y + y) + box.x;
    const auto* m = mask.ptr<float>(y);
    for (int x = 0; x < box.width; ++x) {
      const float a = strength * m[x];
      if (a > 0) row[x] = row[x] * (1 - a) + cv::Vec3f::all(250.f) * a;
    }
  }
}

// The lamp's highlight (SceneDie::highlight): a soft-edged disc blended toward white.
void highlight(cv::Mat& image, const SceneDie& d) {
  const float half = d.side / 2;
  const cv::Point2f at = rotate(d.highlight_at * (half * d.pip_spread), d.angle_deg) + d.centre;
  const float r = std::max(0.8f, kPipRadius * d.pip_size * d.highlight_size * half);
  const cv::Rect box = cv::Rect(cvFloor(at.x - 2 * r - 2), cvFloor(at.y - 2 * r - 2), cvCeil(4 * r + 5), cvCeil(4 * r + 5)) &
                       cv::Rect({}, image.size());
  if (box.area() == 0) return;
  cv::Mat spot(box.size(), CV_32F, cv::Scalar(0));
  cv::circle(spot, fixed(at - cv::Point2f(box.tl())), cvRound(r * kSub), cv::Scalar(1),
             cv::FILLED, cv::LINE_AA, kShift);
  cv::GaussianBlur(spot, spot, {0, 0}, std::max(0.4, 0.25 * r));
  blend_toward_white(image, box, spot, d.highlight);
}

// The lit edge (SceneDie::edge_light): an open arc along the top face's outline, a little
// inside it, soft-edged and blended toward white.
void lit_edge(cv::Mat& image, const SceneDie& d) {
  const std::vector<cv::Point2f> rim = to_float(face_outline(d, -0.07f * d.side));
  const int margin = cvCeil(0.1 * d.side) + 3;
  const cv::Rect outline = cv::boundingRect(rim);
  const cv::Rect box = cv::Rect(outline.tl() - cv::Point(margin, margin), outline.br() + cv::Point(margin, margin)) &
                       cv::Rect({}, image.size());
  if (box.area() == 0) return;
  std::vector<cv::Point> arc;
  for (int k = 0; k <= d.edge_span; ++k) {
    const cv::Point2f p = rim[(d.edge_from + k) % rim.size()] - cv::Point2f(box.tl());
    arc.push_back(fixed(p));
  }
  cv::Mat band(box.size(), CV_32F, cv::Scalar(0));
  cv::polylines(band, arc, false, cv::Scalar(1), std::max(1, cvRound(0.05 * d.side)), cv::LINE_AA, kShift);
  cv::GaussianBlur(band, band, {0, 0}, std::max(0.5, 0.02 * d.side));
  blend_toward_white(image, box, band, d.edge_light);
}

// A translucent body (SceneDie::translucent): what lay under the die (`behind`, the
// image's `box` before the die was drawn) seen through its top face, and the pips of the
// faces below seen through the body. On a small die the ghosts of the bottom face's pips
// sit among the top face's, blurred and in their colour: a reader that never saw them
// counts them, or takes a smoky die with red pips for a blotch.
void see_through(cv::Mat& image, const SceneDie& d, const cv::Rect& box, const cv::Mat& behind) {
  const cv::Point2f origin(float(box.x), float(box.y));
  cv::Mat face(box.size(), CV_8U, cv::Scalar(0));
  std::vector<cv::Point> outline = face_outline(d, -rim_width(d), -origin);
  cv::fillPoly(face, std::vector<std::vector<cv::Point>>{outline}, cv::Scalar(255), cv::LINE_8, kShift);
  cv::Mat depth;  // 0 at the face's edge, 1 half a side in
  cv::distanceTransform(face, depth, cv::DIST_L2, 3);
  depth /= std::max(1.f, d.side / 2);

  // The ghosts: a mask of the pips below, blurred as seen through a die's depth of glass.
  cv::Mat ghost(box.size(), CV_32F, cv::Scalar(0));
  const float half = d.side / 2, radius = kPipRadius * d.pip_size * half;
  const auto spot = [&](cv::Point2f at, cv::Size2f axes, float angle, float strength) {
    const cv::Point2f p = at - origin;
    cv::ellipse(ghost, fixed(p),
                cv::Size(cvRound(axes.width * kSub), cvRound(axes.height * kSub)), angle, 0, 360, cv::Scalar(strength),
                cv::FILLED, cv::LINE_AA, kShift);
  };
  // The bottom face: mirrored, a little smaller (further off and refracted), displaced the
  // way the die leans.
  const cv::Point2f bottom = d.centre + d.lean * d.side;
  for (cv::Point2f p : pip_layout(7 - d.pips)) {
    p.x = -p.x;
    spot(rotate(p * (0.8f * half * d.pip_spread), d.angle_deg) + bottom, {0.9f * radius, 0.9f * radius}, 0, 1);
  }
  // Each side face: its pips squashed against the edge they stand on, fainter.
  const auto corners = face_corners(d);
  const auto values = side_values(d.pips);
  for (int i = 0; i < 4; ++i) {
    const cv::Point2f a = corners[i], b = corners[(i + 1) % 4], mid = (a + b) * 0.5f, along = (b - a) * 0.5f;
    const cv::Point2f inward = (d.centre - mid) * (1.f / std::max(1e-3f, float(cv::norm(d.centre - mid))));
    const float angle = float(std::atan2(along.y, along.x) * 180 / CV_PI);
    for (const auto& p : pip_layout(values[i])) {
      const cv::Point2f at = mid + along * (0.85f * d.pip_spread * p.x) + inward * (half * (0.16f + 0.1f * p.y));
      spot(at, {radius, 0.35f * radius}, angle, 0.6f);
    }
  }
  cv::GaussianBlur(ghost, ghost, {0, 0}, std::max(0.5, 0.05 * d.side));

  // The body's colour is how it looks on a mid-grey table (150): what shows through it is
  // the table under it, dimmed by as much.
  const auto pass = [&](int k) { return float(std::min(1.0, d.face[k] / 150)); };
  const cv::Vec3f tint(pass(0), pass(1), pass(2));
  const cv::Vec3f pip(float(d.pip[0]), float(d.pip[1]), float(d.pip[2]));
  for (int y = 0; y < box.height; ++y) {
    auto* row = image.ptr<cv::Vec3f>(box.y + y) + box.x;
    const auto* under = behind.ptr<cv::Vec3f>(y);
    const auto* m = face.ptr<uchar>(y);
    const auto* t = depth.ptr<float>(y);
    const auto* g = ghost.ptr<float>(y);
    for (int x = 0; x < box.width; ++x) {
      if (!m[x]) continue;
      const float w = d.translucent * std::pow(std::min(1.f, 1.6f * t[x]), 0.7f);
      const cv::Vec3f seen = under[x].mul(tint);
      row[x] = row[x] * (1 - w) + seen * w;
      const float a = 0.5f * d.translucent * std::min(1.f, g[x]);
      row[x] = row[x] * (1 - a) + (row[x] + pip) * 0.5f * a;
    }
  }
}

// A maker's emblem in place of a 1's pip (SceneDie::logo): far larger than a pip and not
// round, or round with a hole, so that a reader must know a 1 by more than one round spot.
void draw_logo(cv::Mat& image, const SceneDie& d) {
  const float half = d.side / 2;
  const auto at = [&](cv::Point2f p) { return fixed(rotate(p * half, d.angle_deg) + d.centre); };  // from face units
  const auto disc = [&](cv::Point2f c, float r, const cv::Scalar& colour) {
    cv::circle(image, at(c), cvRound(r * half * kSub), colour, cv::FILLED, cv::LINE_AA, kShift);
  };
  switch (d.logo) {
    case SceneDie::Logo::None: break;
    case SceneDie::Logo::Star: {
      std::vector<cv::Point> star;
      for (int k = 0; k < 10; ++k) {
        const float a = float(CV_PI) * (k / 5.f - 0.5f), r = k % 2 ? 0.22f : 0.55f;
        star.push_back(at({r * std::cos(a), r * std::sin(a)}));
      }
      cv::fillPoly(image, std::vector<std::vector<cv::Point>>{star}, d.pip, cv::LINE_AA, kShift);
      break;
    }
    case SceneDie::Logo::Ring:
      cv::circle(image, at({0, 0}), cvRound(0.42f * half * kSub), d.pip, std::max(1, cvRound(0.12f * half)), cv::LINE_AA,
                 kShift);
      disc({0, 0}, 0.12f, d.pip);
      break;
    case SceneDie::Logo::Shield:
      disc({0, 0}, 0.45f, d.pip);
      disc({0, -0.38f}, 0.18f, d.face);
      break;
  }
}

void draw_die(cv::Mat& image, const SceneDie& d, cv::RNG& extra) {
  cv::Rect box;
  cv::Mat behind;
  if (d.translucent > 0) {
    box = cv::boundingRect(die_silhouette(d)) & cv::Rect({}, image.size());
    behind = image(box).clone();
  }
  // The rim is a little darker than the face, as the rounded edge turns from the light.
  const cv::Scalar rim = d.face * 0.75;
  if (d.lean != cv::Point2f(0, 0)) {
    cv::fillConvexPoly(image, fixed(die_silhouette(d)), d.face * 0.5, cv::LINE_AA, kShift);
    draw_sides(image, d);
  }
  cv::fillPoly(image, std::vector<std::vector<cv::Point>>{face_outline(d)}, rim, cv::LINE_AA, kShift);
  cv::fillPoly(image, std::vector<std::vector<cv::Point>>{face_outline(d, -rim_width(d))}, d.face,
               cv::LINE_AA, kShift);
  if (d.marble > 0) marble(image, d, extra);
  if (d.translucent > 0 && box.area() > 0) see_through(image, d, box, behind);
  const float half = d.side / 2;
  if (d.pips == 1 && d.logo != SceneDie::Logo::None) {
    draw_logo(image, d);
  } else {
    for (const auto& p : pip_layout(d.pips)) {
      const cv::Point2f c = rotate(p * (half * d.pip_spread), d.angle_deg) + d.centre;
      cv::circle(image, fixed(c), cvRound(kPipRadius * d.pip_size * half * kSub), d.pip, cv::FILLED, cv::LINE_AA, kShift);
    }
  }
  if (d.gloss > 0) glints(image, d, extra);
  if (d.edge_light > 0 && d.edge_span > 0) lit_edge(image, d);
  if (d.highlight > 0) highlight(image, d);
}

// Light falling off across the frame from a random side.
void light_falloff(cv::Mat& image, double amount, cv::RNG& rng) {
  const double a = rng.uniform(0.0, 6.28);
  const double dx = std::cos(a) / image.cols, dy = std::sin(a) / image.rows;
  for (int y = 0; y < image.rows; ++y) {
    auto* row = image.ptr<cv::Vec3f>(y);
    for (int x = 0; x < image.cols; ++x) {
      const double t = 0.5 + (x - image.cols / 2.0) * dx + (y - image.rows / 2.0) * dy;  // 0..1 roughly
      row[x] *= float(1 - amount * std::clamp(t, 0.0, 1.0));
    }
  }
}

void motion_blur(cv::Mat& image, double length, double angle_deg) {
  const int k = 2 * cvCeil(length / 2) + 1;
  cv::Mat kernel(k, k, CV_32F, cv::Scalar(0));
  const cv::Point2f c(k / 2.f, k / 2.f);
  const float a = float(angle_deg * CV_PI / 180);
  const cv::Point2f d(std::cos(a) * float(length) / 2, std::sin(a) * float(length) / 2);
  cv::line(kernel, c - d, c + d, cv::Scalar(1), 1, cv::LINE_AA);
  kernel /= cv::sum(kernel)[0];
  cv::filter2D(image, image, -1, kernel, {-1, -1}, 0, cv::BORDER_REFLECT);
}

}  // namespace

cv::Rect die_box(const SceneDie& d) { return cv::boundingRect(to_float(face_outline(d))); }

cv::Rect die_box(const Scene& scene, const SceneDie& d) { return warped_box(scene, to_float(face_outline(d))); }

cv::Rect die_extent(const Scene& scene, const SceneDie& d) { return warped_box(scene, die_silhouette(d)); }

std::vector<int> sorted_values(const Scene& scene) {
  std::vector<int> values;
  for (const auto& d : scene.dice) values.push_back(d.pips);
  std::sort(values.begin(), values.end());
  return values;
}

std::vector<LabelledDie> labelled_dice(const Scene& scene) {
  std::vector<LabelledDie> out;
  for (const auto& d : scene.dice) out.push_back({d.pips, cv::Rect2d(die_box(scene, d))});
  return out;
}

cv::Mat render_scene(const Scene& scene, std::uint64_t seed) {
  cv::Mat image(scene.size, CV_32FC3, scene.table);
  cv::RNG rng(seed);
  // Everything added since the first renderer draws from its own stream, so scenes that
  // use none of it render exactly as before.
  cv::RNG extra(seed * 0x9E3779B97F4A7C15ULL + 0x51);

  if (scene.surface != Surface::Wood) draw_surface(image, scene, extra);
  if (scene.surface == Surface::Wood && scene.grain > 0) {
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
  for (const auto& thing : scene.clutter) draw_thing(image, thing, extra);

  if (scene.shadows) {
    cv::Mat shade(scene.size, CV_32F, cv::Scalar(0));
    for (const auto& d : scene.dice) {
      if (d.lean == cv::Point2f(0, 0)) {
        cv::fillPoly(shade, std::vector<std::vector<cv::Point>>{face_outline(d, 1, {d.side * 0.1f, d.side * 0.12f})},
                     cv::Scalar(1), cv::LINE_AA, kShift);
      } else {
        std::vector<cv::Point2f> hull = die_silhouette(d);
        for (auto& p : hull) p += cv::Point2f(d.side * 0.1f, d.side * 0.12f);
        cv::fillConvexPoly(shade, fixed(hull), cv::Scalar(1), cv::LINE_AA, kShift);
      }
    }
    const int k = 2 * static_cast<int>(scene.dice.empty() ? 3 : scene.dice[0].side * 0.12f) + 1;
    cv::GaussianBlur(shade, shade, {k, k}, 0);
    const float strength = static_cast<float>(scene.shadow_strength);
    for (int y = 0; y < image.rows; ++y) {
      auto* row = image.ptr<cv::Vec3f>(y);
      const auto* s = shade.ptr<float>(y);
      for (int x = 0; x < image.cols; ++x) row[x] *= 1.f - strength * s[x];
    }
  }

  for (const auto& d : scene.dice) draw_die(image, d, extra);

  if (scene.light_gradient > 0) light_falloff(image, scene.light_gradient, extra);
  if (scene.perspective != cv::Matx33d::eye())
    cv::warpPerspective(image, image, cv::Mat(scene.perspective), image.size(), cv::INTER_LINEAR, cv::BORDER_REFLECT);
  if (scene.defocus > 0) cv::GaussianBlur(image, image, {0, 0}, scene.defocus);
  if (scene.motion >= 1) motion_blur(image, scene.motion, scene.motion_angle_deg);

  if (scene.noise > 0) {
    cv::Mat noise(scene.size, CV_32FC3);
    rng.fill(noise, cv::RNG::NORMAL, 0, scene.noise);
    image += noise;
  }
  cv::GaussianBlur(image, image, {3, 3}, 0.7);
  cv::Mat out;
  image.convertTo(out, CV_8UC3);
  if (scene.jpeg_quality > 0) {
    const auto bytes = image::encode_jpeg(out, std::clamp(scene.jpeg_quality, 1, 100));
    out = image::decode_image(bytes);
  }
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

#include "frontends/hexcells/glyphs.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cctype>
#include <cstring>
#include <vector>

namespace puzzlesat::hexcells_vision {
namespace {

// Stroke width relative to digit height: the game's lettering is a bold sans.
constexpr double kStroke = 0.16;
// Normalised glyph canvas: height kNormH, glyphs keep their aspect ratio.
constexpr int kNormH = 24, kNormW = 32;
// The game's digits are wider than the stroke boxes above.
constexpr double kAspect = 1.15;
constexpr const char* kGlyphs = "0123456789{}?";

// The project's own lettering: each glyph is a few strokes (lines and elliptic arcs)
// on a box of height 1, shaped after a bold grotesque like the game's. Arc angles are
// OpenCV's: degrees clockwise from the +x axis (y points down).
struct Stroke {
  enum { line, arc, dot } type;
  double a, b, c, d;             // line: x0 y0 x1 y1; arc/dot: centre x y, axes (radii)
  double from = 0, to = 0;       // arc angles
};

const std::vector<Stroke>& strokes_of(char g) {
  static const std::vector<Stroke> none;
  static const std::vector<std::pair<char, std::vector<Stroke>>> font = {
      {'0', {{Stroke::arc, 0.28, 0.5, 0.21, 0.42, 0, 360}}},
      {'1', {{Stroke::line, 0.30, 0.0, 0.30, 1.0}, {Stroke::line, 0.30, 0.02, 0.08, 0.2}}},
      {'2', {{Stroke::arc, 0.28, 0.28, 0.2, 0.2, 180, 390}, {Stroke::line, 0.453, 0.38, 0.07, 0.95},
             {Stroke::line, 0.07, 0.95, 0.5, 0.95}}},
      {'3', {{Stroke::arc, 0.27, 0.26, 0.19, 0.2, 200, 450}, {Stroke::arc, 0.27, 0.71, 0.22, 0.24, 270, 520}}},
      {'4', {{Stroke::line, 0.42, 1.0, 0.42, 0.0}, {Stroke::line, 0.42, 0.0, 0.03, 0.68},
             {Stroke::line, 0.03, 0.68, 0.52, 0.68}}},
      {'5', {{Stroke::line, 0.48, 0.04, 0.13, 0.04}, {Stroke::line, 0.13, 0.04, 0.09, 0.47},
             {Stroke::arc, 0.28, 0.65, 0.21, 0.27, 200, 500}}},
      {'6', {{Stroke::arc, 0.28, 0.67, 0.21, 0.27, 0, 360}, {Stroke::arc, 0.30, 0.5, 0.22, 0.46, 180, 300}}},
      {'7', {{Stroke::line, 0.03, 0.04, 0.52, 0.04}, {Stroke::line, 0.52, 0.04, 0.22, 1.0}}},
      {'8', {{Stroke::arc, 0.28, 0.25, 0.18, 0.21, 0, 360}, {Stroke::arc, 0.28, 0.72, 0.22, 0.24, 0, 360}}},
      {'9', {{Stroke::arc, 0.28, 0.33, 0.21, 0.27, 0, 360}, {Stroke::arc, 0.26, 0.5, 0.22, 0.46, 0, 120}}},
      {'?', {{Stroke::arc, 0.25, 0.25, 0.19, 0.21, 190, 400}, {Stroke::line, 0.396, 0.385, 0.25, 0.55},
             {Stroke::line, 0.25, 0.55, 0.25, 0.68}, {Stroke::dot, 0.25, 0.95, 0.06, 0.06}}},
      {'{', {{Stroke::line, 0.32, 0.0, 0.2, 0.06}, {Stroke::line, 0.2, 0.06, 0.18, 0.42},
             {Stroke::line, 0.18, 0.42, 0.06, 0.5}, {Stroke::line, 0.06, 0.5, 0.18, 0.58},
             {Stroke::line, 0.18, 0.58, 0.2, 0.94}, {Stroke::line, 0.2, 0.94, 0.32, 1.0}}},
      {'}', {{Stroke::line, 0.06, 0.0, 0.18, 0.06}, {Stroke::line, 0.18, 0.06, 0.2, 0.42},
             {Stroke::line, 0.2, 0.42, 0.32, 0.5}, {Stroke::line, 0.32, 0.5, 0.2, 0.58},
             {Stroke::line, 0.2, 0.58, 0.18, 0.94}, {Stroke::line, 0.18, 0.94, 0.06, 1.0}}},
      {'-', {{Stroke::line, 0.04, 0.55, 0.3, 0.55}}},
  };
  for (const auto& [c, s] : font)
    if (c == g) return s;
  return none;
}

// Advance of each glyph in height units (the game sets digits tightly).
double advance_of(char g) {
  switch (g) {
    case '1': return 0.46;
    case '{': case '}': return 0.52;
    case '-': return 0.48;
    default: return 0.66;
  }
}

// Closing marks keep clear of the digit before them, as in the game.
double gap_before(const std::string& text, std::size_t i) {
  return i > 0 && (text[i] == '}' || text[i] == '-') && text[i - 1] != '-' ? 0.1 : 0.0;
}

// Upright text as an 8-bit mask, ink 255, tightly cropped. Drawn 4x larger and shrunk,
// which anti-aliases the edges.
cv::Mat1b render_mask(const std::string& text, double height, double stroke = kStroke, double kern = 0) {
  constexpr int kSuper = 4;
  const double h = std::max(4.0, height) * kSuper;
  const int thickness = std::max(1, static_cast<int>(std::lround(h * stroke)));
  const double pad = thickness + 2;
  double width = 0;
  for (std::size_t i = 0; i < text.size(); ++i) width += (advance_of(text[i]) + gap_before(text, i)) * kAspect;
  cv::Mat1b big(static_cast<int>(h + 2 * pad + 1), static_cast<int>(width * h + 2 * pad + 1), uchar(0));
  double x0 = pad;
  constexpr int kShift = 4;  // sub-pixel coordinates for OpenCV's drawing
  auto P = [&](double x, double y) {
    return cv::Point(static_cast<int>(std::lround((x0 + x * kAspect * h) * (1 << kShift))),
                     static_cast<int>(std::lround((pad + y * h) * (1 << kShift))));
  };
  auto S = [&](double rx, double ry) {
    return cv::Size(static_cast<int>(std::lround(rx * kAspect * h * (1 << kShift))), static_cast<int>(std::lround(ry * h * (1 << kShift))));
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char g = text[i];
    x0 += gap_before(text, i) * kAspect * h;
    for (const Stroke& s : strokes_of(g)) {
      if (s.type == Stroke::line)
        cv::line(big, P(s.a, s.b), P(s.c, s.d), cv::Scalar(255), thickness, cv::LINE_8, kShift);
      else if (s.type == Stroke::arc)
        cv::ellipse(big, P(s.a, s.b), S(s.c, s.d), 0, s.from, s.to, cv::Scalar(255), thickness, cv::LINE_8, kShift);
      else
        cv::ellipse(big, P(s.a, s.b), S(s.c, s.d), 0, 0, 360, cv::Scalar(255), cv::FILLED, cv::LINE_8, kShift);
    }
    x0 += (advance_of(g) - kern) * kAspect * h;
  }
  cv::Mat1b mask;
  cv::resize(big, mask, {}, 1.0 / kSuper, 1.0 / kSuper, cv::INTER_AREA);
  const cv::Rect box = cv::boundingRect(mask);
  return box.area() ? cv::Mat1b(mask(box).clone()) : mask;
}

// Zero mean and unit norm, so that a dot product is the normalised correlation.
cv::Mat1f standardise(cv::Mat1f m) {
  m -= cv::mean(m)[0];
  const double n = cv::norm(m);
  if (n > 1e-9) m /= n;
  return m;
}

// Scales a glyph to height kNormH (keeping its aspect) into a blurred float canvas.
cv::Mat1f normalise_glyph(const cv::Mat1b& glyph) {
  cv::Mat1f canvas(kNormH, kNormW, 0.f);
  if (glyph.empty()) return canvas;
  const double s = static_cast<double>(kNormH) / glyph.rows;
  const int w = std::clamp(static_cast<int>(std::lround(glyph.cols * s)), 1, kNormW);
  cv::Mat1b scaled;
  cv::resize(glyph, scaled, {w, kNormH}, 0, 0, cv::INTER_AREA);
  scaled.convertTo(canvas(cv::Rect((kNormW - w) / 2, 0, w, kNormH)), CV_32F, 1.0 / 255);
  cv::GaussianBlur(canvas, canvas, {5, 5}, 1.2);
  return standardise(canvas);
}

struct Template {
  char glyph;
  cv::Mat1f norm;
};

const std::vector<Template>& templates() {
  static const std::vector<Template> all = [] {
    std::vector<Template> t;
    for (const char* g = kGlyphs; *g; ++g)
      for (double stroke : {0.12, 0.16, 0.2}) t.push_back({*g, normalise_glyph(render_mask(std::string(1, *g), 40, stroke))});
    return t;
  }();
  return all;
}

// "10"-"19" as the game sets them at small sizes: the "1" so close to the next digit
// that the two touch and make one blob.
struct PairTemplate {
  std::string text;
  cv::Mat1f norm;
};

const std::vector<PairTemplate>& pair_templates() {
  static const std::vector<PairTemplate> all = [] {
    std::vector<PairTemplate> t;
    for (char d = '0'; d <= '9'; ++d)
      for (double kern : {0.1, 0.18, 0.26})
        for (double stroke : {0.14, 0.18}) t.push_back({std::string("1") + d, normalise_glyph(render_mask(std::string("1") + d, 40, stroke, kern))});
    return t;
  }();
  return all;
}

struct Blob {
  cv::Rect box;
  cv::Mat1b mask;  // the blob's own pixels inside box
};

std::vector<Blob> blobs_of(const cv::Mat1b& ink) {
  cv::Mat1i labels;
  cv::Mat stats, centroids;
  const int n = cv::connectedComponentsWithStats(ink, labels, stats, centroids, 4, CV_32S);
  int biggest = 0;
  for (int i = 1; i < n; ++i) biggest = std::max(biggest, stats.at<int>(i, cv::CC_STAT_AREA));
  std::vector<Blob> blobs;
  for (int i = 1; i < n; ++i) {
    if (stats.at<int>(i, cv::CC_STAT_AREA) < std::max(2, biggest / 40)) continue;
    cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                 stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    cv::Mat1b m = labels(box) == i;
    cv::Mat1b grey;
    ink(box).copyTo(grey, m);
    blobs.push_back({box, grey});
  }
  std::sort(blobs.begin(), blobs.end(), [](const Blob& a, const Blob& b) { return a.box.x < b.box.x; });
  // Pieces stacked vertically belong to one glyph (the dot of "?").
  std::vector<Blob> merged;
  for (auto& b : blobs) {
    if (!merged.empty()) {
      Blob& last = merged.back();
      const int overlap = std::min(last.box.br().x, b.box.br().x) - std::max(last.box.x, b.box.x);
      if (overlap > 0.5 * std::min(last.box.width, b.box.width)) {
        const cv::Rect u = last.box | b.box;
        cv::Mat1b m(u.size(), uchar(0));
        cv::Mat a = m(last.box - u.tl()), c = m(b.box - u.tl());
        cv::max(a, cv::Mat(last.mask), a);
        cv::max(c, cv::Mat(b.mask), c);
        last = {u, m};
        continue;
      }
    }
    merged.push_back(std::move(b));
  }
  return merged;
}

// The enclosed holes of a glyph: what template matching at a few pixels' size blurs
// (a bold "4" against a "0", a "5" against a "6") but topology keeps.
struct Holes {
  int count = 0;
  double top = 1, bottom = 0;  // extreme hole centres, as fractions of the glyph height
  double largest = 0;          // largest hole area as a fraction of the glyph's box
  std::vector<std::pair<int, int>> columns;  // each hole's first and last column
};

Holes holes_of(const cv::Mat1b& glyph) {
  cv::Mat1b padded;
  cv::copyMakeBorder(glyph > 0, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, cv::Scalar(0));
  cv::Mat1b background = padded == 0;
  cv::floodFill(background, cv::Point(0, 0), cv::Scalar(0));  // what remains is enclosed
  cv::Mat1i labels;
  cv::Mat stats, centroids;
  const int n = cv::connectedComponentsWithStats(background, labels, stats, centroids, 4, CV_32S);
  Holes h;
  const double box = static_cast<double>(glyph.rows) * glyph.cols;
  for (int i = 1; i < n; ++i) {
    const double area = stats.at<int>(i, cv::CC_STAT_AREA) / box;
    if (area < 0.02) continue;
    const double cy = (centroids.at<double>(i, 1) - 1) / glyph.rows;
    ++h.count;
    h.top = std::min(h.top, cy), h.bottom = std::max(h.bottom, cy), h.largest = std::max(h.largest, area);
    const int x0 = stats.at<int>(i, cv::CC_STAT_LEFT) - 1;
    h.columns.push_back({x0, x0 + stats.at<int>(i, cv::CC_STAT_WIDTH) - 1});
  }
  return h;
}

bool topology_allows(char c, const Holes& h) {
  switch (c) {
    case '0': return h.count == 1 && h.top > 0.3 && h.top < 0.7 && h.largest > 0.15;
    case '4': return h.count == 0 || (h.count == 1 && h.top < 0.62 && h.largest < 0.3);
    case '6': return h.count >= 1 && h.bottom > 0.5;
    case '9': return h.count >= 1 && h.top < 0.5;
    case '8': return h.count >= 1;
    default: return h.count == 0;
  }
}

// One glyph, or up to three touching ones (the game sets "10"-"19" tightly, and at low
// resolution a dash can touch its digit).
struct GlyphRead {
  std::string text;
  double score = -1;
};

cv::Mat1b tight(const cv::Mat1b& m) {
  const cv::Rect r = cv::boundingRect(m);
  return r.area() ? cv::Mat1b(m(r)) : m;
}

// depth 2 is a whole blob; pieces cut from it (depth < 2) are digits, since braces and
// "?" stand apart from their neighbours.
GlyphRead read_piece(const cv::Mat1b& piece, int text_height, int depth) {
  // A dash is the one short wide mark.
  if (piece.rows < 0.45 * text_height && piece.cols > 1.2 * piece.rows) return {"-", 1.0};
  double score = 0;
  const char c = classify_among(piece, depth == 2 ? kGlyphs : "0123456789", &score);
  GlyphRead best{std::string(1, c), score};
  if (depth == 0 || piece.cols < 0.75 * text_height || score > 0.9) return best;
  if (depth == 2) {
    const cv::Mat1f norm = normalise_glyph(piece);
    for (const auto& t : pair_templates()) {
      const double s = norm.dot(t.norm);
      if (s > best.score + 0.05) best = {t.text, s};
    }
  }
  // Cut at the columns where the ink is thinnest: the few deepest local minima of the
  // column profile that are at most half as inked as the fullest column.
  cv::Mat1f profile;
  cv::reduce(piece, profile, 0, cv::REDUCE_SUM, CV_32F);
  double fullest = 0;
  cv::minMaxLoc(profile, nullptr, &fullest);
  const int w = piece.cols;
  std::vector<std::pair<float, int>> cuts;
  for (int cut = std::max(2, w / 6); cut <= w - std::max(2, w / 6); ++cut) {
    const float v = profile(0, cut);
    if (v <= profile(0, cut - 1) && v < profile(0, cut + 1) && v <= 0.5 * fullest) cuts.push_back({v, cut});
  }
  std::sort(cuts.begin(), cuts.end());
  if (cuts.size() > 3) cuts.resize(3);
  const Holes holes = holes_of(piece);
  for (const auto& [v, cut] : cuts) {
    // A cut never runs through a hole: no two glyphs share one.
    if (std::any_of(holes.columns.begin(), holes.columns.end(), [c = cut](auto span) { return c >= span.first && c <= span.second; }))
      continue;
    const cv::Mat1b left = tight(piece(cv::Rect(0, 0, cut, piece.rows)));
    const cv::Mat1b right = tight(piece(cv::Rect(cut, 0, w - cut, piece.rows)));
    if (left.empty() || right.empty()) continue;
    const GlyphRead l = read_piece(left, text_height, depth - 1), r = read_piece(right, text_height, depth - 1);
    const double s = std::min(l.score, r.score);
    // No hint counts 30 or more (a line holds at most 28 blue cells in the corpus), so a
    // split into two digits must start with 1 or 2.
    const std::string text = l.text + r.text;
    if (depth == 2 && text.size() == 2 && std::isdigit(static_cast<unsigned char>(text[1])) && text[0] > '2') continue;
    if (s > best.score + 0.05) best = {text, s};
  }
  return best;
}

GlyphRead read_blob(const Blob& b, int text_height) { return read_piece(b.mask > 0, text_height, 2); }

}  // namespace

char classify_glyph(const cv::Mat1b& glyph, double* score) { return classify_among(glyph, kGlyphs, score); }

char classify_among(const cv::Mat1b& glyph, const char* allowed, double* score) {
  const cv::Mat1f norm = normalise_glyph(glyph);
  const Holes holes = holes_of(glyph);
  // The best template whose glyph has the same holes; the best of all if none has.
  double best = -2, best_fit = -2;
  char best_char = '?', best_fit_char = 0;
  for (const auto& t : templates()) {
    if (!std::strchr(allowed, t.glyph)) continue;
    const double s = norm.dot(t.norm);
    if (s > best) best = s, best_char = t.glyph;
    if (s > best_fit && topology_allows(t.glyph, holes)) best_fit = s, best_fit_char = t.glyph;
  }
  if (best_fit_char) best = best_fit, best_char = best_fit_char;
  if (score) *score = best;
  return best_char;
}

std::optional<TextRead> read_text(const cv::Mat1b& ink_grey) {
  // Small text is enlarged before thresholding at half the ink strength, so that strokes
  // one pixel apart (a dash against a digit) stay apart.
  double max_ink = 0;
  cv::minMaxLoc(ink_grey, nullptr, &max_ink);
  if (max_ink < 1) return std::nullopt;
  const cv::Rect extent = cv::boundingRect(ink_grey > max_ink / 2);
  if (extent.area() == 0) return std::nullopt;
  const double factor = std::clamp(40.0 / std::max(1, extent.height), 1.0, 6.0);
  cv::Mat1b big = ink_grey;
  if (factor > 1.01) cv::resize(ink_grey, big, {}, factor, factor, cv::INTER_CUBIC);
  const cv::Mat1b ink = big > max_ink / 2;
  const std::vector<Blob> blobs = blobs_of(ink);
  if (blobs.empty()) return std::nullopt;
  int text_height = 0;
  for (const auto& b : blobs) text_height = std::max(text_height, b.box.height);
  TextRead out{"", 1.0};
  for (const auto& b : blobs) {
    const GlyphRead g = read_blob(b, text_height);
    out.text += g.text;
    out.score = std::min(out.score, g.score);
  }
  return out;
}

void draw_text(cv::Mat& image, const std::string& text, cv::Point2f centre, double height, cv::Point2f down,
               const cv::Scalar& colour) {
  const cv::Mat1b mask = render_mask(text, height);
  // Rotate the upright mask so that its down axis becomes `down`, centred on `centre`.
  const double angle = std::atan2(down.x, down.y) * 180.0 / CV_PI;
  cv::Mat rot = cv::getRotationMatrix2D(cv::Point2f(mask.cols / 2.f, mask.rows / 2.f), angle, 1.0);
  rot.at<double>(0, 2) += centre.x - mask.cols / 2.0;
  rot.at<double>(1, 2) += centre.y - mask.rows / 2.0;
  cv::Mat1b alpha(image.size(), uchar(0));
  cv::warpAffine(mask, alpha, rot, image.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0));
  const cv::Rect box = cv::boundingRect(alpha);
  for (int y = box.y; y < box.br().y; ++y)
    for (int x = box.x; x < box.br().x; ++x) {
      const float a = alpha(y, x) / 255.f;
      if (a == 0) continue;
      auto& px = image.at<cv::Vec3b>(y, x);
      for (int k = 0; k < 3; ++k) px[k] = cv::saturate_cast<uchar>(px[k] * (1 - a) + colour[k] * a);
    }
}

}  // namespace puzzlesat::hexcells_vision

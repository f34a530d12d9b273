// The hint lettering as the project draws it (digits, "{", "}", "-", "?" as a few
// thick strokes each, shaped after the game's bold sans) and a recogniser that reads
// ink masks by matching each glyph against those drawings. Nothing is learnt from game data, so the shipped
// binary reads screenshots on a fresh clone; the labelled game crops only evaluate it.
#pragma once

#include <opencv2/core.hpp>

#include <optional>
#include <string>

namespace puzzlesat::hexcells_vision {

// Draws `text` centred at `centre` with digit height `height` pixels. The text's "down"
// points along `down` (unit vector in image coordinates; {0, 1} is upright), which is
// how the game turns the labels of diagonal line hints.
void draw_text(cv::Mat& image, const std::string& text, cv::Point2f centre, double height,
               cv::Point2f down, const cv::Scalar& colour);

struct TextRead {
  std::string text;     // e.g. "12", "{3}", "-2-", "?"
  double score = 0;     // worst glyph match in [-1, 1]; higher is better
};

// Reads upright text from an ink-strength image (0 = background, larger = more ink,
// e.g. the distance from the background colour). Returns nullopt when there is no ink.
std::optional<TextRead> read_text(const cv::Mat1b& ink);

// The best single-glyph match for an ink mask (tests and evaluation).
char classify_glyph(const cv::Mat1b& glyph, double* score = nullptr);
// The same, among the glyphs listed in `allowed` only.
char classify_among(const cv::Mat1b& glyph, const char* allowed, double* score = nullptr);

}  // namespace puzzlesat::hexcells_vision

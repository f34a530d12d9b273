// Reads the top faces of six-sided dice from a photo: finds every die (any colour, on a light
// or dark background, rotated, touching neighbours split apart) and counts its pips.
// This is the public entry point of puzzlesat::dice_vision; the stages live in die_finder.h
// and pip_counter.h.
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

#include "frontends/dice/dice_settings.h"

namespace puzzlesat::dice_vision {

struct Die {
  int pips = 0;          // 1..6, the value on the top face
  cv::Rect box;          // the die in image pixels
  double confidence = 0; // 0..1: how clean the die's outline, pips and pip layout were
};

// Which reader gives each die's value (the die finder and the agreement between the dice of
// a photo are the same for all three):
// - Rules: the pip counter and face-pattern rules alone (pip_counter.h);
// - Model: the learned reader alone (learned_reader.h): it also says which regions are dice;
// - Both: the rules, overruled by the learned reader where it is sure (ReadOptions).
enum class DieReader { Rules, Model, Both };

struct ReadOptions {
  // Both by default: the rules read the values (the model alone reads fewer dev photos
  // exactly), and the model's veto drops what is no die, such as a SET card with one
  // symbol, which the pip counter reads as a 1 (docs/dice-vision.md, "The learned reader").
  DieReader reader = DieReader::Both;
  // Every tuned number of the reader, the learned reader's part (overrule, doubt, veto,
  // adopt) included: dice_settings.h.
  DiceSettings settings;
};

// "rules", "model" or "both"; throws puzzlesat::InputError for anything else.
DieReader parse_die_reader(const std::string& name);
// The name parse_die_reader takes for `reader`.
const char* die_reader_name(DieReader reader);

// The dice in a BGR (or grey, or BGRA) image, left to right then top to bottom.
// Throws puzzlesat::InputError for an empty image. Without the model file the learned
// reader's part is left out (Model and Both read as Rules).
std::vector<Die> read_dice(const cv::Mat& image, const ReadOptions& options = {});

// The boxes of the die regions the reader's finder returns (die_finder.h), in image
// pixels, before any reading: what the per-die readers are given to look at.
std::vector<cv::Rect> found_regions(const cv::Mat& image, const DiceSettings& settings = {});

// Loads `path` (image::load_image) and reads it. Throws puzzlesat::InputError naming the
// file when it is missing, not a decodable image, or too large or too small.
std::vector<Die> read_dice_file(const std::string& path);

}  // namespace puzzlesat::dice_vision

// Reads the top faces of six-sided dice from a photo: finds every die (any colour, on a light
// or dark background, rotated, touching neighbours split apart) and counts its pips.
// This is the public entry point of puzzlesat::dice_vision; the stages live in die_finder.h
// and pip_counter.h.
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

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

// The tuned numbers of the learned reader's part, one table: default, range, reason.
struct ReadOptions {
  // Both by default: the rules read the values (the model alone reads fewer dev photos
  // exactly), and the model's veto drops what is no die, such as a SET card with one
  // symbol, which the pip counter reads as a 1 (docs/dice-vision.md, "Learned reader").
  DieReader reader = DieReader::Both;
  // Both: the model's probability above which its value replaces a different rules'
  // value. 0.5..1, 1 never; 1: the model misreads glints that the rules know (a glint at
  // the centre of a 4 read as 5 with probability > 0.98), and on the dev photos 0.98
  // changed one die of 2,437.
  double overrule = 1;
  // Both: only readings the rules are less sure of than this (PipReading::confidence) may
  // be overruled. 0..1, 1 all of them.
  double doubt = 1;
  // Both: the model's "not a die" probability above which a region the rules read is
  // dropped. 0.5..1, 1 never; 0.8: on the dev dice photos 0.97 -> 0.8 loses 3 of 510
  // photos (dice the model doubts), and the SET photos that read as holding a die fall
  // from 140 to 2 of 535 (0.9: 12; 0.7 loses 3 more dice photos and gains none).
  double veto = 0.8;
  // Both: the model's probability above which a region the rules found no face on is
  // read as a die. 0.5..1, 1 never; 0.97: a region the rules reject is usually no die.
  double adopt = 0.97;
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
std::vector<cv::Rect> found_regions(const cv::Mat& image);

// Loads `path` (image::load_image) and reads it. Throws puzzlesat::InputError naming the
// file when it is missing, not a decodable image, or too large or too small.
std::vector<Die> read_dice_file(const std::string& path);

}  // namespace puzzlesat::dice_vision

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

// The dice in a BGR (or grey, or BGRA) image, left to right then top to bottom.
// Throws puzzlesat::InputError for an empty image.
std::vector<Die> read_dice(const cv::Mat& image);

// The boxes of the die regions the reader's finder returns (die_finder.h), in image
// pixels, before any reading: what the per-die readers are given to look at.
std::vector<cv::Rect> found_regions(const cv::Mat& image);

// Loads `path` (image::load_image) and reads it. Throws puzzlesat::InputError naming the
// file when it is missing, not a decodable image, or too large or too small.
std::vector<Die> read_dice_file(const std::string& path);

}  // namespace puzzlesat::dice_vision

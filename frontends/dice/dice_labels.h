// Ground truth for dice photos and how a reading is scored against it: `X.dice.txt` holds the
// sorted pip values of photo X, `X.boxes.txt` one "pips cx cy w h" line per die with the box
// YOLO-normalised (0..1). Used by `puzzlesat yahtzee dice-eval` and the tests on real photos.
#pragma once

#include <opencv2/core.hpp>

#include <string>
#include <vector>

#include "frontends/dice/dice_reader.h"

namespace puzzlesat::dice_vision {

struct LabelledDie {
  int pips = 0;
  cv::Rect2d box;  // image pixels
};

// Parses the pip values of a `.dice.txt` file (whitespace-separated, each 1..6). Throws
// InputError naming `file`, line and column for anything else.
std::vector<int> parse_dice_values(const std::string& text, const std::string& file);

// Parses a `.boxes.txt` file against the size of its image. Throws InputError as above.
std::vector<LabelledDie> parse_dice_boxes(const std::string& text, cv::Size image, const std::string& file);

// The two files' text for dice labelled on an image of `image` size (boxes clipped to it),
// as parse_dice_values and parse_dice_boxes read them: `dice-scene --labels` writes them.
std::string format_dice_values(const std::vector<int>& values);
std::string format_dice_boxes(const std::vector<LabelledDie>& dice, cv::Size image);

// One labelled die read wrongly or not at all, or a die read where none is labelled: what
// `dice-eval` lists under a missed photo, so each miss can be traced to its dice.
struct DieFault {
  enum class Kind { NotFound, TooFewPips, TooManyPips, Extra };
  Kind kind = Kind::NotFound;
  int labelled_pips = 0;  // 0 for an extra die
  int read_pips = 0;      // 0 for a die not found
  cv::Rect box;           // the label's box, or the die read's box for an extra
};

const char* fault_name(DieFault::Kind kind);

struct ReadingScore {
  bool exact = false;   // the multiset of values read equals the labelled one
  int labelled = 0;     // dice in the label
  int found = 0;        // dice read
  int correct = 0;      // labelled dice read with the right value (matched by position when
                        // boxes are given, else by multiset intersection)
  int matched = 0;      // labelled dice with a die read at their place (by position only):
                        // detection recall is matched / labelled, precision matched / found,
                        // and pip accuracy on the dice found correct / matched
  bool by_position = false;
  std::vector<DieFault> faults;  // by position only, in label order, extras last
};

// For each label, the index in `found` of the die read at its place, or -1. A labelled die
// matches the nearest unmatched die read whose box centre lies within reach of the label's
// centre (half the larger of the two boxes' diagonals); closest pairs are matched first.
std::vector<int> match_dice(const std::vector<Die>& found, const std::vector<LabelledDie>& boxes);

// Scores `found` against the sorted values and, when non-empty, the boxes, matched by
// match_dice.
ReadingScore score_reading(const std::vector<Die>& found, const std::vector<int>& values,
                           const std::vector<LabelledDie>& boxes);

}  // namespace puzzlesat::dice_vision

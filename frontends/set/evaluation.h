// Scores the photo reader against labelled photos (X.jpg beside X.cards.txt): detection
// recall and precision, per-attribute and whole-card accuracy, and time per photo. This
// is how the reader's results are measured and published (docs/set-vision.md).
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "problems/set/card.h"

namespace puzzlesat::set_vision {

struct PhotoScore {
  std::string name;         // file name of the photo
  int labelled = 0;         // cards in the label file
  int detected = 0;         // cards the reader found
  int matched = 0;          // detected cards paired with a label
  std::array<int, set::kAttributes> attribute_correct{};  // over labelled cards
  int cards_correct = 0;    // all four attributes right
  int flagged = 0;          // detected cards reported as low-confidence
  int silent = 0;           // labelled cards read wrongly and not flagged: a wrong answer given as sure
  double decode_seconds = 0;
  double process_seconds = 0;
  // A labelled card read wrongly or not found.
  struct Miss {
    set::Card label;
    std::string read;      // the card read in its place, empty when none was
    bool flagged = false;  // the card read was reported as low-confidence
  };
  std::vector<Miss> misses;

  PhotoScore& operator+=(const PhotoScore& other);  // for totals (misses not merged)
  double recall() const { return labelled ? double(matched) / labelled : 1; }
  double precision() const { return detected ? double(matched) / detected : 1; }
  double accuracy() const { return labelled ? double(cards_correct) / labelled : 1; }
};

// The labelled photos in `dir`, sorted by name: every *.jpg/*.jpeg/*.png with a
// .cards.txt beside it. Throws InputError when `dir` is not a directory.
std::vector<std::filesystem::path> labelled_photos(const std::filesystem::path& dir);

// Reads `photo`, pairs its cards with the labels (card_matching.h) and scores them.
// Throws InputError for an unreadable photo or label file.
PhotoScore evaluate_photo(const std::filesystem::path& photo);

}  // namespace puzzlesat::set_vision

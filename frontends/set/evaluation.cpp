#include "frontends/set/evaluation.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include <puzzlesat/input_error.h>
#include "frontends/set/card_matching.h"
#include "frontends/set/photo.h"
#include "frontends/set/table_reader.h"
#include "problems/set/board.h"
#include "problems/set/card_text.h"

namespace puzzlesat::set_vision {
namespace fs = std::filesystem;

namespace {

fs::path label_path(const fs::path& photo) {
  fs::path p = photo;
  return p.replace_extension(".cards.txt");
}

// A single-card image named for its card, "one-green-open-diamond[__tag].jpg", as in
// ../shared/data/set/cards: the name is the label.
std::optional<set::Card> card_in_name(const fs::path& photo) {
  std::string stem = photo.stem().string();
  stem = stem.substr(0, stem.find("__"));
  if (std::count(stem.begin(), stem.end(), '-') != 3) return std::nullopt;
  std::replace(stem.begin(), stem.end(), '-', ' ');
  try {
    return set::parse_card(stem);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

}  // namespace

PhotoScore& PhotoScore::operator+=(const PhotoScore& o) {
  labelled += o.labelled;
  detected += o.detected;
  matched += o.matched;
  for (int a = 0; a < set::kAttributes; ++a) attribute_correct[a] += o.attribute_correct[a];
  cards_correct += o.cards_correct;
  flagged += o.flagged;
  silent += o.silent;
  decode_seconds += o.decode_seconds;
  process_seconds += o.process_seconds;
  return *this;
}

std::vector<fs::path> labelled_photos(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError("not a directory", {dir.string()});
  std::vector<fs::path> photos;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::string ext = entry.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if ((ext == ".jpg" || ext == ".jpeg" || ext == ".png") &&
        (fs::exists(label_path(entry.path())) || card_in_name(entry.path())))
      photos.push_back(entry.path());
  }
  std::sort(photos.begin(), photos.end());
  return photos;
}

PhotoScore evaluate_photo(const fs::path& photo_path) {
  fs::path labels_file = label_path(photo_path);
  std::vector<set::Card> labels;
  if (std::optional<set::Card> named = card_in_name(photo_path); named && !fs::exists(labels_file)) {
    labels = {*named};
  } else {
    std::ifstream in(labels_file);
    if (!in) throw InputError("cannot read label file", {labels_file.string()});
    std::stringstream text;
    text << in.rdbuf();
    labels = set::parse_board(text.str(), labels_file.string());
  }

  Photo photo = load_photo(photo_path.string());
  TableReading table = read_table(photo.image, photo.scale);
  std::vector<set::Card> read;
  for (const auto& c : table.cards) read.push_back(c.reading.card());

  PhotoScore s;
  s.name = photo_path.filename().string();
  s.labelled = int(labels.size());
  s.detected = int(read.size());
  s.decode_seconds = photo.decode_seconds;
  s.process_seconds = table.seconds;
  for (const auto& c : table.cards) s.flagged += c.reading.confidence() < low_confidence();
  std::vector<int> match = match_cards(labels, read);
  for (size_t i = 0; i < labels.size(); ++i) {
    if (match[i] < 0) {
      s.misses.push_back({labels[i], "", false});
      continue;
    }
    ++s.matched;
    set::Card got = read[match[i]];
    for (int a = 0; a < set::kAttributes; ++a) s.attribute_correct[a] += labels[i].get(a) == got.get(a);
    if (got == labels[i]) {
      ++s.cards_correct;
      continue;
    }
    const bool flagged = table.cards[size_t(match[i])].reading.confidence() < low_confidence();
    s.silent += !flagged;
    s.misses.push_back({labels[i], set::to_string(got), flagged});
  }
  return s;
}

}  // namespace puzzlesat::set_vision

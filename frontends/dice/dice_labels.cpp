#include "frontends/dice/dice_labels.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <puzzlesat/input_error.h>

namespace puzzlesat::dice_vision {

namespace {

// The whitespace-separated tokens of one line, each with its 1-based column.
std::vector<std::pair<std::string, int>> tokens_of(const std::string& line) {
  std::vector<std::pair<std::string, int>> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) out.emplace_back(line.substr(start, i - start), static_cast<int>(start) + 1);
  }
  return out;
}

int parse_pips(const std::string& token, const SourceLocation& where) {
  if (token.size() != 1 || token[0] < '1' || token[0] > '6')
    throw InputError("expected a pip value 1..6, found '" + token + "'", where);
  return token[0] - '0';
}

double parse_unit(const std::string& token, const SourceLocation& where) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(token, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != token.size() || !(v >= 0.0 && v <= 1.0))
    throw InputError("expected a number in 0..1, found '" + token + "'", where);
  return v;
}

}  // namespace

std::vector<int> parse_dice_values(const std::string& text, const std::string& file) {
  std::vector<int> values;
  std::istringstream in(text);
  std::string line;
  for (int line_no = 1; std::getline(in, line); ++line_no)
    for (const auto& [token, column] : tokens_of(line)) values.push_back(parse_pips(token, {file, line_no, column}));
  std::sort(values.begin(), values.end());
  return values;
}

std::vector<LabelledDie> parse_dice_boxes(const std::string& text, cv::Size image, const std::string& file) {
  std::vector<LabelledDie> boxes;
  std::istringstream in(text);
  std::string line;
  for (int line_no = 1; std::getline(in, line); ++line_no) {
    const auto tokens = tokens_of(line);
    if (tokens.empty()) continue;
    if (tokens.size() != 5)
      throw InputError("expected 'pips cx cy w h', found " + std::to_string(tokens.size()) + " fields", {file, line_no, 1});
    double v[4];
    for (int i = 0; i < 4; ++i) v[i] = parse_unit(tokens[i + 1].first, {file, line_no, tokens[i + 1].second});
    LabelledDie die;
    die.pips = parse_pips(tokens[0].first, {file, line_no, tokens[0].second});
    die.box = cv::Rect2d((v[0] - v[2] / 2) * image.width, (v[1] - v[3] / 2) * image.height, v[2] * image.width,
                         v[3] * image.height);
    boxes.push_back(die);
  }
  return boxes;
}

std::string format_dice_values(const std::vector<int>& values) { return fmt::format("{}\n", fmt::join(values, " ")); }

std::string format_dice_boxes(const std::vector<LabelledDie>& dice, cv::Size image) {
  const double w = image.width, h = image.height;
  std::string out;
  for (const LabelledDie& d : dice) {
    const cv::Rect2d b = d.box & cv::Rect2d(0, 0, w, h);
    out += fmt::format("{} {:.6f} {:.6f} {:.6f} {:.6f}\n", d.pips, (b.x + b.width / 2) / w, (b.y + b.height / 2) / h,
                       b.width / w, b.height / h);
  }
  return out;
}

const char* fault_name(DieFault::Kind kind) {
  switch (kind) {
    case DieFault::Kind::NotFound: return "not found";
    case DieFault::Kind::TooFewPips: return "too few pips";
    case DieFault::Kind::TooManyPips: return "too many pips";
    case DieFault::Kind::Extra: return "extra";
  }
  return "?";
}

std::vector<int> match_dice(const std::vector<Die>& found, const std::vector<LabelledDie>& boxes) {
  // Greedy matching, closest pairs first; a die read matches at most one label.
  struct Pair {
    double distance;
    std::size_t label, die;
  };
  std::vector<Pair> pairs;
  auto centre = [](const cv::Rect2d& r) { return cv::Point2d(r.x + r.width / 2, r.y + r.height / 2); };
  auto half_diagonal = [](const cv::Rect2d& r) { return 0.5 * std::hypot(r.width, r.height); };
  for (std::size_t i = 0; i < boxes.size(); ++i)
    for (std::size_t j = 0; j < found.size(); ++j) {
      const cv::Rect2d box(found[j].box);
      const double d = cv::norm(centre(boxes[i].box) - centre(box));
      if (d <= std::max(half_diagonal(boxes[i].box), half_diagonal(box))) pairs.push_back({d, i, j});
    }
  std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) { return a.distance < b.distance; });
  std::vector<bool> die_used(found.size());
  std::vector<int> read_at(boxes.size(), -1);
  for (const auto& p : pairs) {
    if (read_at[p.label] >= 0 || die_used[p.die]) continue;
    read_at[p.label] = static_cast<int>(p.die);
    die_used[p.die] = true;
  }
  return read_at;
}

ReadingScore score_reading(const std::vector<Die>& found, const std::vector<int>& values,
                           const std::vector<LabelledDie>& boxes) {
  ReadingScore score;
  score.labelled = static_cast<int>(values.size());
  score.found = static_cast<int>(found.size());
  std::vector<int> read;
  for (const auto& d : found) read.push_back(d.pips);
  std::sort(read.begin(), read.end());
  score.exact = read == values;

  if (boxes.empty()) {
    std::vector<int> common;
    std::set_intersection(read.begin(), read.end(), values.begin(), values.end(), std::back_inserter(common));
    score.correct = static_cast<int>(common.size());
    return score;
  }

  score.by_position = true;
  const std::vector<int> read_at = match_dice(found, boxes);  // the die read matched to each label
  std::vector<bool> die_used(found.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (read_at[i] < 0) continue;
    die_used[read_at[i]] = true;
    ++score.matched;
    if (found[read_at[i]].pips == boxes[i].pips) ++score.correct;
  }
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const int want = boxes[i].pips;
    const int got = read_at[i] < 0 ? 0 : found[read_at[i]].pips;
    if (got == want) continue;
    const auto kind = got == 0 ? DieFault::Kind::NotFound
                      : got < want ? DieFault::Kind::TooFewPips
                                   : DieFault::Kind::TooManyPips;
    score.faults.push_back({kind, want, got, cv::Rect(boxes[i].box)});
  }
  for (std::size_t j = 0; j < found.size(); ++j)
    if (!die_used[j]) score.faults.push_back({DieFault::Kind::Extra, 0, found[j].pips, found[j].box});
  return score;
}

}  // namespace puzzlesat::dice_vision

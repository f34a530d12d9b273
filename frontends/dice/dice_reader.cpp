#include "frontends/dice/dice_reader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

#include "common/input_error.h"
#include "frontends/dice/dice_agreement.h"
#include "frontends/dice/die_finder.h"
#include "frontends/dice/pip_counter.h"
#include "frontends/image/load_image.h"

namespace puzzlesat::dice_vision {

namespace {

// Photos larger than this are read at this size: the dice stay tens of pixels wide, and
// the time per photo stays bounded.
constexpr int kWorkingSize = 960;

cv::Mat to_bgr(const cv::Mat& image) {
  if (image.depth() != CV_8U) {
    cv::Mat converted;
    double max_value = 1;
    cv::minMaxLoc(image.reshape(1), nullptr, &max_value);
    image.convertTo(converted, CV_8U, image.depth() == CV_16U ? 1.0 / 257 : (max_value <= 1.0 ? 255.0 : 1.0));
    return to_bgr(converted);
  }
  cv::Mat bgr;
  switch (image.channels()) {
    case 1: cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR); return bgr;
    case 3: return image;
    case 4: cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR); return bgr;
    default: throw InputError("unsupported image: " + std::to_string(image.channels()) + " channels");
  }
}

}  // namespace

std::vector<Die> read_dice(const cv::Mat& image) {
  if (image.empty()) throw InputError("empty image");
  cv::Mat bgr = to_bgr(image);
  double scale = 1.0;
  const int longest = std::max(bgr.cols, bgr.rows);
  if (longest > kWorkingSize) {
    scale = double(kWorkingSize) / longest;
    cv::resize(bgr, bgr, cv::Size(), scale, scale, cv::INTER_AREA);
  }

  cv::Mat lab;
  cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
  std::vector<Candidate> candidates;
  for (const auto& region : find_die_regions(bgr)) {
    const PipReading reading = count_pips(lab, region);
    if (reading.pips == 0) continue;
    Die die;
    die.pips = reading.pips;
    die.confidence = reading.confidence;
    const cv::Rect b = region.box;
    die.box = cv::Rect(cvRound(b.x / scale), cvRound(b.y / scale), cvRound(b.width / scale), cvRound(b.height / scale));
    candidates.push_back(describe_candidate(lab, region, reading, die));
  }
  std::vector<Die> dice = agreeing_dice(candidates);
  std::sort(dice.begin(), dice.end(), [](const Die& a, const Die& b) {
    return std::pair(a.box.x + a.box.width / 2, a.box.y) < std::pair(b.box.x + b.box.width / 2, b.box.y);
  });
  return dice;
}

std::vector<Die> read_dice_file(const std::string& path) { return read_dice(image::load_image(path)); }

}  // namespace puzzlesat::dice_vision

#include "frontends/dice/dice_annotate.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <string>

namespace puzzlesat::dice_vision {

cv::Mat annotate_dice(const cv::Mat& image, const std::vector<Die>& dice) {
  cv::Mat out;
  if (image.channels() == 1)
    cv::cvtColor(image, out, cv::COLOR_GRAY2BGR);
  else if (image.channels() == 4)
    cv::cvtColor(image, out, cv::COLOR_BGRA2BGR);
  else
    out = image.clone();
  const double font = std::max(0.5, std::max(out.cols, out.rows) / 1200.0);
  const int thick = std::max(1, static_cast<int>(font * 2));
  for (const auto& d : dice) {
    // Green when sure, through yellow, to red when unsure.
    const double c = std::clamp(d.confidence, 0.0, 1.0);
    const cv::Scalar colour(0, 255 * std::min(1.0, 2 * c), 255 * std::min(1.0, 2 * (1 - c)));
    cv::rectangle(out, d.box, colour, thick, cv::LINE_AA);
    const std::string text = std::to_string(d.pips);
    int baseline = 0;
    const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, font, thick, &baseline);
    cv::Point at(d.box.x, d.box.y - 4);
    if (at.y - size.height < 0) at.y = d.box.y + d.box.height + size.height + 4;
    cv::rectangle(out, at + cv::Point(-1, baseline), at + cv::Point(size.width + 1, -size.height - 1), colour,
                  cv::FILLED);
    cv::putText(out, text, at, cv::FONT_HERSHEY_SIMPLEX, font, cv::Scalar(0, 0, 0), thick, cv::LINE_AA);
  }
  return out;
}

}  // namespace puzzlesat::dice_vision

#include "frontends/image/lab.h"

#include <catch2/catch.hpp>
#include <opencv2/imgproc.hpp>

using puzzlesat::image::bgr_to_lab;

namespace {

// Every 8-bit BGR colour once: 4096 x 4096 pixels.
cv::Mat every_colour() {
  cv::Mat all(4096, 4096, CV_8UC3);
  unsigned char* p = all.ptr<unsigned char>(0);
  for (int i = 0; i < (1 << 24); ++i, p += 3) {
    p[0] = static_cast<unsigned char>(i & 255);
    p[1] = static_cast<unsigned char>((i >> 8) & 255);
    p[2] = static_cast<unsigned char>(i >> 16);
  }
  return all;
}

}  // namespace

TEST_CASE("bgr_to_lab agrees with OpenCV's COLOR_BGR2Lab on every 8-bit colour", "[image][lab]") {
  const cv::Mat all = every_colour();
  cv::Mat ours, theirs, diff;
  bgr_to_lab(all, ours);
  cv::cvtColor(all, theirs, cv::COLOR_BGR2Lab);
  cv::absdiff(ours, theirs, diff);
  std::vector<cv::Mat> channel;
  cv::split(diff, channel);
  const double pixels = 1 << 24;
  for (int c = 0; c < 3; ++c) {
    double most = 0;
    cv::minMaxLoc(channel[static_cast<std::size_t>(c)], nullptr, &most);
    const double off_by_more_than_one = cv::countNonZero(channel[static_cast<std::size_t>(c)] > 1) / pixels;
    const double off = cv::countNonZero(channel[static_cast<std::size_t>(c)]) / pixels;
    INFO("channel " << c << ": largest difference " << most << ", " << 100 * off << " % differ");
    // The same arithmetic: a few colours in ten thousand one level apart, none more.
    CHECK(most <= 1);
    CHECK(off_by_more_than_one == 0);
    CHECK(off < 1e-4);
  }
}

TEST_CASE("bgr_to_lab: the anchors of the scale, in place, and wrong types refused", "[image][lab]") {
  cv::Mat px(1, 3, CV_8UC3);
  px.at<cv::Vec3b>(0, 0) = {0, 0, 0};
  px.at<cv::Vec3b>(0, 1) = {255, 255, 255};
  px.at<cv::Vec3b>(0, 2) = {0, 0, 255};  // pure red: L* 53.2, a* 80.1, b* 67.2
  cv::Mat lab;
  bgr_to_lab(px, lab);
  CHECK(lab.at<cv::Vec3b>(0, 0) == cv::Vec3b(0, 128, 128));
  CHECK(lab.at<cv::Vec3b>(0, 1) == cv::Vec3b(255, 128, 128));
  const cv::Vec3b red = lab.at<cv::Vec3b>(0, 2);
  CHECK(std::abs(red[0] - 136) <= 1);  // 53.24 * 2.55
  CHECK(std::abs(red[1] - 208) <= 1);  // 80.09 + 128
  CHECK(std::abs(red[2] - 195) <= 1);  // 67.20 + 128
  cv::Mat same = px.clone();
  bgr_to_lab(same, same);
  CHECK(cv::countNonZero(cv::Mat(same != lab).reshape(1)) == 0);
  cv::Mat grey(2, 2, CV_8UC1, cv::Scalar(7));
  CHECK_THROWS_AS(bgr_to_lab(grey, lab), std::invalid_argument);
}

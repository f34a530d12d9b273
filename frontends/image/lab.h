// CIE L*a*b* for 8-bit BGR images, scaled as OpenCV's COLOR_BGR2Lab scales it (L 0..255
// for 0..100, a and b offset by 128), without OpenCV's start-up cost.
//
//   cv::Mat lab;
//   puzzlesat::image::bgr_to_lab(bgr, lab);   // CV_8UC3 in, CV_8UC3 out
//
// Why not cv::cvtColor: its first Lab conversion in a process builds all of OpenCV's Lab
// tables (for every depth and method) in software floating point, about 110 ms of CPU,
// which was most of a `yahtzee dice` run on a 640x480 photo (docs/performance.md). This
// one builds the three small tables the 8-bit conversion needs, in ordinary doubles.
// Values: the same fixed-point arithmetic as OpenCV's 8-bit path (the readers' settings
// were tuned on those values), so equal to cvtColor's on every colour but a few in ten
// thousand, which differ by one level in a or b (a cube root rounded the other way);
// lab_test.cpp checks that over all 2^24 colours.
#pragma once

#include <opencv2/core.hpp>

namespace puzzlesat::image {

// bgr must be CV_8UC3; lab is (re)allocated as CV_8UC3 of the same size.
void bgr_to_lab(const cv::Mat& bgr, cv::Mat& lab);

}  // namespace puzzlesat::image

// The few pixels of a binary mask that decide its convex hull: the leftmost and rightmost
// set pixel of each row.
//
//   std::vector<cv::Point> pts = puzzlesat::image::row_extremes(mask);  // CV_8U, nonzero = set
//   cv::convexHull(pts, hull);          // the same hull as from cv::findNonZero(mask)
//   cv::RotatedRect r = cv::minAreaRect(pts);   // the same rectangle
//
// Why: every vertex of the hull of a set of pixels is the first or last pixel of its row
// (a pixel with set pixels on both sides of it in its row lies between them), so the hull
// and the minimum-area rectangle (which OpenCV takes from the hull) come out identical,
// from 2 points a row instead of every pixel of the blob. The dice finder describes each
// blob this way; hulling all pixels was an eighth of its time.
#pragma once

#include <vector>

#include <opencv2/core.hpp>

namespace puzzlesat::image {

// Row by row from the top, the first set pixel, then the last when it is another one.
std::vector<cv::Point> row_extremes(const cv::Mat& mask);

}  // namespace puzzlesat::image

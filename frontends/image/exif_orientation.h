// EXIF orientation: phones store photos as the sensor saw them plus a tag saying how to
// turn them upright; a reader that ignores it sees SET cards and dice sideways.
#pragma once

#include <cstdint>
#include <span>

#include <opencv2/core.hpp>

namespace puzzlesat::image {

// The orientation tag (1..8) of a JPEG APP1 segment's payload ("Exif\0\0" + TIFF data);
// 1 (upright) when absent or malformed.
int exif_orientation(std::span<const std::uint8_t> app1);

// Turns an image stored with that orientation upright, in place, as cv::imread does.
void apply_orientation(cv::Mat& image, int orientation);

}  // namespace puzzlesat::image

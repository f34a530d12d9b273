// Image files in and out for the vision frontends: JPEG (libjpeg-turbo) and PNG (libpng),
// decoded exactly as OpenCV's imread does (EXIF orientation, DCT-domain reduction), but
// without linking OpenCV's imgcodecs module, whose dependency chain (GDAL and friends)
// added ~60 ms to every start of `puzzlesat`, even for `puzzlesat cnf solve`.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace puzzlesat::image {

// The decoders refuse images with more pixels than this (an empty result): a few hundred
// bytes of JPEG can declare 65,500 x 65,500 pixels, 12 GB of BGR. 108-megapixel phone
// photos pass.
inline constexpr double kMaxMegapixels = 120.0;

// Image files larger than this are not read (the largest photos here are ~20 MB; a
// 120-megapixel PNG compresses to well under this).
inline constexpr std::uint64_t kMaxImageFileBytes = std::uint64_t{256} << 20;

// The JPEG decoder refuses files with more scans than this: a progressive JPEG may repeat
// empty scans, and each costs a pass over every block (20,000 scans of a 10,000 x 10,000
// image took 102 s). Encoders write 1 (baseline) to about 12 (progressive) scans.
inline constexpr int kMaxJpegScans = 100;

// Whether a width x height image is over kMaxMegapixels (in double: the product of two
// header fields can overflow int).
inline bool over_pixel_limit(double width, double height) { return width * height > kMaxMegapixels * 1e6; }

// A JPEG or PNG file as 8-bit BGR, turned upright by its EXIF orientation. reduction
// (1, 2, 4 or 8) shrinks a JPEG while decoding (cheap) and a PNG by resizing afterwards,
// like cv::IMREAD_REDUCED_COLOR_n. Returns an empty Mat when the file is missing, not a
// JPEG/PNG, corrupt, truncated, over kMaxMegapixels or kMaxJpegScans; then *why (when
// given) says which, in a few words.
cv::Mat read_image(const std::string& path, int reduction = 1, std::string* why = nullptr);

// A JPEG's stored width and height (before EXIF orientation) from its frame header,
// without decoding, to choose a reduction; {0, 0} when the file is not a JPEG.
cv::Size jpeg_size(const std::string& path);

// A JPEG's or PNG's stored width and height from its header, without decoding, to refuse
// decompression bombs; {0, 0} when the file is neither. The same from bytes in memory.
cv::Size stored_size(const std::string& path);
cv::Size stored_size(std::span<const std::uint8_t> bytes);
cv::Size jpeg_size(std::span<const std::uint8_t> bytes);

// The same from bytes in memory.
cv::Mat decode_image(std::span<const std::uint8_t> bytes, int reduction = 1, std::string* why = nullptr);

// An 8-bit BGR (or grey) image as JPEG bytes; quality 1..100 as in cv::IMWRITE_JPEG_QUALITY.
std::vector<std::uint8_t> encode_jpeg(const cv::Mat& image, int quality = 95);

// Writes a PNG (.png) or JPEG (.jpg, .jpeg) chosen by the extension. False when the
// extension is neither or the file cannot be written.
bool write_image(const std::string& path, const cv::Mat& image, int jpeg_quality = 95);

}  // namespace puzzlesat::image

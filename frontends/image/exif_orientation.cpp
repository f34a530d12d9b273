#include "frontends/image/exif_orientation.h"

#include <cstring>

namespace puzzlesat::image {

int exif_orientation(std::span<const std::uint8_t> app1) {
  constexpr std::size_t kTiff = 6;  // after "Exif\0\0"
  if (app1.size() < kTiff + 8 || std::memcmp(app1.data(), "Exif\0\0", 6) != 0) return 1;
  std::span<const std::uint8_t> tiff = app1.subspan(kTiff);
  const bool little = tiff[0] == 'I' && tiff[1] == 'I';
  if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
  auto u16 = [&](std::size_t at) -> std::uint32_t {
    return little ? tiff[at] | tiff[at + 1] << 8 : tiff[at] << 8 | tiff[at + 1];
  };
  auto u32 = [&](std::size_t at) -> std::uint32_t { return little ? u16(at) | u16(at + 2) << 16 : u16(at) << 16 | u16(at + 2); };
  // Offsets come from the file: compare them by subtraction from the size, never by
  // adding to them (ifd + 2 wraps in 32 bits for ifd = 0xFFFFFFFF).
  const std::size_t ifd = u32(4);
  if (ifd > tiff.size() || tiff.size() - ifd < 2) return 1;
  const std::size_t entries = u16(ifd);
  const std::size_t room = tiff.size() - ifd - 2;  // bytes left for the entries
  for (std::size_t i = 0; i < entries; ++i) {
    if (12 * (i + 1) > room) return 1;
    const std::size_t entry = ifd + 2 + 12 * i;
    if (u16(entry) == 0x0112) {  // Orientation, a SHORT stored in the value field
      const std::uint32_t value = u16(entry + 8);
      return value >= 1 && value <= 8 ? static_cast<int>(value) : 1;
    }
  }
  return 1;
}

void apply_orientation(cv::Mat& image, int orientation) {
  switch (orientation) {
    case 2: cv::flip(image, image, 1); break;
    case 3: cv::flip(image, image, -1); break;
    case 4: cv::flip(image, image, 0); break;
    case 5: cv::transpose(image, image); break;
    case 6: cv::transpose(image, image); cv::flip(image, image, 1); break;
    case 7: cv::transpose(image, image); cv::flip(image, image, -1); break;
    case 8: cv::transpose(image, image); cv::flip(image, image, 0); break;
    default: break;
  }
}

}  // namespace puzzlesat::image

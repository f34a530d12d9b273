#include "fuzz/fuzz_support.h"

#include <cstring>

namespace puzzlesat::fuzz {

bool hits_exif_offset_wrap(std::span<const std::uint8_t> bytes) {
  static constexpr char kExif[] = "Exif\0\0";
  for (std::size_t i = 0; i + 6 + 8 <= bytes.size(); ++i) {
    if (std::memcmp(bytes.data() + i, kExif, 6) != 0) continue;
    const std::uint8_t* t = bytes.data() + i + 6;
    const bool little = t[0] == 'I' && t[1] == 'I';
    const std::uint32_t ifd = little ? std::uint32_t(t[4]) | std::uint32_t(t[5]) << 8 | std::uint32_t(t[6]) << 16 |
                                           std::uint32_t(t[7]) << 24
                                     : std::uint32_t(t[4]) << 24 | std::uint32_t(t[5]) << 16 |
                                           std::uint32_t(t[6]) << 8 | std::uint32_t(t[7]);
    if (ifd > 0xFFFFFFFFu - 2) return true;
  }
  return false;
}

}  // namespace puzzlesat::fuzz

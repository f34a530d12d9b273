// JPEG and PNG decoding (frontends/image/image_file.h), EXIF orientation included: any
// bytes decode to an 8-bit BGR image or to an empty one with a reason, and a decoded
// image encoded as JPEG decodes again to the same size. The last byte picks the
// reduction (1, 2, 4, 8).
#include <algorithm>

#include "frontends/image/image_file.h"
#include "fuzz/fuzz_support.h"

using namespace puzzlesat;

namespace {

constexpr std::size_t kMaxInput = 16384;
// The decoders accept up to image::kMaxMegapixels; decoding that much per input would
// test the limit, not the decoder. Inputs declaring more are skipped.
constexpr long kMaxPixels = 512 * 512;

std::uint32_t be(const std::uint8_t* p, int n) {
  std::uint32_t v = 0;
  for (int i = 0; i < n; ++i) v = v << 8 | p[i];
  return v;
}

// The largest width x height any JPEG frame header (SOFn) or PNG IHDR in the bytes declares.
long declared_pixels(std::span<const std::uint8_t> b) {
  long most = 0;
  for (std::size_t i = 0; i + 9 <= b.size(); ++i) {
    if (b[i] == 0xFF && b[i + 1] >= 0xC0 && b[i + 1] <= 0xCF && b[i + 1] != 0xC4 && b[i + 1] != 0xC8 &&
        b[i + 1] != 0xCC)
      most = std::max(most, long(be(&b[i + 5], 2)) * long(be(&b[i + 7], 2)));
  }
  for (std::size_t i = 0; i + 12 <= b.size(); ++i) {
    if (b[i] == 'I' && b[i + 1] == 'H' && b[i + 2] == 'D' && b[i + 3] == 'R')
      most = std::max(most, long(std::min<std::uint32_t>(be(&b[i + 4], 4), 1u << 30)) *
                                long(std::min<std::uint32_t>(be(&b[i + 8], 4), 1u << 30)));
  }
  return most;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > kMaxInput) return -1;
  const std::span<const std::uint8_t> bytes(data, size);
  if (declared_pixels(bytes) > kMaxPixels) return -1;
  const int reduction = 1 << (data[size - 1] & 3);
  std::string why;
  const cv::Mat image = image::decode_image(bytes, reduction, &why);
  if (image.empty()) {
    FUZZ_CHECK(!why.empty());  // every refusal says why
    return 0;
  }
  FUZZ_CHECK(image.type() == CV_8UC3);
  FUZZ_CHECK(image.cols > 0 && image.rows > 0);
  const std::vector<std::uint8_t> jpeg = image::encode_jpeg(image, 90);
  FUZZ_CHECK(!jpeg.empty());
  const cv::Mat again = image::decode_image(jpeg);
  FUZZ_CHECK(again.size() == image.size());
  return 0;
}

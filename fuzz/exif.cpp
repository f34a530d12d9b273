// The EXIF orientation reader (frontends/image/exif_orientation.h) on any APP1 payload:
// it answers 1..8 and never reads outside the payload (ASan checks), and the image it
// turns keeps or swaps its sides.
#include "frontends/image/exif_orientation.h"
#include "fuzz/fuzz_support.h"

using namespace puzzlesat;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 65533) return -1;  // the largest JPEG segment payload
  // Exactly the bytes given, in a buffer of their own, so ASan sees any read past them.
  const std::vector<std::uint8_t> app1(data, data + size);
  const int orientation = image::exif_orientation(app1);
  FUZZ_CHECK(orientation >= 1 && orientation <= 8);
  cv::Mat image(2, 3, CV_8UC3, cv::Scalar(1, 2, 3));
  image::apply_orientation(image, orientation);
  FUZZ_CHECK(orientation >= 5 ? image.size() == cv::Size(2, 3) : image.size() == cv::Size(3, 2));
  return 0;
}

#include "frontends/image/huge_page_images.h"

#include <sys/mman.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace img = puzzlesat::image;

namespace {

bool offered_here() {
  std::ifstream file("/sys/kernel/mm/transparent_hugepage/enabled");
  const std::string setting{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  return img::huge_pages_offered(setting);
}

bool mapped(const void* p) {
  unsigned char resident;
  const auto page = reinterpret_cast<std::uintptr_t>(p) & ~std::uintptr_t{4095};
  return mincore(reinterpret_cast<void*>(page), 4096, &resident) == 0;
}

// kB of huge pages backing the mapping that holds p (/proc/self/smaps), or -1.
long huge_kb_at(const void* p) {
  std::ifstream smaps("/proc/self/smaps");
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    std::uintptr_t from, to;
    char dash;
    std::istringstream range(line);
    if (range >> std::hex >> from >> dash >> to && dash == '-') {
      inside = from <= at && at < to;
    } else if (inside && line.rfind("AnonHugePages:", 0) == 0) {
      return std::stol(line.substr(14));
    }
  }
  return -1;
}

}  // namespace

TEST_CASE("huge pages are offered when the kernel's setting is always or madvise", "[image]") {
  CHECK(img::huge_pages_offered("always [madvise] never\n"));
  CHECK(img::huge_pages_offered("[always] madvise never\n"));
  CHECK_FALSE(img::huge_pages_offered("always madvise [never]\n"));
  CHECK_FALSE(img::huge_pages_offered(""));  // no such file: an old or unusual kernel
}

TEST_CASE("large images live on huge pages and are returned to the system when freed", "[image]") {
  const img::HugePages outcome = img::use_huge_pages_for_images();
  CHECK(img::use_huge_pages_for_images() == outcome);  // once per process, and says so again
  if (outcome == img::HugePages::sanitizer) {
    std::cout << "SKIPPED: under AddressSanitizer images keep its allocator\n";
    return;
  }
  if (!offered_here()) {
    CHECK(outcome == img::HugePages::not_offered);
    std::cout << "SKIPPED: this kernel offers no transparent huge pages\n";
    return;
  }
  REQUIRE(outcome == img::HugePages::used);

  // A 12-MP photo's size: its buffer starts on a 2 MB boundary, rows packed.
  cv::Mat photo(3000, 4000, CV_8UC3);
  const void* data = photo.data;
  CHECK(reinterpret_cast<std::uintptr_t>(data) % (2 << 20) == 0);
  CHECK(photo.isContinuous());
  CHECK(photo.step[0] == 4000 * 3);
  photo.setTo(cv::Scalar(1, 2, 3));
  CHECK(cv::sum(photo) == cv::Scalar(12e6, 24e6, 36e6));
  CHECK(huge_kb_at(data) >= 2048);

  // Views share the buffer; the last reference unmaps it.
  cv::Mat corner = photo(cv::Rect(3990, 2990, 10, 10));
  photo.release();
  CHECK(mapped(data));
  CHECK(corner.at<cv::Vec3b>(9, 9) == cv::Vec3b(1, 2, 3));
  corner.release();
  CHECK_FALSE(mapped(data));

  // Copies, conversions and more than two dimensions.
  cv::Mat grey(2000, 3000, CV_32F, cv::Scalar(0.5f));
  cv::Mat twice = grey * 2;
  CHECK(cv::countNonZero(twice != 1.0f) == 0);
  const int sizes[] = {16, 256, 512};
  cv::Mat cube(3, sizes, CV_16S, cv::Scalar(7));
  CHECK(cube.step[2] == 2);
  CHECK(cube.step[1] == 512 * 2);
  CHECK(cube.step[0] == 256 * 512 * 2);
  CHECK(cv::sum(cube)[0] == 7.0 * 16 * 256 * 512);

  // Small images and images over the caller's memory are OpenCV's own as before.
  cv::Mat small(100, 100, CV_8UC1, cv::Scalar(9));
  CHECK(small.u->currAllocator == cv::Mat::getStdAllocator());
  std::vector<unsigned char> own(3000 * 2000, 4);
  cv::Mat over(2000, 3000, CV_8UC1, own.data());
  CHECK(over.data == own.data());
  cv::Mat copy = over.clone();
  CHECK(copy.u->currAllocator != cv::Mat::getStdAllocator());
  CHECK(cv::countNonZero(copy != 4) == 0);
}

// The sanitizer build's image-buffer pool keeps ASan's checks: a buffer handed back is
// poisoned, a reused one is open only up to the size asked for. Built only with
// PUZZLESAT_SANITIZE (tests/CMakeLists.txt), where the test main installs the pool.
#include <catch2/catch.hpp>

#include <opencv2/core.hpp>
#include <sanitizer/asan_interface.h>

namespace {

bool poisoned(const void* p) { return __asan_address_is_poisoned(p) != 0; }

}  // namespace

TEST_CASE("a freed image buffer is poisoned while pooled, and reused open only as far as asked") {
  const uchar* first = nullptr;
  {
    cv::Mat big(600, 800, CV_8UC3, cv::Scalar::all(7));  // 1.4 MB: a pooled size
    first = big.data;
    CHECK_FALSE(poisoned(first));
    CHECK_FALSE(poisoned(first + big.total() * big.elemSize() - 1));
  }
  CHECK(poisoned(first));  // a use after free is reported

  cv::Mat smaller(590, 800, CV_8UC3);  // fits the pooled block, so gets it back
  const size_t bytes = smaller.total() * smaller.elemSize();
  CHECK(smaller.data == first);
  CHECK_FALSE(poisoned(smaller.data));
  CHECK_FALSE(poisoned(smaller.data + bytes - 1));
  CHECK(poisoned(smaller.data + bytes));  // an overflow past it is reported

  cv::Mat copy = smaller;  // shared, not freed while one holds it
  smaller.release();
  CHECK_FALSE(poisoned(copy.data));
}

TEST_CASE("small image buffers are left to ASan's own allocator") {
  const uchar* data = nullptr;
  {
    cv::Mat small(10, 10, CV_8UC1);
    data = small.data;
  }
  CHECK(poisoned(data));  // freed by ASan itself, in its quarantine
}

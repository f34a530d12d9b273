// cv::Mat buffers of kHugeImageBytes and up on transparent huge pages (huge_page_images.h).
#include "frontends/image/huge_page_images.h"

#include <sys/mman.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>

#include <opencv2/core.hpp>

namespace puzzlesat::image {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

// x rounded up to whole huge pages.
std::size_t whole_pages(std::size_t x) { return (x + kHugePage - 1) / kHugePage * kHugePage; }

// A mapping of `bytes` rounded up to whole huge pages, starting on a huge-page boundary
// (the kernel backs only aligned 2 MB ranges with a huge page), or nullptr.
void* map_huge(std::size_t bytes) {
  const std::size_t size = whole_pages(bytes);
  void* raw = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = whole_pages(start);
  // Give back the slack before and after the aligned range (together one huge page).
  if (aligned > start) munmap(raw, aligned - start);
  const std::uintptr_t tail = aligned + size;
  if (tail < start + size + kHugePage) munmap(reinterpret_cast<void*>(tail), start + size + kHugePage - tail);
  // Advice only: without it the buffer is still good, on small pages.
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}

// Large buffers on huge pages; the rest to OpenCV's own allocator, whose UMatData then
// names it, so that they are freed there.
class HugePageAllocator final : public cv::MatAllocator {
public:
  cv::UMatData* allocate(int dims, const int* sizes, int type, void* data0, std::size_t* step,
                         cv::AccessFlag flags, cv::UMatUsageFlags usage) const override {
    std::size_t total = CV_ELEM_SIZE(type);
    for (int i = 0; i < dims; ++i) total *= static_cast<std::size_t>(sizes[i]);
    if (data0 || total < kHugeImageBytes) return cv::Mat::getStdAllocator()->allocate(dims, sizes, type, data0, step, flags, usage);
    void* data = map_huge(total);
    if (!data) return cv::Mat::getStdAllocator()->allocate(dims, sizes, type, data0, step, flags, usage);
    // Rows packed, as OpenCV's own allocator lays out a buffer it owns.
    if (step) {
      std::size_t row = CV_ELEM_SIZE(type);
      for (int i = dims - 1; i >= 0; --i) {
        step[i] = row;
        row *= static_cast<std::size_t>(sizes[i]);
      }
    }
    auto* u = new cv::UMatData(this);
    u->data = u->origdata = static_cast<uchar*>(data);
    u->size = total;
    return u;
  }

  bool allocate(cv::UMatData* u, cv::AccessFlag, cv::UMatUsageFlags) const override { return u != nullptr; }

  // Only buffers this allocator mapped come here: the small ones carry OpenCV's allocator.
  void deallocate(cv::UMatData* u) const override {
    if (!u) return;
    CV_Assert(u->urefcount == 0 && u->refcount == 0);
    munmap(u->origdata, whole_pages(u->size));
    delete u;
  }
};

bool under_address_sanitizer() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

}  // namespace

bool huge_pages_offered(std::string_view thp_enabled) {
  return thp_enabled.find("[always]") != std::string_view::npos ||
         thp_enabled.find("[madvise]") != std::string_view::npos;
}

HugePages use_huge_pages_for_images() {
  static const HugePages outcome = [] {
    if (under_address_sanitizer()) return HugePages::sanitizer;
    std::ifstream file("/sys/kernel/mm/transparent_hugepage/enabled");
    const std::string setting{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    if (!huge_pages_offered(setting)) return HugePages::not_offered;
    // Never destroyed: Mats freed by static destructors after main still reach it.
    static auto* allocator = new HugePageAllocator;
    cv::Mat::setDefaultAllocator(allocator);
    return HugePages::used;
  }();
  return outcome;
}

}  // namespace puzzlesat::image

// Under AddressSanitizer, image buffers are recycled instead of returned to the system.
//
// ASan serves every block over 128 KB with a fresh mmap and unmaps it on free, so each
// rendered or read image is paged in anew: the SET and dice vision tests spent about as
// much time in the kernel, zeroing pages, as in their own code (`make sanitize` on the 2-core
// CI VM, docs/fuzzing.md). This allocator keeps freed cv::Mat buffers, up to a cap, and hands
// them out again. While pooled, a buffer is poisoned, so a use after free is still reported
// (as use-after-poison); a reused buffer is unpoisoned only up to the size asked for, so an
// overflow past it is reported too. Only the sanitizer build's test main installs it.
#include "tests/sanitizer/mat_pool.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <unordered_map>

#include <opencv2/core.hpp>
#include <opencv2/core/core_c.h>  // CV_AUTOSTEP
#include <sanitizer/asan_interface.h>

namespace puzzlesat::test {
namespace {

class PooledMatAllocator final : public cv::MatAllocator {
public:
  cv::UMatData* allocate(int dims, const int* sizes, int type, void* data0, size_t* step,
                         cv::AccessFlag, cv::UMatUsageFlags) const override {
    // Steps as OpenCV's own allocator sets them: packed rows unless the caller gave steps
    // for its own data.
    size_t total = CV_ELEM_SIZE(type);
    for (int i = dims - 1; i >= 0; --i) {
      if (step) {
        if (data0 && step[i] != CV_AUTOSTEP) {
          CV_Assert(total <= step[i]);
          total = step[i];
        } else {
          step[i] = total;
        }
      }
      total *= static_cast<size_t>(sizes[i]);
    }
    auto* u = new cv::UMatData(this);
    u->data = u->origdata = data0 ? static_cast<uchar*>(data0) : take(total);
    u->size = total;
    if (data0) u->flags |= cv::UMatData::USER_ALLOCATED;
    return u;
  }

  bool allocate(cv::UMatData* u, cv::AccessFlag, cv::UMatUsageFlags) const override {
    return u != nullptr;
  }

  void deallocate(cv::UMatData* u) const override {
    if (!u) return;
    CV_Assert(u->urefcount == 0 && u->refcount == 0);
    if (!(u->flags & cv::UMatData::USER_ALLOCATED)) give_back(u->origdata);
    delete u;
  }

private:
  struct Block {
    uchar* data;
    size_t capacity;
  };
  // Blocks under ASan's largest size class are reused by ASan itself.
  static constexpr size_t kSmallest = size_t{128} << 10;
  // Per process; two test processes run at a time.
  static constexpr size_t kCap = size_t{768} << 20;
  static constexpr size_t kAlign = 64;  // as cv::fastMalloc aligns

  uchar* take(size_t size) const {
    if (size >= kSmallest) {
      std::lock_guard lock(mutex_);
      // The smallest pooled block that fits without wasting over half of it.
      auto best = pool_.end();
      for (auto it = pool_.begin(); it != pool_.end(); ++it)
        if (it->capacity >= size && it->capacity <= size + size / 2 &&
            (best == pool_.end() || it->capacity < best->capacity))
          best = it;
      if (best != pool_.end()) {
        const Block block = *best;
        pooled_ -= block.capacity;
        pool_.erase(best);
        in_use_[block.data] = block.capacity;
        ASAN_UNPOISON_MEMORY_REGION(block.data, size);
        return block.data;
      }
    }
    const size_t capacity = std::max<size_t>((size + kAlign - 1) / kAlign * kAlign, kAlign);
    auto* data = static_cast<uchar*>(std::aligned_alloc(kAlign, capacity));
    if (!data) CV_Error(cv::Error::StsNoMem, "out of memory");
    // Past the size asked for is poisoned, as ASan's own malloc would have it.
    ASAN_POISON_MEMORY_REGION(data + size, capacity - size);
    std::lock_guard lock(mutex_);
    in_use_[data] = capacity;
    return data;
  }

  void give_back(uchar* data) const {
    std::lock_guard lock(mutex_);
    const auto found = in_use_.find(data);
    CV_Assert(found != in_use_.end());
    const size_t capacity = found->second;
    in_use_.erase(found);
    if (capacity < kSmallest || capacity > kCap / 4) {
      ASAN_UNPOISON_MEMORY_REGION(data, capacity);
      std::free(data);
      return;
    }
    ASAN_POISON_MEMORY_REGION(data, capacity);
    pool_.push_back({data, capacity});
    pooled_ += capacity;
    // The oldest blocks go first: sizes in use now are the ones asked for again.
    while (pooled_ > kCap) {
      Block old = pool_.front();
      pool_.pop_front();
      pooled_ -= old.capacity;
      ASAN_UNPOISON_MEMORY_REGION(old.data, old.capacity);
      std::free(old.data);
    }
  }

  mutable std::mutex mutex_;
  mutable std::deque<Block> pool_;
  mutable std::unordered_map<uchar*, size_t> in_use_;  // a block's capacity
  mutable size_t pooled_ = 0;
};

}  // namespace

void install_sanitizer_mat_pool() {
  // Never destroyed: Mats freed by static destructors after main still reach it.
  static auto* pool = new PooledMatAllocator;
  cv::Mat::setDefaultAllocator(pool);
}

}  // namespace puzzlesat::test

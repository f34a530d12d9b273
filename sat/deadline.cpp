#include "sat/deadline.h"

#include <algorithm>
#include <chrono>

namespace puzzlesat::sat {

Deadline::Deadline(double seconds, std::function<void()> on_expiry) {
  if (!(seconds < kForever)) {  // also NaN
    thread_ = std::thread([this] {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [this] { return done_; });
    });
    return;
  }
  auto until = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(std::max(seconds, 0.0)));
  thread_ = std::thread([this, until, on_expiry = std::move(on_expiry)] {
    std::unique_lock lock(mutex_);
    if (!cv_.wait_until(lock, until, [this] { return done_; })) {
      expired_ = true;
      lock.unlock();
      on_expiry();
    }
  });
}

Deadline::~Deadline() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

bool Deadline::expired() const {
  std::lock_guard lock(mutex_);
  return expired_;
}

}  // namespace puzzlesat::sat

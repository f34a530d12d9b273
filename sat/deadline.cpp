#include "sat/deadline.h"

#include <chrono>

namespace puzzlesat::sat {

Deadline::Deadline(double seconds, std::function<void()> on_expiry) {
  auto until = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(seconds));
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

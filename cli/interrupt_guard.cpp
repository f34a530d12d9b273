#include "cli/interrupt_guard.h"

#include <ctime>

namespace puzzlesat::cli {

namespace {

sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

// The signals are blocked (in this thread and in every thread started later) and taken
// synchronously by the watcher, so the callback runs as ordinary code, not in a signal
// handler where locking or allocating would be unsafe.
InterruptGuard::InterruptGuard(std::function<void()> on_signal) {
  sigset_t set = stop_signals();
  pthread_sigmask(SIG_BLOCK, &set, &old_mask_);
  watcher_ = std::thread([this, set, on_signal = std::move(on_signal)] {
    const timespec poll{0, 50'000'000};  // 50 ms: how soon destruction is noticed
    while (!stop_.load()) {
      if (sigtimedwait(&set, nullptr, &poll) > 0) {
        interrupted_ = true;
        on_signal();
      }
    }
  });
}

InterruptGuard::~InterruptGuard() {
  stop_ = true;
  watcher_.join();
  pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

}  // namespace puzzlesat::cli

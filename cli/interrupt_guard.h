// InterruptGuard: while alive, Ctrl-C (SIGINT) or SIGTERM asks a long computation to stop
// (e.g. Solver::interrupt) instead of killing the process, so a solver can still print
// its competition answer (`s UNKNOWN`) like any competition solver does.
#pragma once

#include <atomic>
#include <functional>
#include <thread>

#include <signal.h>

namespace puzzlesat::cli {

class InterruptGuard {
 public:
  // on_signal runs on a watcher thread, so it must be thread-safe (as Solver::interrupt is).
  explicit InterruptGuard(std::function<void()> on_signal);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // Whether a signal arrived.
  bool interrupted() const { return interrupted_.load(); }

 private:
  sigset_t old_mask_{};
  std::atomic<bool> stop_{false};
  std::atomic<bool> interrupted_{false};
  std::thread watcher_;
};

}  // namespace puzzlesat::cli

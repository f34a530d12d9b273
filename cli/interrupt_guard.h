// InterruptGuard: while alive, Ctrl-C (SIGINT) or SIGTERM asks a long computation to stop
// (e.g. Solver::interrupt) instead of killing the process, so a solver can still print
// its competition answer (`s UNKNOWN`) like any competition solver does. A second signal
// of the same kind kills the process as usual, for a computation that does not stop.
//
//   InterruptGuard guard([&s] { s->interrupt(); });
//   Status status = s->solve();
//   if (guard.interrupted()) std::cout << "c interrupted\n";
//
// It costs nothing while no signal comes: the watcher thread sleeps in a blocking read
// and the destructor wakes it at once (no polling, no wait at exit).
#pragma once

#include <atomic>
#include <functional>
#include <thread>

#include <signal.h>

namespace puzzlesat::cli {

class InterruptGuard {
 public:
  // on_signal runs on a watcher thread, not in the signal handler, so it may lock and
  // allocate; it must be thread-safe (as Solver::interrupt is). One guard at a time.
  explicit InterruptGuard(std::function<void()> on_signal);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // Whether a signal arrived.
  bool interrupted() const { return interrupted_.load(); }

 private:
  int pipe_[2] = {-1, -1};  // the handler writes to [1], the watcher reads [0]
  struct sigaction old_int_{};
  struct sigaction old_term_{};
  std::atomic<bool> interrupted_{false};
  std::thread watcher_;
};

}  // namespace puzzlesat::cli

#include "cli/interrupt_guard.h"

#include <cerrno>
#include <stdexcept>

#include <fcntl.h>
#include <unistd.h>

namespace puzzlesat::cli {

namespace {

// The self-pipe: the handler only writes one byte, which is async-signal-safe; the
// callback runs on the watcher thread as ordinary code.
std::atomic<int> signal_pipe{-1};
constexpr char kSignal = 's';
constexpr char kStop = 'x';

void write_byte(int fd, char c) {
  while (write(fd, &c, 1) < 0 && errno == EINTR) {
  }
}

extern "C" void on_stop_signal(int) {
  int saved = errno;
  int fd = signal_pipe.load();
  if (fd >= 0) write_byte(fd, kSignal);
  errno = saved;
}

}  // namespace

InterruptGuard::InterruptGuard(std::function<void()> on_signal) {
  if (pipe2(pipe_, O_CLOEXEC) != 0) throw std::runtime_error("cannot create the interrupt pipe");
  int expected = -1;
  if (!signal_pipe.compare_exchange_strong(expected, pipe_[1])) {
    close(pipe_[0]);
    close(pipe_[1]);
    throw std::logic_error("only one InterruptGuard may be alive at a time");
  }
  watcher_ = std::thread([this, on_signal = std::move(on_signal)] {
    for (;;) {
      char c = kStop;
      ssize_t n = read(pipe_[0], &c, 1);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0 || c == kStop) return;
      interrupted_ = true;
      on_signal();
    }
  });
  // SA_RESETHAND: the handler is taken once per signal kind, so a second Ctrl-C kills.
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(SIGINT, &action, &old_int_);
  sigaction(SIGTERM, &action, &old_term_);
}

InterruptGuard::~InterruptGuard() {
  // Restore the old dispositions first: a signal from now on acts as it did before.
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
  signal_pipe = -1;
  write_byte(pipe_[1], kStop);
  watcher_.join();
  close(pipe_[0]);
  close(pipe_[1]);
}

}  // namespace puzzlesat::cli

// cli/InterruptGuard: a signal reaches the callback, a second one kills, nothing polls
// while no signal comes, and the old signal dispositions come back afterwards.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/interrupt_guard.h"

using puzzlesat::cli::InterruptGuard;

namespace {

std::set<std::string> thread_ids() {
  std::set<std::string> ids;
  for (const auto& e : std::filesystem::directory_iterator("/proc/self/task")) ids.insert(e.path().filename());
  return ids;
}

// How often the thread has gone to sleep and woken up again (a poll loop does so every period).
long context_switches(const std::string& tid) {
  std::ifstream in("/proc/self/task/" + tid + "/status");
  std::string line;
  long total = 0;
  while (std::getline(in, line)) {
    if (line.starts_with("voluntary_ctxt_switches:") || line.starts_with("nonvoluntary_ctxt_switches:")) {
      total += std::stol(line.substr(line.find(':') + 1));
    }
  }
  return total;
}

}  // namespace

TEST_CASE("InterruptGuard: an idle watcher sleeps without waking up", "[cli][interrupt]") {
  auto before = thread_ids();
  InterruptGuard guard([] {});
  std::set<std::string> added;
  for (int tries = 0; added.empty() && tries < 100; ++tries) {
    for (const auto& id : thread_ids()) {
      if (!before.count(id)) added.insert(id);
    }
    if (added.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  REQUIRE(added.size() == 1);
  const std::string watcher = *added.begin();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // let it reach its read
  long start = context_switches(watcher);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // a 50 ms poll would wake 6 times
  CHECK(context_switches(watcher) == start);
  CHECK_FALSE(guard.interrupted());
}

TEST_CASE("InterruptGuard: SIGINT and SIGTERM run the callback instead of killing", "[cli][interrupt]") {
  for (int sig : {SIGINT, SIGTERM}) {
    INFO(sig);
    std::atomic<int> calls{0};
    InterruptGuard guard([&calls] { ++calls; });
    raise(sig);
    for (int tries = 0; calls == 0 && tries < 2000; ++tries) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    CHECK(calls == 1);
    CHECK(guard.interrupted());
  }
}

TEST_CASE("InterruptGuard: the old dispositions are back once it is gone", "[cli][interrupt]") {
  struct sigaction ignore {}, old {}, now {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGINT, &ignore, &old);
  { InterruptGuard guard([] {}); }
  sigaction(SIGINT, &old, &now);
  CHECK(now.sa_handler == SIG_IGN);
  // A second guard after the first is allowed; two at once are not.
  InterruptGuard first([] {});
  CHECK_THROWS_AS(InterruptGuard([] {}), std::logic_error);
}

TEST_CASE("InterruptGuard: a second Ctrl-C kills a computation that does not stop", "[cli][interrupt]") {
  int report[2];
  REQUIRE(pipe(report) == 0);
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    // The child: a "computation" that ignores the request to stop.
    InterruptGuard guard([&] { (void)!write(report[1], "i", 1); });
    (void)!write(report[1], "r", 1);
    for (;;) pause();
  }
  char c = 0;
  REQUIRE(read(report[0], &c, 1) == 1);
  CHECK(c == 'r');
  kill(pid, SIGINT);
  REQUIRE(read(report[0], &c, 1) == 1);
  CHECK(c == 'i');  // the first Ctrl-C asked the computation to stop
  kill(pid, SIGINT);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGINT);
  close(report[0]);
  close(report[1]);
}

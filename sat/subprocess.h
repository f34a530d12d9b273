// Subprocess: runs a program without a shell (argument vector, PATH lookup), with its
// standard output and error going to files, and lets another thread kill it. Used by
// the external solver backend. The program runs in its own process group with no
// signals blocked; killing reaches the whole group and is safe against pid reuse, and
// nothing of the group outlives run().
#pragma once

#include <mutex>
#include <string>
#include <sys/types.h>
#include <vector>

namespace puzzlesat::sat {

class Subprocess {
 public:
  struct Exit {
    int code = -1;        // exit status, or -1 when ended by a signal
    bool killed = false;  // kill() ended it
  };

  // Runs argv[0] (looked up in PATH) with stdin from /dev/null and blocks until it ends.
  // Throws std::runtime_error when it cannot be started.
  Exit run(const std::vector<std::string>& argv, const std::string& stdout_path,
           const std::string& stderr_path);

  // Ends the running program and its process group, if any, with SIGKILL. Safe from any thread.
  void kill();

 private:
  std::mutex mutex_;
  pid_t pid_ = 0;  // the running, not yet reaped child
  bool killed_ = false;
};

}  // namespace puzzlesat::sat

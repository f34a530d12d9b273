#include "sat/subprocess.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace puzzlesat::sat {

Subprocess::Exit Subprocess::run(const std::vector<std::string>& argv, const std::string& stdout_path,
                                 const std::string& stderr_path) {
  if (argv.empty()) throw std::runtime_error("no program to run");
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);

  pid_t pid = 0;
  int err = 0;
  {
    std::lock_guard lock(mutex_);
    killed_ = false;
    err = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    if (err == 0) pid_ = pid;
  }
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) throw std::runtime_error("cannot run '" + argv[0] + "': " + std::strerror(err));

  // Wait without reaping first, so kill() never signals a recycled pid.
  siginfo_t info{};
  while (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
  }
  Exit result;
  {
    std::lock_guard lock(mutex_);
    pid_ = 0;
    result.killed = killed_;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.code = WEXITSTATUS(status);
  return result;
}

void Subprocess::kill() {
  std::lock_guard lock(mutex_);
  if (pid_ > 0) {
    killed_ = true;
    ::kill(pid_, SIGKILL);
  }
}

}  // namespace puzzlesat::sat

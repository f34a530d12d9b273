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

  // The program gets its own process group, so kill() reaches whatever it starts, and an
  // empty signal mask with default stop signals: the caller may block SIGINT/SIGTERM
  // (cli::InterruptGuard does) or ignore them (nohup), and a solver must not inherit that.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE}) sigaddset(&defaults, sig);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);

  pid_t pid = 0;
  int err = 0;
  {
    std::lock_guard lock(mutex_);
    killed_ = false;
    err = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
    if (err == 0) pid_ = pid;
  }
  posix_spawnattr_destroy(&attr);
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
  // Whatever the program left running in its group goes too. The unreaped child keeps
  // its pid, and so the group id, from being reused until waitpid below.
  ::kill(-pid, SIGKILL);
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
    ::kill(-pid_, SIGKILL);  // the whole group: a wrapper script's children as well
  }
}

}  // namespace puzzlesat::sat

#include "tests/run_cli.h"

#include <fcntl.h>
#include <pty.h>
#include <sys/resource.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace puzzlesat::testing {

namespace {

// AddressSanitizer reserves terabytes of address space for its shadow memory at start, so
// a program built with it aborts under any RLIMIT_AS a test would set. The sanitizer
// build (`make sanitize`) then runs commands with the CPU and wall-clock limits only.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh folder holding the child's standard input; its output goes to files beside it
// rather than pipes, so there is no deadlock however much the command prints.
std::filesystem::path make_io_dir(const std::string& stdin_text) {
  char dir_template[] = "/tmp/puzzlesat-cli-XXXXXX";
  if (!mkdtemp(dir_template)) throw std::runtime_error("mkdtemp failed");
  std::filesystem::path dir = dir_template;
  { std::ofstream(dir / "in") << stdin_text; }
  return dir;
}

// Starts the CLI with args, its standard streams on dir's files, under limits if given.
pid_t spawn_cli(const std::filesystem::path& dir, const std::vector<std::string>& args, const CliLimits* limits) {
  // Everything the child needs is built before fork: only async-signal-safe calls after it.
  std::vector<std::string> copy = args;
  std::string binary = PUZZLESAT_BINARY;
  std::vector<char*> argv{binary.data()};
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string in_path = dir / "in", out_path = dir / "out", err_path = dir / "err";
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    int in = open(in_path.c_str(), O_RDONLY);
    int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    if (limits) {
      const rlimit as{limits->address_space_bytes, limits->address_space_bytes};
      const rlimit cpu{rlim_t(limits->cpu_seconds), rlim_t(limits->cpu_seconds)};
      if (!kAddressSanitizer) setrlimit(RLIMIT_AS, &as);
      setrlimit(RLIMIT_CPU, &cpu);
    }
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  return pid;
}

}  // namespace

CliResult run_cli_on_terminal(const std::vector<std::string>& args) {
  std::vector<std::string> copy = args;
  std::string binary = PUZZLESAT_BINARY;
  std::vector<char*> argv{binary.data()};
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  int master = -1, slave = -1;
  if (openpty(&master, &slave, nullptr, nullptr, nullptr) != 0) throw std::runtime_error("openpty failed");
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(master);
    int in = open("/dev/null", O_RDONLY);
    dup2(in, 0);
    dup2(slave, 1);
    dup2(slave, 2);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(slave);
  CliResult r;
  char buffer[4096];
  for (;;) {
    ssize_t n = read(master, buffer, sizeof buffer);
    if (n > 0) {
      r.out.append(buffer, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;  // EIO once the child has closed the terminal
    }
  }
  close(master);
  int status = 0;
  waitpid(pid, &status, 0);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text,
                  std::optional<std::chrono::milliseconds> interrupt_after) {
  std::filesystem::path dir = make_io_dir(stdin_text);
  pid_t pid = spawn_cli(dir, args, nullptr);
  int status = 0;
  if (interrupt_after) {
    auto deadline = std::chrono::steady_clock::now() + *interrupt_after;
    bool done = false;
    while (!done && std::chrono::steady_clock::now() < deadline) {
      done = waitpid(pid, &status, WNOHANG) == pid;
      if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (!done) kill(pid, SIGINT);
    if (!done) waitpid(pid, &status, 0);
  } else {
    waitpid(pid, &status, 0);
  }
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(dir / "out");
  r.err = slurp(dir / "err");
  std::filesystem::remove_all(dir);
  return r;
}

LimitedResult run_cli_limited(const std::vector<std::string>& args, const std::string& stdin_text,
                              const CliLimits& limits) {
  std::filesystem::path dir = make_io_dir(stdin_text);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = spawn_cli(dir, args, &limits);
  LimitedResult r;
  int status = 0;
  rusage usage{};
  const auto deadline = start + std::chrono::duration<double>(limits.wall_seconds);
  while (wait4(pid, &status, WNOHANG, &usage) != pid) {
    if (!r.timed_out && std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      r.timed_out = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.signalled = WIFSIGNALED(status);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.max_rss_kb = usage.ru_maxrss;
  r.out = slurp(dir / "out");
  r.err = slurp(dir / "err");
  std::filesystem::remove_all(dir);
  return r;
}

}  // namespace puzzlesat::testing

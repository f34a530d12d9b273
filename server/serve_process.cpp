#include "server/serve_process.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

namespace puzzlesat::testing {

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::string& stderr_path) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(pipe_fds[1], 1);
    const int err = open(stderr_path.empty() ? "/dev/null" : stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (err >= 0) dup2(err, 2);
    const int in = open("/dev/null", O_RDONLY);
    if (in >= 0) dup2(in, 0);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execv(args[0], args.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  out_ = pipe_fds[0];
}

ChildProcess::~ChildProcess() {
  stop();
  if (out_ >= 0) close(out_);
}

std::optional<std::string> ChildProcess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{out_, POLLIN, 0};
    if (poll(&p, 1, int(left.count())) <= 0) continue;
    char chunk[4096];
    const ssize_t n = read(out_, chunk, sizeof chunk);
    if (n <= 0) return std::nullopt;
    buffer_.append(chunk, std::size_t(n));
  }
}

bool ChildProcess::alive() {
  if (reaped_) return false;
  if (waitpid(pid_, &status_, WNOHANG) == pid_) reaped_ = true;
  return !reaped_;
}

int ChildProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ <= 0 || !alive()) return status_;
  kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!alive()) return status_;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, &status_, 0);
  reaped_ = true;
  return status_;
}

// A listening socket closed with no connection leaves no TIME_WAIT behind, so its port is
// free again as soon as the temporary is destroyed.
int free_port() { return ListeningSocket().port(); }

ListeningSocket::ListeningSocket() {
  fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) throw std::runtime_error("socket failed");
  const int yes = 1;
  setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  setsockopt(fd_, SOL_SOCKET, SO_REUSEPORT, &yes, sizeof yes);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  if (bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || listen(fd_, 4) != 0 ||
      getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    close(fd_);
    throw std::runtime_error("cannot listen on a free port");
  }
  port_ = ntohs(addr.sin_port);
}

ListeningSocket::~ListeningSocket() { close(fd_); }

namespace {

std::string temp_log_path() {
  std::string templ = (std::filesystem::temp_directory_path() / "puzzlesat-serve-log-XXXXXX").string();
  const int fd = mkstemp(templ.data());
  if (fd >= 0) close(fd);
  return templ;
}

std::vector<std::string> serve_argv(const std::vector<std::string>& extra) {
  std::vector<std::string> argv{PUZZLESAT_BINARY, "serve", "--port", "0", "--host", "127.0.0.1"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return argv;
}

}  // namespace

ServeProcess::ServeProcess(const std::vector<std::string>& extra)
    : log_path_(temp_log_path()), process_(serve_argv(extra), log_path_) {
  // The Yahtzee table is computed on the first start without a cache: allow for it.
  auto line = process_.read_line(std::chrono::seconds(120));
  if (!line || line->rfind("http://127.0.0.1:", 0) != 0)
    throw std::runtime_error("puzzlesat serve printed no URL; its log: " + log());
  url_ = *line;
  port_ = std::atoi(url_.c_str() + std::string("http://127.0.0.1:").size());
}

ServeProcess::~ServeProcess() {
  process_.stop();
  std::error_code ec;
  std::filesystem::remove(log_path_, ec);
}

std::string ServeProcess::log() const {
  std::ifstream in(log_path_);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace puzzlesat::testing

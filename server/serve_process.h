// Test support: a child process (`puzzlesat serve`, chromedriver) started without a shell,
// its standard output read line by line, ended with SIGTERM (then SIGKILL) when the object
// goes. ServeProcess starts `puzzlesat serve --port 0` and reads the URL it prints.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace puzzlesat::testing {

class ChildProcess {
 public:
  // stderr goes to `stderr_path` (or /dev/null when empty).
  ChildProcess(const std::vector<std::string>& argv, const std::string& stderr_path = "");
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // The next line of its standard output, or nullopt at end of output or after `timeout`.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  // Whether it is still running (not exited, not killed by a signal).
  bool alive();
  // SIGTERM, then SIGKILL after `grace`; returns the wait status.
  int stop(std::chrono::milliseconds grace = std::chrono::seconds(5));

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  std::string buffer_;
  bool reaped_ = false;
  int status_ = 0;
};

// A free TCP port on 127.0.0.1 right now (bound to port 0 and closed).
int free_port();

// A TCP socket listening on 127.0.0.1 at a port of the kernel's choice, with SO_REUSEADDR
// and SO_REUSEPORT set: a second socket may bind the port only by asking to share it too.
class ListeningSocket {
 public:
  ListeningSocket();
  ~ListeningSocket();
  ListeningSocket(const ListeningSocket&) = delete;
  ListeningSocket& operator=(const ListeningSocket&) = delete;
  int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

// `puzzlesat serve --port 0 --host 127.0.0.1 extra...`, once it printed its URL.
class ServeProcess {
 public:
  explicit ServeProcess(const std::vector<std::string>& extra = {});
  ~ServeProcess();
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;
  const std::string& url() const { return url_; }  // "http://127.0.0.1:PORT/"
  int port() const { return port_; }
  bool alive() { return process_.alive(); }
  // SIGTERM, then SIGKILL after `grace`; returns the wait status (the destructor stops it too).
  int stop(std::chrono::milliseconds grace) { return process_.stop(grace); }
  std::string log() const;  // what it wrote on stderr

 private:
  std::string log_path_;
  ChildProcess process_;
  std::string url_;
  int port_ = 0;
};

}  // namespace puzzlesat::testing

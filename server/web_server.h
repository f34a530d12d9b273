// `puzzlesat serve`: the web pages of the four jobs (SET photo, Hexcells, Yahtzee,
// DIMACS) and their JSON API over cpp-httplib, within ServerLimits. Pages and scripts are
// compiled into the binary (server/pages/), so the server needs no files and no network.
//
//   WebServer server({.host = "127.0.0.1", .port = 0});
//   int port = server.bind();          // 0 picks a free port
//   std::cout << server.url() << "\n";
//   server.listen();                   // until stop() from another thread or a signal
#pragma once

#include <memory>
#include <string>

#include "server/limits.h"

namespace puzzlesat::server {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  ServerLimits limits;
};

class WebServer {
 public:
  explicit WebServer(ServeOptions options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds the socket; returns the port (the one chosen when options.port is 0). Throws
  // InputError when the address cannot be bound (in use, not an address of this host).
  int bind();
  // "http://HOST:PORT/" once bound.
  std::string url() const;
  // Serves until stop(). Returns false if it could not run.
  bool listen();
  // Ends listen() (at once if it has not started), from any thread; returns once it has.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace puzzlesat::server

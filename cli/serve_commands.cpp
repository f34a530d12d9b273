// `puzzlesat serve`: the web pages (SET photo, Hexcells, Yahtzee, DIMACS) on a local
// port; everything lives in server/ (docs/server.md). It prints the URL it listens on as
// the first line of standard output (with --port 0, the free port it picked), and stops
// cleanly on Ctrl-C or SIGTERM.
#include <iostream>
#include <memory>

#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/interrupt_guard.h"
#include "server/jobs.h"
#include "server/web_server.h"

namespace puzzlesat::cli {
namespace {

struct ServeArgs {
  server::ServeOptions options;
  int upload_mb = int(server::ServerLimits{}.max_upload_bytes >> 20);
};

void run_serve(ServeArgs& a) {
  a.options.limits.max_upload_bytes = std::uint64_t(a.upload_mb) << 20;
  server::WebServer web(a.options);
  web.bind();  // bad --host/--port is bad input, before any work
  server::warm_yahtzee_table("official");  // the first Yahtzee request does not compute it
  // Before the URL is printed: whoever reads it may stop the server at once.
  InterruptGuard guard([&web] { web.stop(); });
  std::cout << web.url() << std::endl;
  std::cerr << "puzzlesat serve: " << a.options.limits.workers << " workers; Ctrl-C stops\n";
  if (!web.listen() && !guard.interrupted()) throw std::runtime_error("the server stopped unexpectedly");
}

void add_serve(Commands& commands) {
  CLI::App* cmd = &commands.app;
  cmd->require_subcommand(0);
  auto a = std::make_shared<ServeArgs>();
  cmd->add_option("--port", a->options.port, "Port to listen on (0: any free port, printed on standard output)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--host", a->options.host,
                  "Address to listen on: 127.0.0.1 (this machine only), or 0.0.0.0 to let phones on the same "
                  "network in (see docs/security.md)")
      ->capture_default_str();
  cmd->add_option("--workers", a->options.limits.workers, "Jobs solved at once (the rest wait in a queue)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--max-upload", a->upload_mb, "Largest upload in MB (larger ones are refused with 413)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--solve-seconds", a->options.limits.solve_seconds,
                  "SAT time budget of one request (DIMACS answers UNKNOWN past it)")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  cmd->callback([a] { run_serve(*a); });
}

}  // namespace

const CommandGroup serve_group{"serve", "Web pages for SET photos, Hexcells, Yahtzee and DIMACS on a local port",
                               add_serve};

}  // namespace puzzlesat::cli

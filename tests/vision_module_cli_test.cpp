// The program's modules (cli/vision.h, cli/module.h): the program loads puzzlesat_vision.so,
// and with it OpenCV, only for a command that needs it, puzzlesat_serve.so (and the web
// server's libraries) only for `serve`, and says so clearly when one is missing.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/run_cli.h"
#include "tests/temp_file.h"

using puzzlesat::testing::line_count;
using puzzlesat::testing::run_cli;
using puzzlesat::testing::TempDir;

namespace {

struct Shell {
  int exit_code = -1;
  std::string err;
};

// Runs `command` through the shell with standard output discarded; returns the exit code
// and standard error.
Shell shell(const std::string& command, const TempDir& dir) {
  const std::string err_file = dir.file("stderr.txt");
  const int status = std::system((command + " > /dev/null 2> " + err_file).c_str());
  std::ifstream in(err_file);
  std::stringstream text;
  text << in.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

// True when the program, run with `args`, loads a shared object whose name holds `file`.
bool loads(const std::string& file, const std::vector<std::string>& args, const TempDir& dir) {
  std::string command = "LD_DEBUG=files '" + std::string(PUZZLESAT_BINARY) + "'";
  for (const std::string& a : args) command += " '" + a + "'";
  return shell(command, dir).err.find(file) != std::string::npos;
}

bool loads_module(const std::vector<std::string>& args, const TempDir& dir) {
  return loads("puzzlesat_vision.so", args, dir);
}

}  // namespace

TEST_CASE("the vision module is loaded only for the commands that need it", "[cli][module]") {
  TempDir dir;
  const std::string cnf = dir.file("trivial.cnf");
  std::ofstream(cnf) << "p cnf 2 1\n1 -2 0\n";
  CHECK_FALSE(loads_module({"cnf", "solve", cnf}, dir));
  CHECK_FALSE(loads_module({"--help"}, dir));
  CHECK_FALSE(loads_module({"--version"}, dir));
  CHECK_FALSE(loads_module({"set", "solve", "--help"}, dir));
  CHECK_FALSE(loads_module({"hexcells", "deduce", "--help"}, dir));
  CHECK_FALSE(loads_module({"yahtzee", "play", "--help"}, dir));
  CHECK(loads_module({"set", "--help"}, dir));        // lists photo, render, eval
  CHECK(loads_module({"set", "photo", "--help"}, dir));
  CHECK(loads_module({"hexcells", "screenshot", "--help"}, dir));
  CHECK(loads_module({"yahtzee", "dice", "--help"}, dir));
  CHECK(loads_module({"yahtzee", "advise", "--help"}, dir));  // advise --photo
  // `serve` is a module of its own: the photo readers never load the web server's libraries.
  CHECK(loads("puzzlesat_serve.so", {"serve", "--help"}, dir));
  CHECK(loads("libcpp-httplib", {"serve", "--help"}, dir));
  CHECK_FALSE(loads_module({"serve", "--help"}, dir));
  CHECK_FALSE(loads("puzzlesat_serve.so", {"yahtzee", "dice", "demo/dice-roll.jpg"}, dir));
  CHECK_FALSE(loads("libcpp-httplib", {"yahtzee", "dice", "demo/dice-roll.jpg"}, dir));
  CHECK_FALSE(loads("puzzlesat_serve.so", {"set", "--help"}, dir));
  // `hexcells deduce -o` draws with OpenCV: the module is loaded when the picture is written.
  const std::string picture = dir.file("why.png");
  CHECK(loads_module({"hexcells", "deduce", "demo/hexcells-honeycomb-round4.hexcells", "-o", picture}, dir));
  CHECK(std::filesystem::file_size(picture) > 1000);
}

TEST_CASE("without the modules: their commands fail with one error line and exit 2, the rest work",
          "[cli][module]") {
  TempDir dir;
  // A copy of the program without lib/puzzlesat beside it (nor ../lib/puzzlesat).
  std::filesystem::create_directories(dir.path() / "bin");
  const std::string program = dir.file("bin/puzzlesat");
  std::error_code ec;
  std::filesystem::create_hard_link(PUZZLESAT_BINARY, program, ec);
  if (ec) std::filesystem::copy_file(PUZZLESAT_BINARY, program);
  const std::string cnf = dir.file("trivial.cnf");
  std::ofstream(cnf) << "p cnf 2 1\n1 -2 0\n";

  for (const std::string& args : std::vector<std::string>{"set photo demo/set-table.jpg", "set --help", "serve --port 0",
                                 "yahtzee dice --help", "hexcells screenshot x.png",
                                 "hexcells deduce demo/hexcells-honeycomb-round4.hexcells -o " + dir.file("w.png")}) {
    INFO(args);
    Shell r = shell(program + " " + args, dir);
    CHECK(r.exit_code == 2);
    const std::string missing = args.starts_with("serve") ? "the web server commands are not installed: puzzlesat_serve.so"
                                                          : "the vision commands are not installed: puzzlesat_vision.so";
    CHECK(r.err.rfind("puzzlesat: error: " + missing + " is not in ", 0) == 0);
    CHECK(line_count(r.err) == 1);
  }
  CHECK(shell(program + " cnf solve " + cnf, dir).exit_code == 10);
  CHECK(shell(program + " set solve --help", dir).exit_code == 0);
  Shell help = shell(program + " --help", dir);
  CHECK(help.exit_code == 0);
  // The same listing as the program beside its module, serve included.
  std::string listed = run_cli({"--help"}).out;
  const int status = std::system((program + " --help > " + dir.file("help.txt")).c_str());
  CHECK(status == 0);
  std::ifstream in(dir.file("help.txt"));
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == listed);
  CHECK(listed.find("  serve ") != std::string::npos);
}

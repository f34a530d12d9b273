// Runs the built `puzzlesat` binary for end-to-end tests: arguments, optional standard
// input, and back come stdout, stderr and the exit code.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace puzzlesat::testing {

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// args are passed without a shell; stdin_text is fed to standard input. With
// interrupt_after, the command gets SIGINT (as from Ctrl-C) once that time has passed.
CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text = "",
                  std::optional<std::chrono::milliseconds> interrupt_after = {});

}  // namespace puzzlesat::testing

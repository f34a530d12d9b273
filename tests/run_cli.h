// Runs the built `puzzlesat` binary for end-to-end tests: arguments, optional standard
// input, and back come stdout, stderr and the exit code.
#pragma once

#include <string>
#include <vector>

namespace puzzlesat::testing {

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// args are passed without a shell; stdin_text is fed to standard input.
CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text = "");

}  // namespace puzzlesat::testing

// Runs the built `puzzlesat` binary for end-to-end tests: arguments, optional standard
// input, and back come stdout, stderr and the exit code.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace puzzlesat::testing {

// The number of lines of a command's output (the newlines in it).
inline int line_count(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// args are passed without a shell; stdin_text is fed to standard input. With
// interrupt_after, the command gets SIGINT (as from Ctrl-C) once that time has passed.
CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text = "",
                  std::optional<std::chrono::milliseconds> interrupt_after = {});

// Runs the CLI with stdout and stderr on one pseudo-terminal, as in a user's terminal:
// `out` is everything the terminal received, progress lines and control bytes included.
CliResult run_cli_on_terminal(const std::vector<std::string>& args);

// Bounds for a command run on hostile input: the child gets RLIMIT_AS and RLIMIT_CPU, and
// is killed (SIGKILL) when wall_seconds pass. (No RLIMIT_AS in an AddressSanitizer build:
// its shadow memory alone is larger; run_cli.cpp.)
struct CliLimits {
  std::uint64_t address_space_bytes = std::uint64_t{4} << 30;
  int cpu_seconds = 30;
  double wall_seconds = 60;
};

struct LimitedResult : CliResult {
  bool signalled = false;    // ended by a signal (crash, or killed at a limit)
  bool timed_out = false;    // killed at wall_seconds
  long max_rss_kb = 0;       // peak resident memory
  double wall_seconds = 0;
};

// run_cli under limits, reporting how the command ended and what it used.
LimitedResult run_cli_limited(const std::vector<std::string>& args, const std::string& stdin_text,
                              const CliLimits& limits);

}  // namespace puzzlesat::testing

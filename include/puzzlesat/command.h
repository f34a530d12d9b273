// What every cli/*_commands.cpp file shares: how a subcommand group is added to the
// `puzzlesat` app, how a command sets the process exit code, and small I/O helpers so
// all commands read files and report errors the same way.
//
//   std::string text = puzzlesat::cli::read_input(path);   // a file, or stdin for "-"
//   puzzlesat::cli::set_exit_code(10);                      // returned by run()
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace puzzlesat::cli {

// Exit codes: 0 success, 2 bad input. Solver-style commands may use 10/20.
constexpr int kExitBadInput = 2;

// A command's result code, returned by main once parsing and the callback finish.
void set_exit_code(int code);
int exit_code();

// The whole content of a file, or of standard input for "-". Throws InputError
// naming the file when it cannot be read.
std::string read_input(const std::string& path);

}  // namespace puzzlesat::cli

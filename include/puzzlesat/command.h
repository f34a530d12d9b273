// What every cli/*_commands.cpp file shares: how a subcommand group is added to the
// `puzzlesat` app, how a command sets the process exit code, and small I/O helpers so
// all commands read files and report errors the same way.
//
//   std::string text = puzzlesat::cli::read_input(path);   // a file, or stdin for "-"
//   puzzlesat::cli::set_exit_code(10);                      // returned by run()
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace puzzlesat::cli {

// Every JSON output passes this to dump(): bytes that are not UTF-8 (a player's or a
// file's name) become U+FFFD instead of aborting the output (common/utf8.h).
inline constexpr auto kUtf8Replace = nlohmann::json::error_handler_t::replace;

// Exit codes: 0 success, 2 bad input. Solver-style commands may use 10/20.
constexpr int kExitBadInput = 2;

// A command's result code, returned by main once parsing and the callback finish.
void set_exit_code(int code);
int exit_code();

// The program's name as errors print it ("puzzlesat"; run() sets it from ProgramInfo).
const std::string& program_name();
void set_program_name(std::string name);

// A time limit in seconds: a number above 0, "inf" for none. Refuses NaN, 0 and negative
// values, which CLI::PositiveNumber lets through ("nan" compares false with everything).
const CLI::Validator& seconds_limit();

// A whole number from 0 to 2^64-1, in decimal digits only. CLI11 reads "-1" and
// "99999999999999999999" into an unsigned option as 2^64-1; this refuses both. Put it
// before CLI::Range on unsigned options (seeds, limits).
const CLI::Validator& whole_number();

// The whole content of a file, or of standard input for "-". Throws InputError
// naming the file when it cannot be read, is not a regular file (a FIFO, a device, a
// directory) or is larger than max_bytes.
std::string read_input(const std::string& path, std::uint64_t max_bytes = UINT64_MAX);

}  // namespace puzzlesat::cli

#include <puzzlesat/command.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <iostream>

#include <puzzlesat/file_io.h>
#include <puzzlesat/input_error.h>

namespace puzzlesat::cli {

namespace {
int g_exit_code = 0;
std::string g_program_name = "puzzlesat";
}  // namespace

void set_exit_code(int code) { g_exit_code = code; }
int exit_code() { return g_exit_code; }

const std::string& program_name() { return g_program_name; }
void set_program_name(std::string name) { g_program_name = std::move(name); }

const CLI::Validator& seconds_limit() {
  static const CLI::Validator validator(
      [](std::string& text) -> std::string {
        double seconds = 0;
        if (!CLI::detail::lexical_cast(text, seconds) || !(seconds > 0))
          return "'" + text + "' is not a number of seconds above 0 (inf: no limit)";
        return "";
      },
      "SECONDS>0");
  return validator;
}

const CLI::Validator& whole_number() {
  static const CLI::Validator validator(
      [](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.size() <= 20 &&
                            std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
        errno = 0;
        if (digits) std::strtoull(text.c_str(), nullptr, 10);
        if (!digits || errno == ERANGE) return "'" + text + "' is not a whole number from 0 to 18446744073709551615";
        return "";
      },
      "UINT");
  return validator;
}

std::string read_input(const std::string& path, std::uint64_t max_bytes) {
  if (path == "-") {
    // A pipe has no size to check first: read it in blocks and stop past the limit.
    std::string text;
    char block[1 << 16];
    while (std::cin.read(block, sizeof block) || std::cin.gcount() > 0) {
      text.append(block, static_cast<std::size_t>(std::cin.gcount()));
      if (text.size() > max_bytes)
        throw InputError("standard input is over the " + std::to_string(max_bytes >> 20) + " MB limit", {path});
    }
    return text;
  }
  return read_regular_file(path, max_bytes);
}

}  // namespace puzzlesat::cli

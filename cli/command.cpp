#include <puzzlesat/command.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <puzzlesat/input_error.h>

namespace puzzlesat::cli {

namespace {
int g_exit_code = 0;
}

void set_exit_code(int code) { g_exit_code = code; }
int exit_code() { return g_exit_code; }

std::string read_input(const std::string& path) {
  if (path == "-") {
    return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open file", {path});
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError("cannot read file", {path});
  return buffer.str();
}

}  // namespace puzzlesat::cli

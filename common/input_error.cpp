#include <puzzlesat/input_error.h>

#include <fmt/format.h>

namespace puzzlesat {

std::string format_input_error(const std::string& message, const SourceLocation& where) {
  std::string prefix;
  if (!where.file.empty()) prefix = where.file + ":";
  if (where.line > 0) prefix += fmt::format("{}:", where.line);
  if (where.line > 0 && where.column > 0) prefix += fmt::format("{}:", where.column);
  return prefix.empty() ? message : prefix + " " + message;
}

InputError::InputError(const std::string& message, SourceLocation where)
    : std::runtime_error(format_input_error(message, where)),
      where_(std::move(where)),
      message_(message) {}

}  // namespace puzzlesat

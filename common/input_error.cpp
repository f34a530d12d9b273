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

std::string quote_token(std::string_view token) {
  std::string q = "'";
  for (std::size_t i = 0; i < token.size() && i < 24; ++i) {
    auto c = static_cast<unsigned char>(token[i]);
    q += c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?';
  }
  if (token.size() > 24) q += "...";
  return q + "'";
}

InputError::InputError(const std::string& message, SourceLocation where)
    : std::runtime_error(format_input_error(message, where)),
      where_(std::move(where)),
      message_(message) {}

}  // namespace puzzlesat

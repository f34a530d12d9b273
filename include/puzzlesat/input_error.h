// InputError: the one exception type for bad user input (malformed files, impossible
// states). It carries where the problem is, so the CLI can print a single line
// `puzzlesat: error: FILE:LINE:COL: message` and exit 2 instead of crashing.
//
//   throw puzzlesat::InputError("expected a digit", {"board.txt", 3, 7});
//   // the CLI prints `puzzlesat: error: board.txt:3:7: expected a digit` and exits 2
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace puzzlesat {

struct SourceLocation {
  std::string file;  // "-" for standard input; empty when there is no file
  int line = 0;      // 1-based; 0 when not known
  int column = 0;    // 1-based; 0 when not known
};

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message, SourceLocation where = {});

  const SourceLocation& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  SourceLocation where_;
  std::string message_;
};

// "FILE:LINE:COL: message", leaving out the parts that are unknown.
std::string format_input_error(const std::string& message, const SourceLocation& where);

// A token quoted for an error message, short and printable whatever the file holds:
// 'abc', at most 24 characters (then "..."), other bytes than printable ASCII as '?'.
std::string quote_token(std::string_view token);

}  // namespace puzzlesat

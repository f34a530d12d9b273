#include <puzzlesat/drat_proof.h>

#include <limits>

#include <puzzlesat/input_error.h>

namespace puzzlesat::sat {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n'; }

class TextReader {
 public:
  TextReader(std::string_view text, const std::string& name) : text_(text), name_(name) {}

  DratProof read() {
    while (true) {
      skip_blanks_and_comments();
      if (pos_ == text_.size()) break;
      std::string_view token = next_token();
      if (token == "d") {
        if (open_) fail("'d' inside a clause (the previous clause lacks its final 0)", token);
        begin_step(true);
        deletion_token_ = token;
        continue;
      }
      std::int32_t literal = integer(token);
      if (!open_) begin_step(false);
      if (literal == 0) {
        if (proof_.steps.back().deletion && proof_.steps.back().size == 0) {
          fail("'d 0' deletes no clause", deletion_token_);
        }
        open_ = false;
        continue;
      }
      proof_.literals.push_back(literal);
      ++proof_.steps.back().size;
    }
    if (open_) {
      throw InputError("missing final 0 after the last step",
                       {name_, static_cast<int>(last_line_), static_cast<int>(last_column_)});
    }
    return std::move(proof_);
  }

 private:
  [[noreturn]] void fail(const std::string& message, std::string_view token) const {
    auto column = static_cast<std::size_t>(token.data() - text_.data()) - line_start_ + 1;
    throw InputError(message, {name_, static_cast<int>(line_), static_cast<int>(column)});
  }

  void begin_step(bool deletion) {
    proof_.steps.push_back({deletion, proof_.literals.size(), 0, line_});
    open_ = true;
  }

  // Skips blanks and newlines (counting lines) and `c` comment lines.
  void skip_blanks_and_comments() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '\n') {
        ++line_;
        line_start_ = ++pos_;
      } else if (is_blank(c)) {
        ++pos_;
      } else if (c == 'c' && at_line_start()) {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        return;
      }
    }
  }

  // Only blanks since the start of the line: a `c` there opens a comment.
  bool at_line_start() const {
    for (std::size_t i = line_start_; i < pos_; ++i) {
      if (!is_blank(text_[i])) return false;
    }
    return true;
  }

  std::string_view next_token() {
    std::size_t start = pos_;
    while (pos_ < text_.size() && !is_blank(text_[pos_])) ++pos_;
    std::string_view token = text_.substr(start, pos_ - start);
    last_line_ = line_;
    last_column_ = pos_ - line_start_ + 1;
    return token;
  }

  std::int32_t integer(std::string_view token) const {
    bool negative = token[0] == '-';
    std::string_view digits = negative ? token.substr(1) : token;
    if (digits.empty()) fail(quote_token(token) + " is not an integer", token);
    std::int64_t value = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') fail(quote_token(token) + " is not an integer", token);
      value = value * 10 + (c - '0');
      if (value > std::numeric_limits<std::int32_t>::max()) {
        fail("integer " + quote_token(token) + " is out of range", token);
      }
    }
    if (negative && value == 0) fail("'-0' is not a literal (a step ends with 0)", token);
    return static_cast<std::int32_t>(negative ? -value : value);
  }

  std::string_view text_;
  const std::string& name_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;
  std::size_t last_line_ = 1, last_column_ = 1;
  bool open_ = false;
  std::string_view deletion_token_;
  DratProof proof_;
};

class BinaryReader {
 public:
  BinaryReader(std::string_view bytes, const std::string& name) : bytes_(bytes), name_(name) {}

  DratProof read() {
    proof_.binary = true;
    while (pos_ < bytes_.size()) {
      std::size_t step_start = pos_;
      ++step_;
      char marker = bytes_[pos_++];
      if (marker != 'a' && marker != 'd') {
        fail("unknown marker byte " + hex(marker) + " (expected 'a' or 'd')", step_start);
      }
      proof_.steps.push_back({marker == 'd', proof_.literals.size(), 0, step_});
      while (true) {
        std::size_t literal_start = pos_;
        std::uint64_t code = number(step_start);
        if (code == 0) break;
        std::uint64_t var = code >> 1;
        if (var == 0 || var > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) {
          fail("literal code " + std::to_string(code) + " is not 2*variable+sign of a variable in 1..2^31-1",
               literal_start);
        }
        auto v = static_cast<std::int32_t>(var);
        proof_.literals.push_back((code & 1) != 0 ? -v : v);
        ++proof_.steps.back().size;
      }
      if (marker == 'd' && proof_.steps.back().size == 0) fail("a deletion of no clause", step_start);
    }
    return std::move(proof_);
  }

 private:
  static std::string hex(char c) {
    static const char* digits = "0123456789abcdef";
    auto u = static_cast<unsigned char>(c);
    return std::string("0x") + digits[u >> 4] + digits[u & 15];
  }

  [[noreturn]] void fail(const std::string& message, std::size_t offset) const {
    std::string where = "binary proof step " + std::to_string(step_) + " at byte " + std::to_string(offset);
    throw InputError(where + ": " + message, {name_, 0, 0});
  }

  // An unsigned LEB128 number: 7 bits per byte, least significant first, high bit set
  // on every byte but the last.
  std::uint64_t number(std::size_t step_start) {
    std::uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
      if (pos_ == bytes_.size()) fail("the proof ends inside a step (missing its final 0)", step_start);
      if (shift >= 35) fail("a literal longer than 5 bytes", pos_);
      auto byte = static_cast<unsigned char>(bytes_[pos_++]);
      value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if ((byte & 0x80) == 0) return value;
    }
  }

  std::string_view bytes_;
  const std::string& name_;
  std::size_t pos_ = 0;
  std::size_t step_ = 0;  // 1-based index of the step being read
  DratProof proof_;
};

}  // namespace

bool is_binary_drat(std::string_view bytes) {
  if (bytes.empty()) return false;
  if (bytes[0] == 'a') return true;
  for (std::size_t i = 0; i < bytes.size() && i < 10; ++i) {
    auto c = static_cast<unsigned char>(bytes[i]);
    if (c > 0x7e) return true;
    if (c < 0x20 && !is_blank(static_cast<char>(c))) return true;
  }
  return false;
}

DratProof parse_drat(std::string_view bytes, const std::string& name) {
  if (is_binary_drat(bytes)) return BinaryReader(bytes, name).read();
  return TextReader(bytes, name).read();
}

}  // namespace puzzlesat::sat

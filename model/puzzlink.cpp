#include <puzzlesat/puzzlink.h>

#include <puzzlesat/input_error.h>

#include <charconv>
#include <stdexcept>

namespace puzzlesat::puzzlink {

namespace {

[[noreturn]] void fail(const std::string& message, std::size_t offset) {
  throw InputError(message, {"URL", 1, static_cast<int>(offset) + 1});
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

int side(std::string_view part, std::size_t offset) {
  int value = 0;
  const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
  if (ec != std::errc() || end != part.data() + part.size() || value < 1 || value > kMaxSide)
    fail("expected a size from 1 to " + std::to_string(kMaxSide) + ", got " + quote_token(part), offset);
  return value;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// The `digits` hex digits at body[pos+1 ..], or a failure naming where they stop.
int hex_number(std::string_view body, std::size_t pos, int digits, std::size_t body_column) {
  int value = 0;
  for (int i = 1; i <= digits; ++i) {
    if (pos + i >= body.size()) fail("number cut short", body_column + body.size());
    const int d = hex_digit(body[pos + i]);
    if (d < 0) fail("expected a hex digit, got " + quote_token(body.substr(pos + i, 1)), body_column + pos + i);
    value = value * 16 + d;
  }
  return value;
}

}  // namespace

bool looks_like_url(std::string_view arg) {
  return arg.starts_with("http://") || arg.starts_with("https://") || arg.starts_with("p?");
}

Url parse_url(std::string_view url) {
  const std::size_t q = url.find('?');
  if (q == std::string_view::npos) fail("not a puzzle URL (no '?')", 0);
  // A fragment or further query parameters are not part of the puzzle.
  std::size_t end = url.find_first_of("#&", q + 1);
  if (end == std::string_view::npos) end = url.size();

  std::vector<std::pair<std::string_view, std::size_t>> parts;  // (text, offset in url)
  std::size_t start = q + 1;
  while (true) {
    const std::size_t slash = url.find('/', start);
    if (slash == std::string_view::npos || slash >= end) {
      parts.emplace_back(url.substr(start, end - start), start);
      break;
    }
    parts.emplace_back(url.substr(start, slash - start), start);
    start = slash + 1;
  }

  Url out;
  if (parts[0].first.empty()) fail("the URL names no puzzle genre", parts[0].second);
  out.genre = std::string(parts[0].first);
  std::size_t i = 1;
  while (i < parts.size() && !all_digits(parts[i].first)) out.flags.emplace_back(parts[i++].first);
  if (i >= parts.size()) fail("the URL gives no size", end);
  out.cols = side(parts[i].first, parts[i].second);
  ++i;
  // Every URL pzprjs writes gives both sides; a few old ones give one (square boards).
  if (i < parts.size() && all_digits(parts[i].first)) {
    out.rows = side(parts[i].first, parts[i].second);
    ++i;
  } else {
    out.rows = out.cols;
  }
  if (i < parts.size()) {
    out.body_column = parts[i].second;
    out.body = std::string(url.substr(parts[i].second, end - parts[i].second));
  } else {
    out.body_column = end;
  }
  return out;
}

std::string to_string(const Url& url) {
  std::string out = "https://puzz.link/p?" + url.genre + "/";
  for (const std::string& f : url.flags) out += f + "/";
  return out + std::to_string(url.cols) + "/" + std::to_string(url.rows) + "/" + url.body;
}

std::vector<int> decode_number16(std::string_view body, std::size_t& pos, std::size_t cells,
                                 std::size_t body_column) {
  std::vector<int> out(cells, -1);
  std::size_t c = 0;
  while (pos < body.size() && c < cells) {
    const char ch = body[pos];
    if (hex_digit(ch) >= 0) {
      out[c] = hex_digit(ch);
    } else if (ch == '-') {
      out[c] = hex_number(body, pos, 2, body_column);
      pos += 2;
    } else if (ch == '+' || ch == '=' || ch == '%') {
      out[c] = hex_number(body, pos, 3, body_column) + (ch == '+' ? 0 : ch == '=' ? 4096 : 8192);
      pos += 3;
    } else if (ch == '.') {
      out[c] = -2;
    } else if (ch >= 'g' && ch <= 'z') {
      c += static_cast<std::size_t>(ch - 'g');  // 'g' skips one cell, 'z' twenty
    } else {
      fail("unexpected " + quote_token(body.substr(pos, 1)) + " in the clues", body_column + pos);
    }
    ++c;
    ++pos;
  }
  return out;
}

std::string encode_number16(std::span<const int> values) {
  static constexpr char kHex[] = "0123456789abcdef";
  auto hex = [](int v, int digits) {
    std::string s(static_cast<std::size_t>(digits), '0');
    for (int i = digits - 1; i >= 0; --i, v /= 16) s[static_cast<std::size_t>(i)] = kHex[v % 16];
    return s;
  };
  std::string out;
  int empty = 0;
  auto flush = [&] {
    if (empty > 0) out += static_cast<char>('g' + empty - 1);
    empty = 0;
  };
  for (int v : values) {
    if (v == -1) {
      if (++empty == 20) flush();
      continue;
    }
    flush();
    if (v == -2) out += '.';
    else if (v >= 0 && v < 16) out += kHex[v];
    else if (v >= 16 && v < 256) out += "-" + hex(v, 2);
    else if (v >= 256 && v < 4096) out += "+" + hex(v, 3);
    else if (v >= 4096 && v < 8192) out += "=" + hex(v - 4096, 3);
    else if (v >= 8192 && v < 12288) out += "%" + hex(v - 8192, 3);
    else throw std::invalid_argument("number16 cannot hold " + std::to_string(v));
  }
  flush();
  return out;
}

}  // namespace puzzlesat::puzzlink

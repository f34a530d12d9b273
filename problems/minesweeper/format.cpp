#include "format.h"

#include <puzzlesat/input_error.h>
#include <puzzlesat/puzzlink.h>

#include <stdexcept>

namespace minesweeper {
namespace {

using puzzlesat::InputError;

// "mines N" with 0 <= N <= max; `line` numbers the error.
int read_mine_count(std::string_view rest, const std::string& file, int line, int max) {
  const int column = 7;  // after "mines "
  if (rest.empty()) throw InputError("expected a mine count after 'mines'", {file, line, column});
  long long n = 0;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const char c = rest[i];
    if (c < '0' || c > '9')
      throw InputError("expected a mine count, not " + puzzlesat::quote_token(rest), {file, line, column + int(i)});
    n = n * 10 + (c - '0');
    if (n > max) throw InputError("more mines than cells fit (" + std::to_string(max) + ")", {file, line, column});
  }
  return static_cast<int>(n);
}

bool allowed(char c) { return c == kCovered || c == kFlag || c == kSafe || is_number(c); }

}  // namespace

Board read_board(std::string_view text, const std::string& file) {
  Board b;
  int line_no = 0, mines_line = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line[0] == '#') continue;
    if (line.starts_with("mines")) {
      if (!b.rows.empty()) throw InputError("the mine count must come before the board", {file, line_no, 1});
      if (b.mines) throw InputError("a second mine count", {file, line_no, 1});
      if (line.size() < 6 || line[5] != ' ') throw InputError("expected 'mines N'", {file, line_no, 6});
      b.mines = read_mine_count(line.substr(6), file, line_no, kMaxSide * kMaxSide);
      mines_line = line_no;
      continue;
    }
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (!allowed(line[i]))
        throw InputError("unexpected " + puzzlesat::quote_token(line.substr(i, 1)) + " (use . * ? 0-8)",
                         {file, line_no, static_cast<int>(i) + 1});
      if (i >= kMaxSide)
        throw InputError("a row longer than " + std::to_string(kMaxSide) + " cells", {file, line_no, int(i) + 1});
    }
    if (!b.rows.empty() && line.size() != b.rows[0].size())
      throw InputError("a row of " + std::to_string(line.size()) + " cells after rows of " +
                           std::to_string(b.rows[0].size()),
                       {file, line_no, static_cast<int>(std::min(line.size(), b.rows[0].size())) + 1});
    if (b.rows.size() == kMaxSide)
      throw InputError("more than " + std::to_string(kMaxSide) + " rows", {file, line_no, 1});
    b.rows.emplace_back(line);
  }
  if (b.rows.empty()) throw InputError("no board (expected rows of . * ? 0-8)", {file, line_no + 1, 1});
  if (b.mines) {
    const int cells = b.height() * b.width();
    if (*b.mines > cells)
      throw InputError("mines " + std::to_string(*b.mines) + " on a board of " + std::to_string(cells) + " cells",
                       {file, mines_line, 7});
    if (cells > kMaxCellsWithCount)
      throw InputError("a mine count is supported on boards of up to " + std::to_string(kMaxCellsWithCount) +
                           " cells",
                       {file, mines_line, 1});
  }
  return b;
}

Board read_url(std::string_view text) {
  namespace pl = puzzlesat::puzzlink;
  const pl::Url url = pl::parse_url(text);
  const int genre_column = static_cast<int>(text.find('?')) + 2;
  const int size_column = genre_column + static_cast<int>(url.genre.size()) + 1;
  if (url.genre != "mines")
    throw InputError("a puzz.link URL of genre " + puzzlesat::quote_token(url.genre) + ", expected 'mines'",
                     {"URL", 1, genre_column});
  if (!url.flags.empty())
    throw InputError("unexpected " + puzzlesat::quote_token(url.flags[0]) + " before the size", {"URL", 1, size_column});
  if (url.cols > kMaxSide || url.rows > kMaxSide)
    throw InputError("boards up to " + std::to_string(kMaxSide) + "x" + std::to_string(kMaxSide) + " are supported",
                     {"URL", 1, size_column});
  std::size_t pos = 0;
  const std::vector<int> values =
      pl::decode_number16(url.body, pos, static_cast<std::size_t>(url.rows) * url.cols, url.body_column);
  if (pos < url.body.size())
    throw InputError("unexpected " + puzzlesat::quote_token(url.body.substr(pos)) + " after the board",
                     {"URL", 1, static_cast<int>(url.body_column + pos) + 1});
  Board b;
  b.rows.assign(url.rows, std::string(url.cols, kCovered));
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int v = values[i];
    if (v > 8)
      throw InputError("a number " + std::to_string(v) + " in row " + std::to_string(i / url.cols + 1) +
                           " (a cell has 8 neighbours)",
                       {"URL", 1, static_cast<int>(url.body_column) + 1});
    b.rows[i / url.cols][i % url.cols] = v == -2 ? kSafe : v >= 0 ? static_cast<char>('0' + v) : kCovered;
  }
  return b;
}

std::string write_url(const Board& board) {
  if (board.mines) throw std::invalid_argument("puzz.link mines have no mine count");
  std::vector<int> values;
  for (const std::string& row : board.rows)
    for (char c : row) {
      if (c == kFlag) throw std::invalid_argument("puzz.link mines have no flagged cells");
      values.push_back(c == kSafe ? -2 : is_number(c) ? c - '0' : -1);
    }
  puzzlesat::puzzlink::Url url{"mines", {}, board.width(), board.height(), puzzlesat::puzzlink::encode_number16(values), 0};
  return puzzlesat::puzzlink::to_string(url);
}

std::string write_board(const Board& board) {
  std::string out;
  if (board.mines) out += "mines " + std::to_string(*board.mines) + "\n";
  for (const std::string& row : board.rows) out += row + "\n";
  return out;
}

}  // namespace minesweeper

// Nurikabe's formats: the plain text grid (docs/nurikabe.md) and puzz.link URLs.
#include "nurikabe.h"

#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/puzzlink.h>

#include <charconv>
#include <sstream>

namespace nurikabe {

using puzzlesat::InputError;

namespace {

void check_numbers(const Puzzle& p, const std::string& file, const std::vector<std::pair<int, int>>& where,
                   int column = 0) {
  for (std::size_t i = 0; i < p.number.size(); ++i) {
    if (p.number[i] != kNoNumber && p.number[i] != kUnknown && (p.number[i] < 1 || p.number[i] > p.rows * p.cols)) {
      const auto [line, col] = where.empty() ? std::pair{1, column} : where[i];
      throw InputError("the number " + std::to_string(p.number[i]) + " does not fit a " + std::to_string(p.rows) +
                           "x" + std::to_string(p.cols) + " grid",
                       {file, line, col});
    }
  }
}

}  // namespace

Puzzle parse_text(const std::string& text, const std::string& file) {
  Puzzle p;
  std::vector<std::pair<int, int>> where;  // (line, column) of each cell's token
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;  // blank or comment
    int count = 0;
    for (std::size_t i = first; i < line.size();) {
      const std::size_t end = std::min(line.find_first_of(" \t", i), line.size());
      const std::string token = line.substr(i, end - i);
      const int column = static_cast<int>(i) + 1;
      int value = 0;
      if (token == ".") value = kNoNumber;
      else if (token == "?") value = kUnknown;
      else {
        const auto [stop, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (ec != std::errc() || stop != token.data() + token.size() || value < 1)
          throw InputError("expected '.', '?' or a number from 1, got " + puzzlesat::quote_token(token),
                           {file, line_no, column});
      }
      if (++count > kMaxSide) throw InputError("a row of more than " + std::to_string(kMaxSide) + " cells", {file, line_no, column});
      p.number.push_back(value);
      where.emplace_back(line_no, column);
      i = line.find_first_not_of(" \t", end);
      if (i == std::string::npos) break;
    }
    if (p.rows == 0) p.cols = count;
    else if (count != p.cols)
      throw InputError("this row has " + std::to_string(count) + " cells, the first had " + std::to_string(p.cols),
                       {file, line_no, 1});
    if (++p.rows > kMaxSide) throw InputError("more than " + std::to_string(kMaxSide) + " rows", {file, line_no, 1});
  }
  if (p.rows == 0) throw InputError("no grid (expected rows of '.', '?' and numbers)", {file, line_no + 1, 1});
  check_numbers(p, file, where);
  return p;
}

Puzzle parse_url(const std::string& url) {
  const puzzlesat::puzzlink::Url u = puzzlesat::puzzlink::parse_url(url);
  if (u.genre != "nurikabe")
    throw InputError("not a nurikabe URL (the genre is " + puzzlesat::quote_token(u.genre) + ")", {"URL", 1, 1});
  if (!u.flags.empty()) {
    const std::size_t at = url.find("/" + u.flags[0] + "/");
    throw InputError("the flag " + puzzlesat::quote_token(u.flags[0]) + " (a variant?) is not supported",
                     {"URL", 1, static_cast<int>(at == std::string::npos ? 0 : at + 2)});
  }
  if (u.rows > kMaxSide || u.cols > kMaxSide)
    throw InputError("grids up to " + std::to_string(kMaxSide) + "x" + std::to_string(kMaxSide) + " are read", {"URL", 1, 1});
  Puzzle p;
  p.rows = u.rows;
  p.cols = u.cols;
  std::size_t pos = 0;
  p.number = puzzlesat::puzzlink::decode_number16(u.body, pos, static_cast<std::size_t>(p.rows) * p.cols, u.body_column);
  if (pos < u.body.size())
    throw InputError("unexpected " + puzzlesat::quote_token(u.body.substr(pos)) + " after the last cell",
                     {"URL", 1, static_cast<int>(u.body_column + pos) + 1});
  check_numbers(p, "URL", {}, static_cast<int>(u.body_column) + 1);  // the body, as number16 has no cell offsets
  return p;
}

Puzzle parse_input(const std::string& argument) {
  const puzzlesat::PuzzleInput in = puzzlesat::read_puzzle_input(argument);
  return in.is_url ? parse_url(in.text) : parse_text(in.text, in.name);
}

std::string to_text(const Puzzle& p) {
  std::string out;
  for (int r = 0; r < p.rows; ++r) {
    for (int c = 0; c < p.cols; ++c) {
      const int v = p.at({r, c});
      if (c) out += ' ';
      out += v == kNoNumber ? "." : v == kUnknown ? "?" : std::to_string(v);
    }
    out += '\n';
  }
  return out;
}

std::string to_url(const Puzzle& p) {
  puzzlesat::puzzlink::Url u;
  u.genre = "nurikabe";
  u.cols = p.cols;
  u.rows = p.rows;
  u.body = puzzlesat::puzzlink::encode_number16(p.number);
  return puzzlesat::puzzlink::to_string(u);
}

}  // namespace nurikabe

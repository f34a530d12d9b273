// Sudoku text: one line of n*n cells, or n rows of n cells (docs/sudoku.md).
#include <cmath>
#include <sstream>

#include <puzzlesat/input_error.h>

#include "sudoku.h"

namespace puzzlesat::sudoku {

namespace {

struct Token {
  char ch;
  int line, column;
};

bool is_layout_line(const std::string& line) {
  bool any = false;
  for (char c : line) {
    if (c != '-' && c != '+' && c != '|' && c != '=' && c != ' ' && c != '\t') return false;
    any |= c != ' ' && c != '\t';
  }
  return any;
}

// The value of a cell character, -1 when it is none.
int cell_value(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return -1;
}

}  // namespace

char cell_char(int value) {
  if (value <= 0) return '.';
  if (value <= 9) return static_cast<char>('0' + value);
  return static_cast<char>('A' + value - 10);
}

Puzzle parse(const std::string& text, const std::string& file, const std::optional<Shape>& forced) {
  std::vector<std::vector<Token>> rows;  // the content lines, as cell tokens
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#' || is_layout_line(line)) continue;
    std::vector<Token> cells;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (c == ' ' || c == '\t' || c == '|') continue;
      if (cell_value(c) < 0)
        throw InputError("unexpected " + quote_token(std::string(1, c)) + " (a cell is 1-9, A-P, '.' or '0')",
                         {file, number, static_cast<int>(i) + 1});
      cells.push_back({c, number, static_cast<int>(i) + 1});
    }
    rows.push_back(std::move(cells));
  }
  if (rows.empty()) throw InputError("no puzzle (expected a line of 81 cells or 9 rows of 9)", {file, number, 1});
  std::vector<Token> cells;
  int n = 0;
  if (rows.size() == 1) {  // one line of n*n cells
    const int m = static_cast<int>(rows[0].size());
    n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(m))));
    if (n * n != m)
      throw InputError("a one-line puzzle has n*n cells (81 for 9x9), this one " + std::to_string(m),
                       {file, rows[0][0].line, 1});
    cells = rows[0];
  } else {
    n = static_cast<int>(rows.size());
    for (const auto& row : rows) {
      if (static_cast<int>(row.size()) != n) {
        const int column = static_cast<int>(row.size()) > n ? row[static_cast<std::size_t>(n)].column : row.back().column + 1;
        throw InputError("a row of " + std::to_string(row.size()) + " cells in a puzzle of " + std::to_string(n) +
                             " rows (each row needs " + std::to_string(n) + ")",
                         {file, row[0].line, column});
      }
      cells.insert(cells.end(), row.begin(), row.end());
    }
  }
  if (n > kMaxSize)
    throw InputError("a " + std::to_string(n) + "x" + std::to_string(n) + " grid is larger than " +
                         std::to_string(kMaxSize) + "x" + std::to_string(kMaxSize),
                     {file, cells[0].line, cells[0].column});
  const std::optional<Shape> shape = forced ? forced : default_shape(n);
  if (!shape)
    throw InputError("no box shape divides a " + std::to_string(n) + "x" + std::to_string(n) + " grid; give --box RxC",
                     {file, cells[0].line, cells[0].column});
  if (shape->size() != n)
    throw InputError("boxes of " + std::to_string(shape->box_rows) + "x" + std::to_string(shape->box_cols) +
                         " do not tile a " + std::to_string(n) + "x" + std::to_string(n) + " grid",
                     {file, cells[0].line, cells[0].column});
  Puzzle p{*shape, {}};
  for (const Token& t : cells) {
    const int v = cell_value(t.ch);
    if (v > n)
      throw InputError(quote_token(std::string(1, t.ch)) + " is " + std::to_string(v) + ", more than " +
                           std::to_string(n) + " on this grid",
                       {file, t.line, t.column});
    p.cells.push_back(v);
  }
  return p;
}

std::string to_line(const std::vector<int>& cells) {
  std::string out;
  for (int v : cells) out += cell_char(v);
  return out;
}

std::vector<std::string> to_rows(const std::vector<int>& cells, int n) {
  std::vector<std::string> rows;
  for (int r = 0; r < n; ++r) rows.push_back(to_line({cells.begin() + r * n, cells.begin() + (r + 1) * n}));
  return rows;
}

std::string draw(const std::vector<int>& cells, const Shape& shape) {
  const int n = shape.size();
  std::string out, separator;
  for (int r = 0; r < n; ++r) {
    std::string row;
    for (int c = 0; c < n; ++c) {
      if (c) row += c % shape.box_cols == 0 ? " | " : " ";
      row += cell_char(cells[static_cast<std::size_t>(r * n + c)]);
    }
    if (separator.empty())
      for (char ch : row) separator += ch == '|' ? '+' : '-';
    if (r && r % shape.box_rows == 0) out += separator + "\n";
    out += row + "\n";
  }
  return out;
}

}  // namespace puzzlesat::sudoku

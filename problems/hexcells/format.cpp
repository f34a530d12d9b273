#include "problems/hexcells/format.h"

#include <charconv>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

#include <puzzlesat/input_error.h>

namespace puzzlesat::hexcells {
namespace {

constexpr std::string_view kLevelHeader = "Hexcells level v1";
constexpr std::string_view kStateHeader = "Hexcells state v1";

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

struct Line {
  int number;           // 1-based line number in the file
  std::string raw;      // without the newline
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  std::size_t start = 0;
  int n = 1;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back({n++, std::string(text.substr(start, end - start))});
    start = end + 1;
  }
  return lines;
}

// Trimmed text and the 1-based column of its first character in the raw line.
std::pair<std::string, int> strip(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_blank(s[b])) ++b;
  while (e > b && is_blank(s[e - 1])) --e;
  return {s.substr(b, e - b), static_cast<int>(b) + 1};
}

void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Text lines are written so that reading them back gives the same text: an '&' is
// escaped only when the plain text would otherwise decode to something else.
std::string encode_text(const std::string& s) {
  if (decode_html_entities(s) == s) return s;
  std::string out;
  for (char c : s) out += c == '&' ? std::string("&amp;") : std::string(1, c);
  return out;
}

Tile cell_tile(Color c, bool revealed) {
  Tile t;
  t.kind = Kind::cell;
  t.color = c;
  t.revealed = revealed;
  return t;
}

char cell_char(const Tile& t) {
  switch (t.kind) {
    case Kind::empty: return '.';
    case Kind::line_down: return '|';
    case Kind::line_down_right: return '\\';
    case Kind::line_down_left: return '/';
    case Kind::cell: break;
  }
  switch (t.color) {
    case Color::black: return t.revealed ? 'O' : 'o';
    case Color::blue: return t.revealed ? 'X' : 'x';
    case Color::unknown: break;
  }
  return '?';
}

char mark_char(Mark m) {
  switch (m) {
    case Mark::none: return '.';
    case Mark::plain: return '+';
    case Mark::together: return 'c';
    case Mark::apart: return 'n';
  }
  return '.';
}

std::string write_common(const Board& board, std::string_view header) {
  std::string out(header);
  out += '\n';
  out += encode_text(board.title) + '\n';
  out += encode_text(board.author) + '\n';
  out += encode_text(board.text[0]) + '\n';
  out += encode_text(board.text[1]) + '\n';
  for (int y = 0; y < kGridSize; ++y) {
    for (int x = 0; x < kGridSize; ++x) {
      const Tile& t = board.at({x, y});
      out += cell_char(t);
      out += mark_char(t.mark);
    }
    out += '\n';
  }
  return out;
}

class Reader {
 public:
  Reader(std::string_view text, std::string file) : lines_(split_lines(text)), file_(std::move(file)) {}

  Board read() {
    // Leading blank lines are forgiven (the whole text is stripped).
    while (next_ < lines_.size() && strip(lines_[next_].raw).first.empty()) ++next_;
    const Line* header = take();
    if (!header) fail("empty input: expected 'Hexcells level v1'", 1, 1);
    auto [head, head_col] = strip(header->raw);
    if (head == kLevelHeader) {
      state_ = false;
    } else if (head == kStateHeader) {
      state_ = true;
    } else {
      fail("expected 'Hexcells level v1' or 'Hexcells state v1', found '" + head + "'", header->number, head_col);
    }
    board_.title = text_line("title");
    board_.author = text_line("author");
    board_.text[0] = text_line("free text");
    board_.text[1] = text_line("free text");
    for (int y = 0; y < kGridSize; ++y) grid_row(y);
    trailer();
    finish();
    return std::move(board_);
  }

 private:
  [[noreturn]] void fail(const std::string& msg, int line, int col) const {
    throw InputError(msg, {file_, line, col});
  }

  const Line* take() { return next_ < lines_.size() ? &lines_[next_++] : nullptr; }
  int end_line() const { return lines_.empty() ? 1 : lines_.back().number; }

  std::string text_line(const char* what) {
    const Line* l = take();
    if (!l) fail(std::string("file ends before the ") + what + " line", end_line(), 1);
    return decode_html_entities(strip(l->raw).first);
  }

  void grid_row(int y) {
    const Line* l = take();
    if (!l) fail("file ends after " + std::to_string(y) + " of 33 grid rows", end_line(), 1);
    // Spaces and tabs are dropped (indented files exist); columns refer to the raw line.
    // Written by index into arrays sized once (appending a character at a time cost more
    // than the rest of the row).
    std::string row(l->raw.size(), ' ');
    std::vector<int> cols(l->raw.size());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < l->raw.size(); ++i) {
      if (is_blank(l->raw[i])) continue;
      row[kept] = l->raw[i];
      cols[kept++] = static_cast<int>(i) + 1;
    }
    row.resize(kept);
    cols.resize(kept);
    if (row.size() != 2 * kGridSize) {
      // Only blank lines from here on: the file ends early (checked only on a bad row, as
      // a good one is not blank; checking on every row made reading quadratic).
      bool rest_blank = true;
      for (std::size_t i = next_ - 1; i < lines_.size(); ++i) rest_blank &= strip(lines_[i].raw).first.empty();
      if (rest_blank) fail("file ends after " + std::to_string(y) + " of 33 grid rows", l->number, 1);
      int col = row.size() > 2 * kGridSize ? cols[2 * kGridSize] : static_cast<int>(l->raw.size()) + 1;
      fail("grid row " + std::to_string(y + 1) + " has " + std::to_string(row.size()) +
               " characters, expected 66 (33 two-character groups)",
           l->number, col);
    }
    for (int x = 0; x < kGridSize; ++x) {
      char c0 = row[2 * x], c1 = row[2 * x + 1];
      int col0 = cols[2 * x], col1 = cols[2 * x + 1];
      Tile& t = board_.at({x, y});
      switch (c0) {
        case '.': break;
        case 'o': t = cell_tile(Color::black, false); break;
        case 'O': t = cell_tile(Color::black, true); break;
        case 'x': t = cell_tile(Color::blue, false); break;
        case 'X': t = cell_tile(Color::blue, true); break;
        case '?':
          if (!state_) fail("'?' (a hidden cell of unknown colour) is only allowed in a 'Hexcells state v1'", l->number, col0);
          t = cell_tile(Color::unknown, false);
          break;
        case '|': t.kind = Kind::line_down; break;
        case '\\': t.kind = Kind::line_down_right; break;
        case '/': t.kind = Kind::line_down_left; break;
        default: fail(std::string("unknown tile character '") + c0 + "' (expected one of . o O x X | \\ /)", l->number, col0);
      }
      switch (c1) {
        case '.': t.mark = Mark::none; break;
        case '+': t.mark = Mark::plain; break;
        case 'c': t.mark = Mark::together; break;
        case 'n': t.mark = Mark::apart; break;
        default: fail(std::string("unknown number character '") + c1 + "' (expected one of . + c n)", l->number, col1);
      }
      if (t.kind == Kind::empty && t.mark != Mark::none)
        fail(std::string("'") + c1 + "' on a tile without a cell", l->number, col1);
      if (t.color == Color::unknown && t.is_cell() && t.mark != Mark::none)
        fail("a hidden cell of unknown colour cannot carry a number", l->number, col1);
      if (t.color == Color::blue && (t.mark == Mark::together || t.mark == Mark::apart))
        fail("a blue cell's number cannot be {n} or -n-", l->number, col1);
      mark_at(Pos{x, y}) = {l->number, col1};
    }
  }

  int parse_int(const std::string& tok, int line, int col) const {
    int v = 0;
    auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec != std::errc() || p != tok.data() + tok.size() || v < 0)
      fail("expected a non-negative number, found '" + tok + "'", line, col);
    return v;
  }

  // After the grid: all-dot rows (some files have a 34th row); in a state, also the
  // `remaining N` and `number X Y N` lines.
  void trailer() {
    while (const Line* l = take()) {
      auto [s, col0] = strip(l->raw);
      if (s.empty()) continue;
      if (s.find_first_not_of(". \t") == std::string::npos) continue;
      if (!state_) fail("unexpected text after the 33 grid rows", l->number, col0);
      std::vector<std::pair<std::string, int>> toks;  // token, column
      for (std::size_t i = 0; i < l->raw.size();) {
        if (is_blank(l->raw[i])) { ++i; continue; }
        std::size_t j = i;
        while (j < l->raw.size() && !is_blank(l->raw[j])) ++j;
        toks.push_back({l->raw.substr(i, j - i), static_cast<int>(i) + 1});
        i = j;
      }
      const std::string& key = toks[0].first;
      if (key == "remaining" && toks.size() == 2) {
        if (board_.remaining) fail("'remaining' given twice", l->number, toks[0].second);
        board_.remaining = parse_int(toks[1].first, l->number, toks[1].second);
        remaining_line_ = l->number;
      } else if (key == "number" && toks.size() == 4) {
        Pos p{parse_int(toks[1].first, l->number, toks[1].second), parse_int(toks[2].first, l->number, toks[2].second)};
        if (!in_grid(p)) fail("position " + to_string(p) + " is outside the 33x33 grid", l->number, toks[1].second);
        Tile& t = board_.at(p);
        if (!t.shows_number())
          fail("tile " + to_string(p) + " shows no number (it needs a visible + c or n)", l->number, toks[1].second);
        if (!given_.insert(p).second) fail("number of " + to_string(p) + " given twice", l->number, toks[1].second);
        t.number = parse_int(toks[3].first, l->number, toks[3].second);
        int limit = 0;
        for (const auto& q : hint_scope(board_, p)) limit += q.has_value();
        if (*t.number > limit)
          fail("number " + std::to_string(*t.number) + " at " + to_string(p) + " exceeds the " +
                   std::to_string(limit) + " cells it counts",
               l->number, toks[3].second);
        number_lines_[p] = l->number;
      } else {
        fail("expected 'remaining N' or 'number X Y N', found '" + s + "'", l->number, col0);
      }
    }
  }

  void finish() {
    if (!state_) {
      compute_numbers(board_);
      board_.remaining = board_.count_hidden_blue();
      // The file holds the solution, so its {n}/-n- marks must agree with it.
      for (Pos p : Board::positions()) {
        const Tile& t = board_.at(p);
        if (t.mark != Mark::together && t.mark != Mark::apart) continue;
        if ((t.mark == Mark::together) != blue_contiguous(board_, p))
          fail(std::string("the solution contradicts this ") + (t.mark == Mark::together ? "{n}" : "-n-") +
                   ": the " + std::to_string(*t.number) + " blue cells it counts are " +
                   (t.mark == Mark::together ? "not " : "") + "contiguous",
               mark_at(p).first, mark_at(p).second);
      }
      return;
    }
    for (Pos p : Board::positions()) {
      const Tile& t = board_.at(p);
      if (t.shows_number() && !given_.count(p))
        fail("the number of " + to_string(p) + " is missing (add 'number " + std::to_string(p.x) + " " +
                 std::to_string(p.y) + " N')",
             end_line(), 1);
      // Where the colours are known the given number must agree with them.
      if (t.shows_number()) {
        auto computed = computed_number(board_, p);
        if (computed && *computed != *t.number)
          fail("number " + std::to_string(*t.number) + " at " + to_string(p) +
                   " disagrees with the colours, which give " + std::to_string(*computed),
               number_lines_[p], 1);
      }
    }
    if (!board_.remaining) fail("a state needs a 'remaining N' line", end_line(), 1);
    int hidden = static_cast<int>(board_.hidden_cells().size());
    if (*board_.remaining > hidden)
      fail("remaining " + std::to_string(*board_.remaining) + " exceeds the " + std::to_string(hidden) + " hidden cells",
           remaining_line_, 1);
    // Hidden cells of known colour (a state written with its solution) get their numbers.
    compute_numbers(board_);
    bool all_known = true;
    for (Pos p : board_.hidden_cells()) all_known &= board_.at(p).color != Color::unknown;
    if (all_known && board_.count_hidden_blue() != *board_.remaining)
      fail("remaining " + std::to_string(*board_.remaining) + " disagrees with the " +
               std::to_string(board_.count_hidden_blue()) + " hidden blue cells",
           remaining_line_, 1);
  }

  std::vector<Line> lines_;
  std::string file_;
  std::size_t next_ = 0;
  bool state_ = false;
  Board board_;
  std::set<Pos> given_;
  std::map<Pos, int> number_lines_;
  // Line and column of each tile's mark, by y * kGridSize + x (an array: a map cost a
  // node per tile of every file read).
  std::vector<std::pair<int, int>> mark_at_ = std::vector<std::pair<int, int>>(kGridSize * kGridSize);
  std::pair<int, int>& mark_at(Pos p) { return mark_at_[tile_index(p)]; }
  int remaining_line_ = 0;
};

}  // namespace

std::string decode_html_entities(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '&') {
      std::size_t semi = s.find(';', i);
      if (semi != std::string_view::npos && semi - i <= 10) {
        std::string_view name = s.substr(i + 1, semi - i - 1);
        bool ok = true;
        if (name == "amp") out += '&';
        else if (name == "quot") out += '"';
        else if (name == "apos") out += '\'';
        else if (name == "lt") out += '<';
        else if (name == "gt") out += '>';
        else if (name == "nbsp") out += ' ';
        else if (name.size() >= 2 && name[0] == '#') {
          bool hex = name[1] == 'x' || name[1] == 'X';
          std::string_view digits = name.substr(hex ? 2 : 1);
          unsigned long cp = 0;
          auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
          ok = !digits.empty() && ec == std::errc() && p == digits.data() + digits.size() && cp > 0 && cp < 0x110000;
          if (ok) append_utf8(out, cp);
        } else {
          ok = false;
        }
        if (ok) {
          i = semi;
          continue;
        }
      }
    }
    out += s[i];
  }
  return out;
}

Board read_board(std::string_view text, const std::string& file) { return Reader(text, file).read(); }

std::string write_level(const Board& board) {
  if (!board.colours_known()) throw std::logic_error("write_level: a cell's colour is unknown; write a state");
  return write_common(board, kLevelHeader);
}

std::string write_state(const Board& board) {
  std::string out = write_common(board, kStateHeader);
  if (!board.remaining) throw std::logic_error("write_state: remaining is unknown");
  out += "remaining " + std::to_string(*board.remaining) + "\n";
  for (Pos p : Board::positions()) {
    const Tile& t = board.at(p);
    if (!t.shows_number()) continue;
    if (!t.number) throw std::logic_error("write_state: the number of " + to_string(p) + " is unknown");
    out += "number " + std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(*t.number) + "\n";
  }
  return out;
}

Board visible_state(const Board& board) {
  Board s = board;
  for (Pos p : Board::positions()) {
    Tile& t = s.at(p);
    if (!t.hidden()) continue;
    t.color = Color::unknown;
    t.mark = Mark::none;
    t.number.reset();
  }
  return s;
}

}  // namespace puzzlesat::hexcells

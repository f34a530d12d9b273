// Nonogram text formats: plain (ours), .non (Simpson / mikix), .nin (Wolter / Olsak) and the
// TAAI tournament format (docs/nonogram.md).
#include <cctype>
#include <sstream>

#include <puzzlesat/input_error.h>

#include "nonogram.h"

namespace puzzlesat::nonogram {

namespace {

struct Line {
  int number;
  std::string text;  // without the line ending
};

std::vector<Line> split_lines(const std::string& text) {
  std::vector<Line> lines;
  std::string current;
  int number = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n' || c == '\r') {
      lines.push_back({number++, current});
      current.clear();
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      current += c;
    }
  }
  if (!current.empty()) lines.push_back({number, current});
  return lines;
}

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

bool blank_or_comment(const std::string& s) {
  const std::string t = trim(s);
  return t.empty() || t[0] == '#';
}

// A clue: run lengths separated by spaces, tabs or commas; "0", "-" or nothing: an empty line.
struct ClueAt {
  Clue clue;
  int line = 0;
};
ClueAt parse_clue(const Line& l, const std::string& file) {
  ClueAt out{{}, l.number};
  const std::string& s = l.text;
  std::size_t i = 0;
  bool zero = false;
  while (i < s.size()) {
    if (s[i] == ' ' || s[i] == '\t' || s[i] == ',') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != ',') ++i;
    const std::string token = s.substr(start, i - start);
    const SourceLocation at{file, l.number, static_cast<int>(start) + 1};
    if (token == "-" && trim(s) == "-") return out;
    if (token.find_first_not_of("0123456789") != std::string::npos)
      throw InputError("expected a run length, not " + quote_token(token) +
                           (std::isdigit(static_cast<unsigned char>(token[0])) ? " (colour clues are not supported)" : ""),
                       at);
    if (token.size() > 4 || std::stoi(token) > kMaxSide)
      throw InputError("a run of " + quote_token(token) + " is longer than any line (" + std::to_string(kMaxSide) + ")", at);
    const int run = std::stoi(token);
    if (run == 0) {
      zero = true;
    } else {
      out.clue.push_back(run);
    }
    if (zero && !out.clue.empty()) throw InputError("a run of 0 in a clue with other runs", at);
  }
  return out;
}

void check_side(int n, const char* what, const SourceLocation& at) {
  if (n < 1 || n > kMaxSide)
    throw InputError(std::string(what) + " must be 1 to " + std::to_string(kMaxSide) + ", not " + std::to_string(n), at);
}

// The clues' counts and lengths against the size, then the puzzle.
Puzzle assemble(const std::vector<ClueAt>& rows, const std::vector<ClueAt>& cols, const std::string& file) {
  Puzzle p;
  p.rows = static_cast<int>(rows.size());
  p.cols = static_cast<int>(cols.size());
  check_side(p.rows, "the number of rows", {file});
  check_side(p.cols, "the number of columns", {file});
  auto fits = [&](const ClueAt& c, int length, const char* line_kind) {
    int need = -1;
    for (int run : c.clue) need += run + 1;
    if (need > length)
      throw InputError("the clue needs " + std::to_string(need) + " cells; a " + line_kind + " has " +
                           std::to_string(length),
                       {file, c.line, 1});
    return c.clue;
  };
  for (const ClueAt& r : rows) p.row_clues.push_back(fits(r, p.cols, "row"));
  for (const ClueAt& c : cols) p.col_clues.push_back(fits(c, p.rows, "column"));
  return p;
}

int parse_int(const std::string& token, const SourceLocation& at, const char* what) {
  if (token.empty() || token.size() > 6 || token.find_first_not_of("0123456789") != std::string::npos)
    throw InputError(std::string("expected ") + what + ", not " + quote_token(token), at);
  return std::stoi(token);
}

Puzzle parse_plain(const std::vector<Line>& lines, const std::string& file) {
  std::vector<ClueAt> rows, cols;
  std::vector<ClueAt>* section = nullptr;
  for (const Line& l : lines) {
    if (blank_or_comment(l.text)) continue;
    const std::string t = trim(l.text);
    if (t == "rows") {
      section = &rows;
    } else if (t == "columns" || t == "cols") {
      section = &cols;
    } else if (!section) {
      throw InputError("expected 'rows' or 'columns' before the clues", {file, l.number, 1});
    } else {
      section->push_back(parse_clue(l, file));
    }
  }
  const int last = lines.empty() ? 1 : lines.back().number;
  if (rows.empty()) throw InputError("no row clues (a 'rows' section)", {file, last, 1});
  if (cols.empty()) throw InputError("no column clues (a 'columns' section)", {file, last, 1});
  return assemble(rows, cols, file);
}

Puzzle parse_non(const std::vector<Line>& lines, const std::string& file) {
  int width = 0, height = 0;
  std::vector<ClueAt> rows, cols;
  bool have_rows = false, have_cols = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    std::istringstream in(l.text);
    std::string key, value;
    in >> key >> value;
    if (key == "width" || key == "height") {
      const int n = parse_int(value, {file, l.number, static_cast<int>(l.text.find(value)) + 1}, "a number");
      check_side(n, key.c_str(), {file, l.number, 1});
      (key == "width" ? width : height) = n;
    } else if (key == "rows" || key == "columns") {
      const int count = key == "rows" ? height : width;
      if (!count) throw InputError("'" + key + "' before 'width' and 'height'", {file, l.number, 1});
      auto& target = key == "rows" ? rows : cols;
      (key == "rows" ? have_rows : have_cols) = true;
      for (int k = 0; k < count; ++k) {  // exactly `count` lines; a blank one is an empty clue
        if (++i >= lines.size())
          throw InputError("the file ends after " + std::to_string(k) + " of " + std::to_string(count) + " " + key,
                           {file, l.number + k, 1});
        target.push_back(parse_clue(lines[i], file));
      }
    }  // other keys (title, by, goal, …) and unknown lines are ignored, as the format asks
  }
  const int last = lines.empty() ? 1 : lines.back().number;
  if (!have_rows || !have_cols) throw InputError("a .non puzzle needs 'rows' and 'columns'", {file, last, 1});
  return assemble(rows, cols, file);
}

Puzzle parse_nin(const std::vector<Line>& lines, const std::string& file) {
  std::vector<const Line*> content;
  for (const Line& l : lines)
    if (!blank_or_comment(l.text)) content.push_back(&l);
  const Line& head = *content.at(0);
  std::istringstream in(head.text);
  std::string w, h, extra;
  in >> w >> h >> extra;
  const int width = parse_int(w, {file, head.number, 1}, "the width");
  const int height = parse_int(h, {file, head.number, static_cast<int>(head.text.find(h, w.size())) + 1}, "the height");
  check_side(width, "the width", {file, head.number, 1});
  check_side(height, "the height", {file, head.number, 1});
  if (!extra.empty()) throw InputError("expected 'WIDTH HEIGHT' on the first line", {file, head.number, 1});
  const std::size_t need = static_cast<std::size_t>(width + height) + 1;
  if (content.size() < need)
    throw InputError("expected " + std::to_string(height) + " row and " + std::to_string(width) +
                         " column clues, found " + std::to_string(content.size() - 1) + " lines",
                     {file, content.back()->number, 1});
  if (content.size() > need)
    throw InputError("more lines than the " + std::to_string(width + height) + " clues", {file, content[need]->number, 1});
  std::vector<ClueAt> rows, cols;
  for (std::size_t i = 1; i < need; ++i)
    (i <= static_cast<std::size_t>(height) ? rows : cols).push_back(parse_clue(*content[i], file));
  return assemble(rows, cols, file);
}

enum class Detected { plain, non, nin, taai };
Detected detect(const std::vector<Line>& lines) {
  for (const Line& l : lines) {
    std::istringstream in(l.text);
    std::string key;
    in >> key;
    if (key == "width" || key == "height") return Detected::non;
  }
  for (const Line& l : lines) {
    if (blank_or_comment(l.text)) continue;
    const std::string t = trim(l.text);
    if (t[0] == '$') return Detected::taai;
    std::istringstream in(t);
    int a = 0, b = 0;
    std::string rest;
    if (in >> a >> b && !(in >> rest)) return Detected::nin;
    return Detected::plain;
  }
  return Detected::plain;
}

}  // namespace

std::vector<Numbered> parse_taai(const std::string& text, const std::string& file) {
  const std::vector<Line> lines = split_lines(text);
  std::vector<Numbered> out;
  std::size_t i = 0;
  while (i < lines.size() && trim(lines[i].text).empty()) ++i;
  while (i < lines.size()) {
    const Line& head = lines[i];
    if (head.text.empty() || head.text[0] != '$') throw InputError("expected '$' and a puzzle number", {file, head.number, 1});
    const int id = parse_int(trim(head.text.substr(1)), {file, head.number, 2}, "a puzzle number");
    std::size_t end = ++i;
    while (end < lines.size() && (lines[end].text.empty() || lines[end].text[0] != '$')) ++end;
    std::size_t count = end - i;
    // A last row clue that is empty is a blank line; more blank lines only end the file.
    while (count % 2 && count > 0 && trim(lines[i + count - 1].text).empty()) --count;
    if (count % 2 || count == 0)
      throw InputError("puzzle $" + std::to_string(id) + " has " + std::to_string(count) +
                           " clue lines; an n x n puzzle has n column clues, then n row clues",
                       {file, head.number, 1});
    const std::size_t n = count / 2;
    std::vector<ClueAt> cols, rows;
    for (std::size_t k = 0; k < count; ++k) (k < n ? cols : rows).push_back(parse_clue(lines[i + k], file));
    out.push_back({id, assemble(rows, cols, file)});
    i = end;
  }
  if (out.empty()) throw InputError("no puzzle ('$1' and its clues)", {file, lines.empty() ? 1 : lines.back().number, 1});
  return out;
}

Puzzle parse(const std::string& text, const std::string& file, Format format, std::optional<int> id) {
  const std::vector<Line> lines = split_lines(text);
  bool any = false;
  for (const Line& l : lines) any |= !blank_or_comment(l.text);
  if (!any) throw InputError("no puzzle", {file, lines.empty() ? 1 : lines.back().number, 1});
  Detected kind = detect(lines);
  if (format == Format::plain) kind = Detected::plain;
  if (format == Format::non) kind = Detected::non;
  if (format == Format::nin) kind = Detected::nin;
  if (format == Format::taai) kind = Detected::taai;
  if (id && kind != Detected::taai) throw InputError("--id picks a puzzle of a TAAI file; this is no TAAI file", {file});
  switch (kind) {
    case Detected::plain: return parse_plain(lines, file);
    case Detected::non: return parse_non(lines, file);
    case Detected::nin: return parse_nin(lines, file);
    case Detected::taai: break;
  }
  std::vector<Numbered> all = parse_taai(text, file);
  if (!id) {
    if (all.size() > 1)
      throw InputError("the file holds " + std::to_string(all.size()) + " puzzles; pick one with --id N", {file});
    return all[0].puzzle;
  }
  for (Numbered& n : all)
    if (n.id == *id) return n.puzzle;
  throw InputError("no puzzle $" + std::to_string(*id) + " in the file", {file});
}

std::string to_plain(const Puzzle& p) {
  auto line = [](const Clue& c) {
    if (c.empty()) return std::string("0");
    std::string s;
    for (int run : c) s += (s.empty() ? "" : " ") + std::to_string(run);
    return s;
  };
  std::string out = "rows\n";
  for (const Clue& c : p.row_clues) out += line(c) + "\n";
  out += "columns\n";
  for (const Clue& c : p.col_clues) out += line(c) + "\n";
  return out;
}

}  // namespace puzzlesat::nonogram

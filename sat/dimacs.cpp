#include <puzzlesat/dimacs.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include <puzzlesat/input_error.h>

namespace puzzlesat::sat {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

class DimacsReader {
 public:
  DimacsReader(std::string_view text, const std::string& filename, std::uint64_t memory_budget)
      : text_(text), file_(filename), budget_(memory_budget) {}

  Cnf read() {
    while (pos_ < text_.size()) {
      std::size_t eol = text_.find('\n', pos_);
      if (eol == std::string_view::npos) eol = text_.size();
      read_line(eol);
      pos_ = eol + 1;
      ++line_;
    }
    finish();
    return std::move(cnf_);
  }

 private:
  struct Token {
    std::string_view text;
    int column = 0;
  };

  [[noreturn]] void fail(const std::string& message, int line, int column) const {
    throw InputError(message, {file_, line, column});
  }
  [[noreturn]] void fail(const std::string& message, const Token& t) const {
    fail(message, line_, t.column);
  }

  // The blank-separated tokens of the current line [pos_, eol).
  std::vector<Token> tokens(std::size_t eol) const {
    std::vector<Token> out;
    std::size_t i = pos_;
    while (i < eol) {
      while (i < eol && is_blank(text_[i])) ++i;
      if (i == eol) break;
      std::size_t start = i;
      while (i < eol && !is_blank(text_[i])) ++i;
      out.push_back({text_.substr(start, i - start), static_cast<int>(start - pos_) + 1});
    }
    return out;
  }

  // A decimal integer: an optional '-' then digits, within 32 bits.
  std::int32_t integer(const Token& t) const {
    std::string_view s = t.text;
    bool negative = !s.empty() && s[0] == '-';
    std::string_view digits = negative ? s.substr(1) : s;
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
      fail(quote_token(s) + " is not an integer", t);
    }
    std::int64_t value = 0;
    for (char c : digits) {
      value = value * 10 + (c - '0');
      if (value > std::numeric_limits<std::int32_t>::max()) fail("integer " + quote_token(s) + " is out of range", t);
    }
    if (negative && value == 0) fail("'-0' is not a literal (a clause ends with 0)", t);
    return static_cast<std::int32_t>(negative ? -value : value);
  }

  void read_line(std::size_t eol) {
    std::vector<Token> line = tokens(eol);
    if (line.empty()) return;
    if (line[0].text[0] == 'c') return comment(eol, line[0]);
    if (line[0].text == "p") return header(line);
    for (const Token& t : line) literal(t);
  }

  void comment(std::size_t eol, const Token& first) {
    std::size_t start = pos_ + static_cast<std::size_t>(first.column);  // just after 'c'
    std::string_view text = text_.substr(start, eol - start);
    if (!text.empty() && text[0] == ' ') text.remove_prefix(1);
    while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
    if (auto named = parse_var_line(text)) {
      names_.push_back(std::move(*named));
      return;
    }
    cnf_.add_comment(std::string(text));
  }

  // "var <n> <name>" as written by write_dimacs.
  static std::optional<std::pair<int, std::string>> parse_var_line(std::string_view text) {
    if (text.substr(0, 4) != "var ") return std::nullopt;
    text.remove_prefix(4);
    int n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || n <= 0 || end == text.data() + text.size() || *end != ' ') return std::nullopt;
    std::string_view name = text.substr(static_cast<std::size_t>(end - text.data()) + 1);
    if (name.empty()) return std::nullopt;
    return std::pair<int, std::string>{n, std::string(name)};
  }

  void header(const std::vector<Token>& line) {
    if (has_header_) {
      fail("duplicate 'p cnf' header (the first is on line " + std::to_string(header_line_) + ")", line[0]);
    }
    if (line.size() < 2 || line[1].text != "cnf") {
      fail("expected 'p cnf <variables> <clauses>'", line.size() < 2 ? line[0] : line[1]);
    }
    if (line.size() < 4) fail("expected 'p cnf <variables> <clauses>': missing counts", line.back());
    if (line.size() > 4) {
      fail("unexpected " + quote_token(line[4].text) + " after 'p cnf <variables> <clauses>'", line[4]);
    }
    std::int32_t vars = integer(line[2]);
    std::int32_t clauses = integer(line[3]);
    if (vars < 0) fail("negative variable count", line[2]);
    if (clauses < 0) fail("negative clause count", line[3]);
    if (vars > kMaxDimacsVars) {
      fail("variable count " + std::to_string(vars) + " exceeds the supported maximum " +
               std::to_string(kMaxDimacsVars),
           line[2]);
    }
    // The declared counts and the text already read must fit the budget; what is left of
    // it is how many literals the clauses may hold (checked as they are read).
    const std::uint64_t fixed = formula_bytes(std::uint64_t(vars), std::uint64_t(clauses), 0) + text_.size();
    if (fixed > budget_) {
      fail("the header declares " + std::to_string(vars) + " variables and " + std::to_string(clauses) +
               " clauses, about " + megabytes(fixed) + " to solve, over the memory budget of " + megabytes(budget_) +
               " (--max-memory)",
           line[2]);
    }
    literal_allowance_ = (budget_ - fixed) / kBytesPerLiteral;
    has_header_ = true;
    header_line_ = line_;
    header_column_ = line[0].column;
    declared_vars_ = vars;
    declared_clauses_ = clauses;
    cnf_.reserve_vars(vars);
  }

  void literal(const Token& t) {
    if (!has_header_) fail("missing 'p cnf' header before the first clause", t);
    std::int32_t d = integer(t);
    last_line_ = line_;
    last_end_column_ = t.column + static_cast<int>(t.text.size());
    if (d == 0) {
      if (clauses_ == declared_clauses_) {
        if (clause_.empty()) fail("more clauses than the " + std::to_string(declared_clauses_) + " declared", t);
        fail("more clauses than the " + std::to_string(declared_clauses_) + " declared", clause_line_,
             clause_column_);
      }
      cnf_.add_clause(clause_);
      clause_.clear();
      ++clauses_;
      return;
    }
    if ((d < 0 ? -static_cast<std::int64_t>(d) : d) > declared_vars_) {
      fail("literal " + std::to_string(d) + " exceeds the declared variable count " + std::to_string(declared_vars_),
           t);
    }
    if (clause_.empty()) {
      clause_line_ = line_;
      clause_column_ = t.column;
    }
    if (++literals_ > literal_allowance_) {
      fail("the clauses hold more literals than fit the memory budget of " + megabytes(budget_) + " (--max-memory)",
           t);
    }
    clause_.push_back(Lit::from_dimacs(d));
  }

  void finish() {
    if (!has_header_) fail("missing 'p cnf' header", 1, 1);
    if (!clause_.empty()) fail("missing final 0 after the last clause", last_line_, last_end_column_);
    if (clauses_ != declared_clauses_) {
      fail("the header declares " + std::to_string(declared_clauses_) + " clauses but the file has " +
               std::to_string(clauses_),
           header_line_, header_column_);
    }
    for (auto& [v, name] : names_) {
      if (v <= cnf_.num_vars()) cnf_.set_name(Var(v), name);
    }
  }

  std::string_view text_;
  std::string file_;
  std::uint64_t budget_;
  std::uint64_t literal_allowance_ = 0;
  std::uint64_t literals_ = 0;
  std::size_t pos_ = 0;
  int line_ = 1;

  bool has_header_ = false;
  int header_line_ = 0, header_column_ = 0;
  std::int32_t declared_vars_ = 0, declared_clauses_ = 0;
  std::int32_t clauses_ = 0;

  std::vector<Lit> clause_;
  int clause_line_ = 0, clause_column_ = 0;
  int last_line_ = 0, last_end_column_ = 0;

  std::vector<std::pair<int, std::string>> names_;
  Cnf cnf_;
};

// One line of text for a `c` line: newlines would end the comment early.
std::string single_line(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return out;
}

}  // namespace

Cnf read_dimacs(std::string_view text, const std::string& filename, std::uint64_t memory_budget) {
  return DimacsReader(text, filename, memory_budget).read();
}

void write_dimacs(std::ostream& out, const Cnf& cnf) { write_dimacs(out, cnf, {}); }

void write_dimacs(std::ostream& out, const Cnf& cnf, std::span<const Lit> units) {
  out << "p cnf " << cnf.num_vars() << ' ' << cnf.num_clauses() + units.size() << '\n';
  for (int v = 1; v <= cnf.num_vars(); ++v) {
    const std::string& name = cnf.name(Var(v));
    if (!name.empty()) out << "c var " << v << ' ' << single_line(name) << '\n';
  }
  const auto& comments = cnf.comments();
  std::size_t next_comment = 0;
  std::string line;
  char buffer[16];
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (; next_comment < comments.size() && comments[next_comment].first <= i; ++next_comment) {
      out << "c " << single_line(comments[next_comment].second) << '\n';
    }
    line.clear();
    for (Lit l : cnf.clause(i)) {
      auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, l.to_dimacs());
      line.append(buffer, end);
      line += ' ';
    }
    line += "0\n";
    out << line;
  }
  for (; next_comment < comments.size(); ++next_comment) {
    out << "c " << single_line(comments[next_comment].second) << '\n';
  }
  for (Lit l : units) out << l.to_dimacs() << " 0\n";
}

}  // namespace puzzlesat::sat

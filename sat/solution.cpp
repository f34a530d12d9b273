#include <puzzlesat/solution.h>

#include <charconv>
#include <limits>
#include <stdexcept>
#include <string>

namespace puzzlesat::sat {

namespace {

std::string_view status_line(Status status) {
  switch (status) {
    case Status::sat: return "s SATISFIABLE";
    case Status::unsat: return "s UNSATISFIABLE";
    case Status::unknown: return "s UNKNOWN";
  }
  return "s UNKNOWN";
}

// Calls f(line) for each line of text, without the line end (LF or CRLF).
template <class F>
void for_each_line(std::string_view text, F f) {
  while (!text.empty()) {
    std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    f(line);
    if (eol == std::string_view::npos) break;
    text.remove_prefix(eol + 1);
  }
}

// Appends the integers of `line` to model until a 0; false on a non-integer token.
bool read_literals(std::string_view line, std::vector<Lit>& model, bool& ended) {
  const char* p = line.data();
  const char* end = line.data() + line.size();
  while (p < end) {
    if (*p == ' ' || *p == '\t') {
      ++p;
      continue;
    }
    std::int32_t d = 0;
    auto [next, ec] = std::from_chars(p, end, d);
    if (ec != std::errc() || (next < end && *next != ' ' && *next != '\t')) return false;
    p = next;
    if (d == 0) {
      ended = true;
      return true;
    }
    if (d == std::numeric_limits<std::int32_t>::min()) return false;
    model.push_back(Lit::from_dimacs(d));
  }
  return true;
}

}  // namespace

void write_solution(std::ostream& out, Status status, std::span<const Lit> model) {
  out << status_line(status) << '\n';
  if (status != Status::sat) return;
  std::string line = "v";
  char buffer[16];
  auto emit = [&](std::int32_t d) {
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, d);
    std::size_t len = static_cast<std::size_t>(end - buffer);
    if (line.size() + 1 + len > kMaxSolutionLineLength) {
      out << line << '\n';
      line.resize(1);  // back to "v"
    }
    line += ' ';
    line.append(buffer, len);
  };
  for (Lit l : model) emit(l.to_dimacs());
  emit(0);
  out << line << '\n';
}

std::optional<ParsedSolution> parse_solution(std::string_view text) {
  ParsedSolution result;
  bool has_status = false, conflict = false, ok = true, ended = false;
  for_each_line(text, [&](std::string_view line) {
    if (line.substr(0, 2) == "s ") {
      std::string_view s = line.substr(2);
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
      Status status = s == "SATISFIABLE" ? Status::sat : s == "UNSATISFIABLE" ? Status::unsat : Status::unknown;
      conflict = conflict || (has_status && status != result.status);
      has_status = true;
      result.status = status;
    } else if (line.substr(0, 2) == "v " && !ended) {
      ok = ok && read_literals(line.substr(2), result.model, ended);
    }
  });
  if (conflict) throw std::runtime_error("malformed answer: conflicting 's' lines");
  if (!ok) throw std::runtime_error("malformed answer: a 'v' token is not an integer");
  if (!has_status) return std::nullopt;
  return result;
}

std::optional<ParsedSolution> parse_minisat_result(std::string_view text) {
  std::size_t eol = text.find('\n');
  std::string_view first = text.substr(0, eol);
  while (!first.empty() && (first.back() == '\r' || first.back() == ' ')) first.remove_suffix(1);
  ParsedSolution result;
  if (first == "UNSAT") {
    result.status = Status::unsat;
  } else if (first == "INDET") {
    result.status = Status::unknown;
  } else if (first == "SAT") {
    result.status = Status::sat;
    bool ended = false;
    std::string_view rest = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    bool ok = true;
    for_each_line(rest, [&](std::string_view line) {
      if (!ended) ok = ok && read_literals(line, result.model, ended);
    });
    if (!ok || !ended) return std::nullopt;
  } else {
    return std::nullopt;
  }
  return result;
}

}  // namespace puzzlesat::sat

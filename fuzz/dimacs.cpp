// DIMACS CNF (sat/dimacs.h): read -> write -> read gives the same formula, names and
// clauses; every malformed file is an InputError.
#include <algorithm>
#include <sstream>
#include <string>

#include "fuzz/fuzz_support.h"
#include <puzzlesat/dimacs.h>

using namespace puzzlesat;

namespace {

constexpr std::size_t kMaxInput = 4096;
// A header may declare up to sat::kMaxDimacsVars variables, which the reader reserves;
// that is the memory limit's business (docs/limits.md), not this harness's.
constexpr int kMaxVars = 10000;

bool declares_few_vars(std::string_view text) {
  const std::size_t p = text.find("p cnf");
  if (p == std::string_view::npos) return true;
  long n = 0;
  for (std::size_t i = p + 5; i < text.size() && i < p + 40; ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      n = n * 10 + (c - '0');
      if (n > kMaxVars) return false;
    } else if (n > 0 || (c != ' ' && c != '\t')) {
      break;
    }
  }
  return true;
}

// The writer turns line breaks inside a name or comment into blanks (a `c` line ends at
// the break) and the reader drops a line's trailing blanks: the text that survives.
std::string as_written(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  while (!out.empty() && std::string_view(" \t\r\v\f").find(out.back()) != std::string_view::npos) out.pop_back();
  return out;
}

// A comment that reads "var <n> <name>" once its line breaks are blanks is written as
// the `c var` line of a name (the format cannot tell them apart): then names and
// comments may change on the way, the clauses may not.
bool comment_reads_as_name(const sat::Cnf& cnf) {
  for (const auto& [clause, text] : cnf.comments())
    if (as_written(text).starts_with("var ")) return true;
  return false;
}

void check_same(const sat::Cnf& a, const sat::Cnf& b) {
  FUZZ_CHECK(a.num_vars() == b.num_vars());
  FUZZ_CHECK(a.num_clauses() == b.num_clauses());
  for (std::size_t i = 0; i < a.num_clauses(); ++i) {
    const auto ca = a.clause(i), cb = b.clause(i);
    FUZZ_CHECK(std::equal(ca.begin(), ca.end(), cb.begin(), cb.end()));
  }
  if (comment_reads_as_name(a)) return;
  for (int v = 1; v <= a.num_vars(); ++v) FUZZ_CHECK(as_written(a.name(sat::Var(v))) == b.name(sat::Var(v)));
  FUZZ_CHECK(a.comments().size() == b.comments().size());
  for (std::size_t i = 0; i < a.comments().size(); ++i) {
    FUZZ_CHECK(a.comments()[i].first == b.comments()[i].first);
    FUZZ_CHECK(as_written(a.comments()[i].second) == b.comments()[i].second);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  const std::string_view text = fuzz::as_text(data, size);
  if (!declares_few_vars(text)) return -1;
  return fuzz::expect_input_error([&] {
    const sat::Cnf cnf = sat::read_dimacs(text, "fuzz.cnf");
    std::ostringstream out;
    sat::write_dimacs(out, cnf);
    const sat::Cnf again = sat::read_dimacs(out.str(), "written.cnf");
    check_same(cnf, again);
    std::ostringstream out2;
    sat::write_dimacs(out2, again);
    if (!comment_reads_as_name(cnf)) FUZZ_CHECK(out.str() == out2.str());
  });
}

// What an external solver prints (sat/solution.h): the competition `s`/`v` lines and
// MiniSat's result file. Neither parser may crash on any output (a malformed answer is
// nullopt or, documented for parse_solution, std::runtime_error), and a parsed answer
// written back with write_solution reads back the same.
#include <sstream>
#include <stdexcept>

#include "fuzz/fuzz_support.h"
#include <puzzlesat/solution.h>

using namespace puzzlesat;

namespace {

constexpr std::size_t kMaxInput = 8192;

void check_round_trip(const sat::ParsedSolution& parsed) {
  std::ostringstream out;
  sat::write_solution(out, parsed.status, parsed.model);
  const auto again = sat::parse_solution(out.str());
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(again->status == parsed.status);
  if (parsed.status == sat::Status::sat) FUZZ_CHECK(again->model == parsed.model);
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) FUZZ_CHECK(line.size() <= sat::kMaxSolutionLineLength);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  const std::string_view text = fuzz::as_text(data, size);
  try {
    if (const auto parsed = sat::parse_solution(text)) check_round_trip(*parsed);
  } catch (const std::runtime_error&) {
  }
  if (const auto parsed = sat::parse_minisat_result(text)) check_round_trip(*parsed);
  return 0;
}

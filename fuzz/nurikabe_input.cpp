// Nurikabe inputs (problems/nurikabe/nurikabe.h): a grid of '.', '?' and numbers, or a
// puzz.link URL (input starting with "p?" or "http"). What is read is written back (text
// and URL) and reads the same; a grid of at most 9 cells has exactly the solutions brute
// force finds with violation(), the checker every answer passes (up to 17 listed;
// beyond that, 17 of them and "not all").
#include <set>
#include <utility>

#include "fuzz/fuzz_support.h"
#include "problems/nurikabe/nurikabe.h"

using namespace nurikabe;

namespace {
constexpr std::size_t kMaxInput = 4096;
constexpr int kBruteForceCells = 9;
// Solutions the solver lists (each one more SAT call) before a puzzle counts as "many".
constexpr std::size_t kLimit = 17;

bool same(const Puzzle& a, const Puzzle& b) { return a.rows == b.rows && a.cols == b.cols && a.number == b.number; }

std::set<Grid> brute_force(const Puzzle& p) {
  std::set<Grid> found;
  for (unsigned bits = 0; bits < (1u << (p.rows * p.cols)); ++bits) {
    Grid g = puzzlesat::fuzz::grid_of_bits(bits, p.rows, p.cols);
    if (!violation(p, g)) found.insert(std::move(g));
  }
  return found;
}

void check(const Puzzle& p) {
  FUZZ_CHECK(p.rows >= 1 && p.rows <= kMaxSide && p.cols >= 1 && p.cols <= kMaxSide);
  FUZZ_CHECK(p.number.size() == static_cast<std::size_t>(p.rows) * p.cols);
  FUZZ_CHECK(same(parse_text(to_text(p), "written.txt"), p));
  FUZZ_CHECK(same(parse_url(to_url(p)), p));
  if (p.rows * p.cols <= kBruteForceCells) {
    Solver s(p, "minisat");
    const std::vector<Grid> solutions = s.solutions(kLimit);
    puzzlesat::fuzz::check_listed(solutions, s.complete(), kLimit, brute_force(p));
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  const std::string text(puzzlesat::fuzz::as_text(data, size));
  const bool url = text.starts_with("p?") || text.starts_with("http");
  return puzzlesat::fuzz::expect_input_error([&] { check(url ? parse_url(text) : parse_text(text, "fuzz.txt")); });
}

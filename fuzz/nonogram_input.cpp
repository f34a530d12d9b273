// Nonogram inputs (problems/nonogram/nonogram.h): plain, .non, .nin and TAAI files, and
// puzz.link URLs (input starting with "p?" or "http"). What is read is written back and
// reads the same; a puzzle of at most 9 cells has exactly the solutions brute force finds
// (up to 17 listed; beyond that, 17 of them and "not all").
#include <set>
#include <utility>

#include "fuzz/fuzz_support.h"
#include "problems/nonogram/nonogram.h"

using namespace puzzlesat::nonogram;

namespace {
constexpr std::size_t kMaxInput = 4096;
constexpr int kBruteForceCells = 9;
// Solutions the solver lists (each one more SAT call) before a puzzle counts as "many".
constexpr std::size_t kLimit = 17;

bool same(const Puzzle& a, const Puzzle& b) {
  return a.rows == b.rows && a.cols == b.cols && a.row_clues == b.row_clues && a.col_clues == b.col_clues;
}

// Every picture of the puzzle's size that shows its clues.
std::set<Picture> brute_force(const Puzzle& p) {
  std::set<Picture> found;
  for (unsigned bits = 0; bits < (1u << (p.rows * p.cols)); ++bits) {
    Picture picture = puzzlesat::fuzz::grid_of_bits(bits, p.rows, p.cols);
    if (satisfies(p, picture)) found.insert(std::move(picture));
  }
  return found;
}

// `solves`: how many more puzzles of this input may be solved (a TAAI file may hold
// hundreds of tiny ones; the rest are only read and written).
void check(const Puzzle& p, int& solves) {
  FUZZ_CHECK(p.rows >= 1 && p.rows <= kMaxSide && p.cols >= 1 && p.cols <= kMaxSide);
  FUZZ_CHECK(static_cast<int>(p.row_clues.size()) == p.rows && static_cast<int>(p.col_clues.size()) == p.cols);
  FUZZ_CHECK(same(parse(to_plain(p), "written.txt", Format::plain), p));
  FUZZ_CHECK(same(parse_url(to_url(p)), p));
  if (p.rows * p.cols <= kBruteForceCells && solves-- > 0) {
    const Solutions s = solve(p, "minisat", kLimit);
    puzzlesat::fuzz::check_listed(s.pictures, s.complete, kLimit, brute_force(p));
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  const std::string text(puzzlesat::fuzz::as_text(data, size));
  int solves = 4;
  if (text.starts_with("p?") || text.starts_with("http"))
    return puzzlesat::fuzz::expect_input_error([&] { check(parse_url(text), solves); });
  puzzlesat::fuzz::expect_input_error([&] { check(parse(text, "fuzz.non"), solves); });
  // A TAAI file as a whole: every puzzle it holds.
  if (text.starts_with("$"))
    puzzlesat::fuzz::expect_input_error([&] {
      for (const Numbered& n : parse_taai(text, "fuzz.taai")) check(n.puzzle, solves);
    });
  return 0;
}

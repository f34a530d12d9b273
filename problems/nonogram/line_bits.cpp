#include "problems/nonogram/line_bits.h"

#include <array>

namespace puzzlesat::nonogram {
namespace {

using Word = std::uint64_t;
constexpr int kMaxRuns = (kMaxBitLine + 1) / 2;  // runs need a cell each and a gap between

Word shift_up(Word x, int s) { return s >= 64 ? 0 : x << s; }

// The low n bits (cell i of the line goes to cell n - 1 - i), for reading the line from
// the right with the same code that reads it from the left.
Word reverse(Word x, int n) {
  x = __builtin_bswap64(x);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  return x >> (64 - n);
}

// The cells reachable from `seeds` by steps to the right over cells of `through`, seeds
// included (seeds outside `through` dropped). One addition does it: a seed, being in
// `through`, makes a carry, which runs up through the next cells of `through` and stops
// at the first cell outside it, so the carries into the cells are the cells reached.
Word reach_right(Word seeds, Word through) {
  seeds &= through;
  const Word carries = (through + seeds) ^ through ^ seeds;
  return seeds | (carries & through);
}

// Bit s set when bits s .. s + a - 1 of m are all set (a >= 1): the starts where a run of
// a cells covers only cells that may be filled. Doubling windows, O(log a).
Word windows(Word m, int a) {
  int len = 1;
  for (; 2 * len <= a; len *= 2) m &= m >> len;
  if (a > len) m &= m >> (a - len);
  return m;
}

// Bit i set when some bit of v lies in (i - a, i]: the cells covered by runs of a cells
// starting at the bits of v.
Word smear(Word v, int a) {
  int len = 1;
  for (; 2 * len <= a; len *= 2) v |= v << len;
  if (a > len) v |= v << (a - len);
  return v;
}

// The line read from the left. starts[j]: where run j can start with runs 0..j-1 placed
// before it (each run over cells that may be filled, the cells between runs and before
// the first that may be empty, at least one between runs). gaps[j], j = 0..k: the cells
// that may be empty in the gap before run j (gap k: after the last run) with runs
// 0..j-1 placed before them. Returns whether the whole line has a completion.
bool from_left(const int* runs, int k, int n, LineMasks line, Word* starts, Word* gaps) {
  gaps[0] = reach_right(1, line.may_empty);
  for (int j = 0; j < k; ++j) {
    // A run starts at the line's start (the first run) or right after a gap cell.
    const Word after_gap = (gaps[j] << 1) | (j == 0 ? 1 : 0);
    starts[j] = after_gap & windows(line.may_fill, runs[j]);
    if (starts[j] == 0) return false;
    // The cell right after the run must be empty; the gap goes on over cells that may be.
    gaps[j + 1] = reach_right(shift_up(starts[j], runs[j]), line.may_empty);
  }
  // Complete: the last gap reaches the last cell, or the last run ends on it.
  const Word last = Word{1} << (n - 1);
  return (gaps[k] & last) != 0 || (k > 0 && (shift_up(starts[k - 1], runs[k - 1] - 1) & last) != 0);
}

}  // namespace

bool settle_bits(const Clue& clue, int n, LineMasks& line) {
  const int k = static_cast<int>(clue.size());
  if (n == 0) return k == 0;
  if (k > kMaxRuns) return false;
  std::array<int, kMaxRuns> runs{}, reversed_runs{};
  for (int j = 0; j < k; ++j) {
    const int a = clue[static_cast<std::size_t>(j)];
    if (a < 1 || a > n) return false;  // (a clue never holds a 0; one too long fits nowhere)
    runs[static_cast<std::size_t>(j)] = a;
    reversed_runs[static_cast<std::size_t>(k - 1 - j)] = a;
  }
  std::array<Word, kMaxRuns> starts, reversed_starts;
  std::array<Word, kMaxRuns + 1> gaps, reversed_gaps;
  if (!from_left(runs.data(), k, n, line, starts.data(), gaps.data())) return false;
  const LineMasks reversed{reverse(line.may_empty, n), reverse(line.may_fill, n)};
  from_left(reversed_runs.data(), k, n, reversed, reversed_starts.data(), reversed_gaps.data());

  // A run can start at s when both sides fit around it: its left-hand starts, and the
  // starts whose run ends where a right-hand reading can start it (reversed cell n - 1 - e
  // for the end e = s + a - 1). A cell may be empty in gap j when both readings reach it
  // in that gap: the left one with runs 0..j-1 before it, the right one with runs j..k-1
  // after it (its gap k - j); the two placements join over empty cells into a completion.
  LineMasks out;
  for (int j = 0; j < k; ++j) {
    const int a = runs[static_cast<std::size_t>(j)];
    const Word right = reverse(reversed_starts[static_cast<std::size_t>(k - 1 - j)], n) >> (a - 1);
    out.may_fill |= smear(starts[static_cast<std::size_t>(j)] & right, a);
  }
  for (int j = 0; j <= k; ++j)
    out.may_empty |= gaps[static_cast<std::size_t>(j)] & reverse(reversed_gaps[static_cast<std::size_t>(k - j)], n);
  line = out;
  return true;
}

}  // namespace puzzlesat::nonogram

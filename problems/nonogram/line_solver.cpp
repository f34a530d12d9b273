#include "problems/nonogram/line_solver.h"

#include "problems/nonogram/line_bits.h"

namespace puzzlesat::nonogram {

bool LineSolver::settle(const Clue& clue, std::span<std::uint8_t> cells) {
  const int n = static_cast<int>(cells.size());
  if (n > kMaxBitLine) return settle_dp(clue, cells);
  LineMasks line;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t v = cells[static_cast<std::size_t>(i)];
    line.may_empty |= std::uint64_t{(v & kEmpty) != 0} << i;
    line.may_fill |= std::uint64_t{(v & kFilled) != 0} << i;
  }
  if (!settle_bits(clue, n, line)) return false;
  for (int i = 0; i < n; ++i)
    cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(((line.may_empty >> i) & 1 ? kEmpty : 0) |
                                                                   ((line.may_fill >> i) & 1 ? kFilled : 0));
  return true;
}

bool LineSolver::settle_dp(const Clue& clue, std::span<std::uint8_t> cells) {
  const int n = static_cast<int>(cells.size());
  const int k = static_cast<int>(clue.size());
  const auto at = [](auto& v, int i) -> auto& { return v[static_cast<std::size_t>(i)]; };
  known_filled_.assign(static_cast<std::size_t>(n) + 1, 0);
  known_empty_.assign(static_cast<std::size_t>(n) + 1, 0);
  for (int i = 0; i < n; ++i) {
    at(known_filled_, i + 1) = at(known_filled_, i) + (at(cells, i) == kFilled);
    at(known_empty_, i + 1) = at(known_empty_, i) + (at(cells, i) == kEmpty);
  }
  // Cells [a, b) may all be empty / may all be filled.
  const auto may_be_empty = [&](int a, int b) { return at(known_filled_, b) == at(known_filled_, a); };
  const auto may_be_filled = [&](int a, int b) { return at(known_empty_, b) == at(known_empty_, a); };
  const auto empty_ok = [&](int i) { return (at(cells, i) & kEmpty) != 0; };
  const std::size_t stride = static_cast<std::size_t>(n) + 1;
  fwd_.assign(stride * static_cast<std::size_t>(k + 1), 0);
  bwd_.assign(stride * static_cast<std::size_t>(k + 1), 0);
  const auto F = [&](int j, int i) -> char& { return fwd_[static_cast<std::size_t>(j) * stride + static_cast<std::size_t>(i)]; };
  const auto B = [&](int j, int i) -> char& { return bwd_[static_cast<std::size_t>(j) * stride + static_cast<std::size_t>(i)]; };
  const auto run = [&](int j) { return at(clue, j); };

  // Run j may occupy [s, s + run(j)) as far as the cells before it are concerned (with an
  // empty cell before it unless it is the first run) / as far as the cells after it are.
  const auto left_ok = [&](int j, int s) { return j == 0 ? may_be_empty(0, s) : s >= 1 && empty_ok(s - 1) && F(j, s - 1); };
  const auto right_ok = [&](int j, int e) {
    return j == k - 1 ? may_be_empty(e, n) : e < n && empty_ok(e) && B(j + 1, e + 1);
  };

  for (int i = 0; i <= n; ++i) F(0, i) = may_be_empty(0, i);
  for (int j = 1; j <= k; ++j)
    for (int i = 1; i <= n; ++i) {
      const int s = i - run(j - 1);
      F(j, i) = (empty_ok(i - 1) && F(j, i - 1)) || (s >= 0 && may_be_filled(s, i) && left_ok(j - 1, s));
    }
  if (!F(k, n)) return false;
  for (int i = 0; i <= n; ++i) B(k, i) = may_be_empty(i, n);
  for (int j = k - 1; j >= 0; --j)
    for (int i = n - 1; i >= 0; --i) {
      const int e = i + run(j);
      B(j, i) = (empty_ok(i) && B(j, i + 1)) || (e <= n && may_be_filled(i, e) && right_ok(j, e));
    }

  // A cell may be filled when some run's placement over it fits both sides; it may be
  // empty when the runs before it fit on its left and the rest on its right.
  may_fill_.assign(static_cast<std::size_t>(n) + 1, 0);
  for (int j = 0; j < k; ++j)
    for (int s = 0; s + run(j) <= n; ++s)
      if (may_be_filled(s, s + run(j)) && left_ok(j, s) && right_ok(j, s + run(j))) {
        ++at(may_fill_, s);
        --at(may_fill_, s + run(j));
      }
  int covered = 0;
  for (int i = 0; i < n; ++i) {
    covered += at(may_fill_, i);
    bool may_empty = false;
    if (empty_ok(i))
      for (int j = 0; j <= k && !may_empty; ++j) may_empty = F(j, i) && B(j, i + 1);
    at(cells, i) = static_cast<std::uint8_t>((may_empty ? kEmpty : 0) | (covered > 0 ? kFilled : 0));
  }
  return true;
}

}  // namespace puzzlesat::nonogram

#include "problems/hexcells/group_models.h"

#include <algorithm>
#include <bitset>

namespace puzzlesat::hexcells {
namespace {

// Sets of blue counts, bit s for s blue cells (no board has more cells than tiles).
using Sums = std::bitset<kGridSize * kGridSize + 1>;

bool any_in(const Sums& s, int lo, int hi) {
  lo = std::max(lo, 0);
  hi = std::min(hi, static_cast<int>(s.size()) - 1);
  for (int i = lo; i <= hi; ++i)
    if (s[static_cast<std::size_t>(i)]) return true;
  return false;
}

// The sums of one count from `counts` and one from `sums`.
Sums add(const Sums& sums, const std::vector<int>& counts) {
  Sums out;
  for (int c : counts) out |= sums << static_cast<std::size_t>(c);
  return out;
}

}  // namespace

GroupModels::GroupModels(const std::vector<Pos>& cells, std::span<const std::vector<bool>> colourings,
                         const std::vector<Pos>& counted, std::span<const std::vector<Pos>* const> open_classes) {
  std::vector<int> at(kGridSize * kGridSize, -1);  // by tile: index in cells
  auto index = [&](Pos p) { return static_cast<std::size_t>(at[tile_index(p)]); };
  for (std::size_t i = 0; i < cells.size(); ++i) at[tile_index(cells[i])] = static_cast<int>(i);
  for (const std::vector<Pos>* cls : open_classes) open_.push_back(cls->front());
  for (const std::vector<bool>& m : colourings) {
    int count = 0;
    for (Pos p : counted) count += m[index(p)];
    counts_.push_back(count);
    for (const std::vector<Pos>* cls : open_classes) {
      unsigned char mark = 0;
      for (Pos p : *cls) mark |= m[index(p)] ? kShownBlue : kShownBlack;
      marks_.push_back(mark);
    }
  }
}

Shown::Shown(std::span<const GroupModels* const> varying, int remaining, int free_cells)
    : classes(varying.size()), free_cells(free_cells) {
  const std::size_t n = varying.size();
  for (std::size_t i = 0; i < n; ++i) classes[i].assign(varying[i]->open_.size(), 0);
  // prefix[i]: the sums of one model's count from each of groups 0..i-1; suffix[i]: from
  // groups i..n-1. A model of group i completes to a board model when the others' sum
  // plus some share of the free cells makes up the rest of REMAINING.
  std::vector<Sums> prefix(n + 1), suffix(n + 1);
  prefix[0][0] = suffix[n][0] = true;
  for (std::size_t i = 0; i < n; ++i) prefix[i + 1] = add(prefix[i], varying[i]->counts_);
  for (std::size_t i = n; i-- > 0;) suffix[i] = add(suffix[i + 1], varying[i]->counts_);
  const Sums& all = prefix[n];
  some = any_in(all, remaining - free_cells, remaining);
  if (!some) return;
  if (any_in(all, remaining - free_cells, remaining - 1)) free |= kShownBlue;
  if (any_in(all, remaining - free_cells + 1, remaining)) free |= kShownBlack;
  for (std::size_t i = 0; i < n; ++i) {
    const GroupModels& g = *varying[i];
    Sums others;
    for (int s = 0; s <= remaining; ++s)
      if (prefix[i][static_cast<std::size_t>(s)]) others |= suffix[i + 1] << static_cast<std::size_t>(s);
    const std::size_t k = g.open_.size();
    for (std::size_t m = 0; m < g.counts_.size(); ++m) {
      const int rest = remaining - g.counts_[m];
      if (!any_in(others, rest - free_cells, rest)) continue;
      for (std::size_t c = 0; c < k; ++c) classes[i][c] |= g.marks_[m * k + c];
    }
  }
}

bool Shown::forces_nothing() const {
  if (!some || (free_cells > 0 && free != kShownBoth)) return false;
  for (const auto& group : classes)
    for (unsigned char c : group)
      if (c != kShownBoth) return false;
  return true;
}

}  // namespace puzzlesat::hexcells

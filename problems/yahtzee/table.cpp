#include "problems/yahtzee/table.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <thread>

#include "problems/yahtzee/turn.h"

namespace puzzlesat::yahtzee {

std::size_t Table::value_count(RuleSet rules) {
  return static_cast<std::size_t>(kAllBoxes + 1) * (has_yahtzee_bonus(rules) ? 2 : 1) * kLanes;
}

Table::Table(RuleSet rules)
    : rules_(rules), flags_(has_yahtzee_bonus(rules) ? 2 : 1), values_(value_count(rules), 0.0) {}

std::int64_t Table::reachable_widgets() const {
  std::int64_t n = 0;
  for (BoxMask used = 0; used <= kAllBoxes; ++used) {
    auto reach = reachable_upper_totals(used);
    std::int64_t totals = 0;
    bool any_capped = false;
    for (size_t u = 0; u < reach.size(); ++u) {
      if (!reach[u]) continue;
      if (u < static_cast<size_t>(kUpperBonusThreshold))
        ++totals;
      else
        any_capped = true;
    }
    totals += any_capped;
    const bool flag_matters = flags_ > 1 && (used & (1u << kYahtzee));
    n += totals * (flag_matters ? 2 : 1);
  }
  return n;
}

namespace {

// The upper totals from 0 up to this one can no longer earn the upper bonus: the open
// upper boxes add at most five times their faces. The bonus is all the total decides, so
// their futures are equal, computed by the same operations on the same values (bit for
// bit, by induction over the levels): one lane, the highest of them, computes them all.
// This removes about a third of the lanes.
int bonus_out_of_reach(BoxMask used) {
  int open_upper = 0;
  for (int box = 0; box < 6; ++box)
    if (!(used & (1u << box))) open_upper += kDice * face_of(box);
  return std::max(0, kUpperBonusThreshold - open_upper - 1);
}

// One unit of work: a set of filled boxes and the yahtzee flag, all its upper totals.
struct Unit {
  BoxMask used;
  bool yahtzee50;
};

}  // namespace

Table Table::compute(RuleSet rules, int threads, const ProgressFn& progress) {
  Table table(rules);
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  // Scorecards with k boxes filled depend only on those with k + 1: one level at a time,
  // the units of a level shared among threads. All filled is worth 0, as initialised.
  std::vector<std::vector<Unit>> levels(kBoxes);
  std::int64_t total = 0;
  for (BoxMask used = 0; used < kAllBoxes; ++used) {
    const int filled = std::popcount(static_cast<unsigned>(used));
    levels[filled].push_back({used, false});
    if (table.flags_ > 1 && (used & (1u << kYahtzee))) levels[filled].push_back({used, true});
  }
  for (const auto& level : levels) total += static_cast<std::int64_t>(level.size());

  std::atomic<std::int64_t> done{0};
  for (int filled = kBoxes - 1; filled >= 0; --filled) {
    const auto& units = levels[filled];
    std::atomic<size_t> next{0};
    // Only the calling thread reports progress, so the callback needs no locking.
    auto work = [&](bool report) {
      TurnValues scratch;
      scratch.widget_only = true;
      double widget[kLanes];
      for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < units.size();) {
        const Unit& unit = units[i];
        // Upper totals above what the filled upper boxes can make never occur; those below
        // bonus_out_of_reach are all worth the same, so one lane stands for them.
        const int top = max_capped_upper(unit.used);
        const int u0 = std::min(bonus_out_of_reach(unit.used), top);
        evaluate_turn(table, unit.used, unit.yahtzee50, u0, top - u0 + 1, scratch, widget);
        double* values = table.lanes(unit.used, unit.yahtzee50);
        std::fill(values, values + u0, widget[0]);
        std::copy(widget, widget + (top - u0 + 1), values + u0);
        const std::int64_t finished = done.fetch_add(1, std::memory_order_relaxed) + 1;
        if (report && progress) progress(finished, total);
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, false);
    work(true);
    for (auto& t : pool) t.join();
  }
  if (progress) progress(total, total);
  return table;
}

}  // namespace puzzlesat::yahtzee

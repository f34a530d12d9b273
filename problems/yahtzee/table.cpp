#include "problems/yahtzee/table.h"

#include <algorithm>
#include <atomic>
#include <barrier>
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
// bit, by induction over the levels): one lane computes them all. This removes about a
// third of the lanes.
int bonus_out_of_reach(BoxMask used) {
  int open_upper = 0;
  for (int box = 0; box < 6; ++box)
    if (!(used & (1u << box))) open_upper += kDice * face_of(box);
  return std::max(0, kUpperBonusThreshold - open_upper - 1);
}

// The lanes of the scorecards with one set of filled upper boxes: only the capped totals
// those boxes can make (filled sixes alone make 0, 6, ..., 30, not the 25 totals between),
// and of those out of the bonus's reach only the highest, which stands for all of them.
// Every value a lane reads is then one its successor scorecard computed: a lower box keeps
// the total, an upper box adds to it what the box can make. Another 11 % of the lanes.
struct UpperLanes {
  std::vector<int> totals;  // lane -> capped upper total, ascending
  int shared_below = 0;     // totals up to this one take lane 0's value
};

UpperLanes upper_lanes(BoxMask used) {
  UpperLanes lanes;
  const auto reach = reachable_upper_totals(used);
  const int out_of_reach = bonus_out_of_reach(used);
  lanes.shared_below = out_of_reach;
  lanes.totals.push_back(0);  // 0 is always made, and always out of reach or the only total
  for (int u = 1; u <= kMaxUpperTotal; ++u) {
    if (!reach[static_cast<size_t>(u)]) continue;
    const int capped = capped_upper(u);
    if (capped <= out_of_reach)
      lanes.totals[0] = capped;
    else if (capped != lanes.totals.back())
      lanes.totals.push_back(capped);
  }
  return lanes;
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

  std::vector<UpperLanes> lanes_of(kUpperBoxes + 1);
  for (BoxMask upper = 0; upper <= kUpperBoxes; ++upper) lanes_of[upper] = upper_lanes(upper);

  // Scorecards with k boxes filled depend only on those with k + 1: one level at a time,
  // the units of a level shared among threads. All filled is worth 0, as initialised.
  // Within a level the units with the most lanes go first, so that the threads finish it
  // together (a unit's time grows with its lanes, from 1 to 44).
  std::vector<std::vector<Unit>> levels(kBoxes);
  std::int64_t total = 0;
  for (BoxMask used = 0; used < kAllBoxes; ++used) {
    const int filled = std::popcount(static_cast<unsigned>(used));
    levels[filled].push_back({used, false});
    if (table.flags_ > 1 && (used & (1u << kYahtzee))) levels[filled].push_back({used, true});
  }
  for (auto& level : levels) {
    std::stable_sort(level.begin(), level.end(), [&](const Unit& a, const Unit& b) {
      return lanes_of[a.used & kUpperBoxes].totals.size() > lanes_of[b.used & kUpperBoxes].totals.size();
    });
    total += static_cast<std::int64_t>(level.size());
  }

  // The threads live through all levels and wait for each other at the end of each.
  std::vector<std::atomic<size_t>> next(kBoxes);
  std::barrier level_done(threads);
  std::atomic<std::int64_t> done{0};
  // Only the calling thread reports progress, so the callback needs no locking.
  auto work = [&](bool report) {
    TurnValues scratch;
    scratch.widget_only = true;
    double widget[kLanes];
    for (int filled = kBoxes - 1; filled >= 0; --filled) {
      const auto& units = levels[filled];
      for (size_t i; (i = next[filled].fetch_add(1, std::memory_order_relaxed)) < units.size();) {
        const Unit& unit = units[i];
        // Totals the filled upper boxes cannot make are left at 0: no scorecard has them.
        const UpperLanes& lanes = lanes_of[unit.used & kUpperBoxes];
        evaluate_turn(table, unit.used, unit.yahtzee50, lanes.totals, scratch, widget);
        double* values = table.lanes(unit.used, unit.yahtzee50);
        std::fill(values, values + lanes.shared_below + 1, widget[0]);
        for (size_t l = 1; l < lanes.totals.size(); ++l) values[lanes.totals[l]] = widget[l];
        const std::int64_t finished = done.fetch_add(1, std::memory_order_relaxed) + 1;
        if (report && progress) progress(finished, total);
      }
      level_done.arrive_and_wait();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, false);
  work(true);
  for (auto& t : pool) t.join();
  if (progress) progress(total, total);
  return table;
}

}  // namespace puzzlesat::yahtzee

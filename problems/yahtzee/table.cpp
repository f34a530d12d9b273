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
      double widget[kLanes];
      for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < units.size();) {
        const Unit& unit = units[i];
        // Upper totals above what the filled upper boxes can make never occur.
        const int lanes = max_capped_upper(unit.used) + 1;
        evaluate_turn(table, unit.used, unit.yahtzee50, 0, lanes, scratch, widget);
        std::copy(widget, widget + lanes, table.lanes(unit.used, unit.yahtzee50));
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

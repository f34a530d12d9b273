#include "problems/yahtzee/advisor.h"

#include <algorithm>
#include <cmath>

#include <puzzlesat/input_error.h>
#include "problems/yahtzee/turn.h"

namespace puzzlesat::yahtzee {

void validate_query(const AdviceQuery& query, RuleSet rules) {
  for (int die : query.roll)
    if (die < 1 || die > kFaces) throw InputError("die " + std::to_string(die) + " is not 1 to 6");
  if (query.rerolls < 0 || query.rerolls > 2)
    throw InputError("rerolls " + std::to_string(query.rerolls) + " is not 0, 1 or 2");
  validate_state(query.state, rules);
}

Advice advise(const Table& table, const AdviceQuery& query) {
  const auto& space = DiceSpace::get();
  const int roll = space.roll_index(query.roll);
  const Counts& dice = space.counts(roll);
  Advice advice;
  if (query.rerolls == 0) {
    const ScoreContext ctx{table.rules(), query.state.used};
    for (int box = 0; box < kBoxes; ++box) {
      if (!box_allowed(ctx, box, dice)) continue;
      const Scoring s = score_roll(table.rules(), query.state, box, dice);
      const double rest = s.next.used == kAllBoxes ? 0.0 : table.value(s.next);
      advice.boxes.push_back({box, s.box_points, s.gained + rest});
    }
    std::stable_sort(advice.boxes.begin(), advice.boxes.end(),
                     [](const BoxChoice& a, const BoxChoice& b) { return a.expected > b.expected; });
    return advice;
  }
  TurnValues turn;
  double widget = 0;
  const int upper = capped_upper(query.state.upper);
  evaluate_turn(table, query.state.used, query.state.yahtzee50, {&upper, 1}, turn, &widget);
  const std::vector<double>& keep_value = query.rerolls == 1 ? turn.keep0 : turn.keep1;
  for (int keep : space.sub_keeps(roll))
    advice.keeps.push_back({space.pips(keep), keep_value[static_cast<size_t>(keep) * turn.lanes]});
  // Ties (a die that cannot matter) go to the larger keep: fewer dice to pick up.
  std::sort(advice.keeps.begin(), advice.keeps.end(), [](const KeepChoice& a, const KeepChoice& b) {
    if (a.expected != b.expected) return a.expected > b.expected;
    if (a.keep.size() != b.keep.size()) return a.keep.size() > b.keep.size();
    return a.keep < b.keep;
  });
  if (query.top >= 0 && advice.keeps.size() > static_cast<size_t>(query.top)) advice.keeps.resize(query.top);
  return advice;
}

nlohmann::json advice_json(const Advice& advice) {
  // Six decimals: the precision of the published anchors, and stable across platforms.
  auto rounded = [](double x) { return std::round(x * 1e6) / 1e6; };
  nlohmann::json out;
  if (!advice.keeps.empty()) {
    out["keeps"] = nlohmann::json::array();
    for (const auto& k : advice.keeps) out["keeps"].push_back({{"keep", k.keep}, {"expected", rounded(k.expected)}});
  } else {
    out["categories"] = nlohmann::json::array();
    for (const auto& b : advice.boxes)
      out["categories"].push_back(
          {{"category", box_name(b.box)}, {"score", b.score}, {"expected", rounded(b.expected)}});
  }
  return out;
}

}  // namespace puzzlesat::yahtzee

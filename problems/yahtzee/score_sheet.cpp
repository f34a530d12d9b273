#include "problems/yahtzee/score_sheet.h"

#include <fmt/core.h>

#include <puzzlesat/input_error.h>
#include "problems/yahtzee/turn.h"

namespace puzzlesat::yahtzee {

bool ScoreSheet::complete() const {
  for (const auto& b : boxes_)
    if (!b) return false;
  return true;
}

int ScoreSheet::upper_total() const {
  int t = 0;
  for (int b = 0; b < 6; ++b) t += boxes_[b].value_or(0);
  return t;
}

int ScoreSheet::lower_total() const {
  int t = 0;
  for (int b = 6; b < kBoxes; ++b) t += boxes_[b].value_or(0);
  return t;
}

State ScoreSheet::state(RuleSet rules) const {
  State s;
  for (int b = 0; b < kBoxes; ++b)
    if (boxes_[b]) s.used = static_cast<BoxMask>(s.used | (1u << b));
  s.upper = upper_total();
  s.yahtzee50 = has_yahtzee_bonus(rules) && boxes_[kYahtzee] == 50;
  return s;
}

int ScoreSheet::fill(RuleSet rules, int box, const Counts& dice) {
  const State before = state(rules);
  if (filled(box)) throw InputError(std::string(box_name(box)) + " is already filled");
  if (!box_allowed({rules, before.used}, box, dice))
    throw InputError(std::string("the joker rule does not allow ") + box_name(box) + " for this Yahtzee");
  const Scoring s = score_roll(rules, before, box, dice);
  boxes_[box] = s.box_points;
  if (is_joker({rules, before.used}, dice) && before.yahtzee50) ++yahtzee_bonuses_;
  return s.box_points;
}

std::string format_sheets(const std::vector<std::string>& names, const std::vector<const ScoreSheet*>& sheets) {
  std::string out = fmt::format("{:<16}", "");
  for (const auto& n : names) out += fmt::format(" {:>8.8}", n);
  out += "\n";
  auto row = [&](const std::string& label, auto value) {
    out += fmt::format("{:<16}", label);
    for (const auto* s : sheets) out += fmt::format(" {:>8}", value(*s));
    out += "\n";
  };
  auto cell = [](const ScoreSheet& s, int b) { return s.box(b) ? std::to_string(*s.box(b)) : std::string("."); };
  for (int b = 0; b < 6; ++b) row(box_name(b), [&](const ScoreSheet& s) { return cell(s, b); });
  row("upper total", [](const ScoreSheet& s) { return std::to_string(s.upper_total()); });
  row("upper bonus", [](const ScoreSheet& s) { return std::to_string(s.upper_bonus()); });
  for (int b = 6; b < kBoxes; ++b) row(box_name(b), [&](const ScoreSheet& s) { return cell(s, b); });
  row("yahtzee bonus", [](const ScoreSheet& s) { return std::to_string(kYahtzeeBonus * s.yahtzee_bonuses()); });
  row("TOTAL", [](const ScoreSheet& s) { return std::to_string(s.total()); });
  return out;
}

}  // namespace puzzlesat::yahtzee

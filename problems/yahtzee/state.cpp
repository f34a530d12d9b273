#include "problems/yahtzee/state.h"

#include <algorithm>

#include <puzzlesat/input_error.h>

namespace puzzlesat::yahtzee {

std::bitset<kMaxUpperTotal + 1> reachable_upper_totals(BoxMask used) {
  std::bitset<kMaxUpperTotal + 1> reach;
  reach.set(0);
  for (int box = 0; box < 6; ++box) {
    if (!(used & (1u << box))) continue;
    std::bitset<kMaxUpperTotal + 1> next;
    for (int n = 0; n <= kDice; ++n) next |= reach << (n * face_of(box));
    reach = next;
  }
  return reach;
}

int max_capped_upper(BoxMask used) {
  int total = 0;
  for (int box = 0; box < 6; ++box)
    if (used & (1u << box)) total += kDice * face_of(box);
  return capped_upper(total);
}

void validate_state(const State& state, RuleSet rules) {
  if (state.used & ~kAllBoxes) throw InputError("unknown box in the used set");
  if (state.upper < 0 || state.upper > kMaxUpperTotal ||
      !reachable_upper_totals(state.used)[static_cast<size_t>(state.upper)]) {
    std::string filled;
    for (int box = 0; box < 6; ++box)
      if (state.used & (1u << box)) filled += std::string(filled.empty() ? "" : ",") + box_name(box);
    throw InputError("upper total " + std::to_string(state.upper) + " cannot be made by the filled upper boxes (" +
                     (filled.empty() ? std::string("none") : filled) + ")");
  }
  if (state.yahtzee50 && rules == RuleSet::simple)
    throw InputError("--yahtzee50 needs official rules: simple rules have no Yahtzee bonus");
  if (state.yahtzee50 && !(state.used & (1u << kYahtzee)))
    throw InputError("--yahtzee50 says the yahtzee box holds 50, but yahtzee is not among the used boxes");
  if (state.used == kAllBoxes) throw InputError("every box is filled: the game is over");
}

BoxMask parse_boxes(const std::string& list) {
  BoxMask mask = 0;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = std::min(list.find(',', start), list.size());
    std::string name = list.substr(start, end - start);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (!name.empty()) {
      auto box = parse_box(name);
      if (!box)
        throw InputError("unknown box '" + name +
                         "' (boxes: aces … sixes, three_of_a_kind, four_of_a_kind, full_house, small_straight, "
                         "large_straight, yahtzee, chance)");
      if (mask & (1u << *box)) throw InputError("box '" + std::string(box_name(*box)) + "' is listed twice");
      mask |= static_cast<BoxMask>(1u << *box);
    }
    start = end + 1;
  }
  return mask;
}

}  // namespace puzzlesat::yahtzee

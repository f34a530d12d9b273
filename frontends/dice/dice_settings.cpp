#include "frontends/dice/dice_settings.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include <puzzlesat/input_error.h>

namespace puzzlesat::dice_vision {
namespace {

double* field(DiceSettings& s, std::string_view name) {
#define PUZZLESAT_DICE_FIND(n, def, lo, hi, why) \
  if (name == #n) return &s.n;
  PUZZLESAT_DICE_SETTINGS(PUZZLESAT_DICE_FIND)
#undef PUZZLESAT_DICE_FIND
  return nullptr;
}

}  // namespace

const std::vector<DiceSettingInfo>& dice_setting_table() {
  static const std::vector<DiceSettingInfo> table = {
#define PUZZLESAT_DICE_INFO(n, def, lo, hi, why) {#n, def, lo, hi, why},
      PUZZLESAT_DICE_SETTINGS(PUZZLESAT_DICE_INFO)
#undef PUZZLESAT_DICE_INFO
  };
  return table;
}

void set_dice_setting(DiceSettings& settings, std::string_view name, double value) {
  double* f = field(settings, name);
  if (!f)
    throw InputError(fmt::format("no dice setting {} (`puzzlesat yahtzee dice-settings` lists them)", quote_token(name)));
  for (const DiceSettingInfo& info : dice_setting_table())
    if (info.name == name && !(value >= info.min && value <= info.max))
      throw InputError(fmt::format("dice setting {} must be within {}..{}, got {}", name, info.min, info.max, value));
  *f = value;
}

void set_dice_setting(DiceSettings& settings, std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos)
    throw InputError(fmt::format("expected NAME=VALUE, got {}", quote_token(assignment)));
  const std::string_view text = assignment.substr(eq + 1);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    throw InputError(fmt::format("expected a number after '=', got {}", quote_token(text)));
  set_dice_setting(settings, assignment.substr(0, eq), value);
}

}  // namespace puzzlesat::dice_vision

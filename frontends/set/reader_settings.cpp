#include "frontends/set/reader_settings.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include <puzzlesat/input_error.h>

namespace puzzlesat::set_vision {
namespace {

ReaderSettings& current() {
  static ReaderSettings settings;
  return settings;
}

double* field(ReaderSettings& s, std::string_view name) {
#define PUZZLESAT_SET_FIND(n, def, lo, hi, why) \
  if (name == #n) return &s.n;
  PUZZLESAT_SET_READER_SETTINGS(PUZZLESAT_SET_FIND)
#undef PUZZLESAT_SET_FIND
  return nullptr;
}

}  // namespace

const std::vector<SettingInfo>& reader_setting_table() {
  static const std::vector<SettingInfo> table = {
#define PUZZLESAT_SET_INFO(n, def, lo, hi, why) {#n, def, lo, hi, why},
      PUZZLESAT_SET_READER_SETTINGS(PUZZLESAT_SET_INFO)
#undef PUZZLESAT_SET_INFO
  };
  return table;
}

const ReaderSettings& reader_settings() { return current(); }

void override_reader_setting(std::string_view name, double value) {
  double* f = field(current(), name);
  if (!f) throw InputError(fmt::format("no reader setting {} (see the settings table in docs/set-vision.md)", quote_token(name)));
  for (const SettingInfo& info : reader_setting_table())
    if (info.name == name && !(value >= info.min && value <= info.max))
      throw InputError(fmt::format("{} must be within {}..{}, got {}", name, info.min, info.max, value));
  *f = value;
}

void override_reader_setting(std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos)
    throw InputError(fmt::format("expected NAME=VALUE, got {}", quote_token(assignment)));
  std::string_view text = assignment.substr(eq + 1);
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    throw InputError(fmt::format("expected a number after '=', got {}", quote_token(text)));
  override_reader_setting(assignment.substr(0, eq), value);
}

ScopedReaderSetting::ScopedReaderSetting(std::string_view name, double value) : name_(name) {
  if (const double* f = field(current(), name)) before_ = *f;
  override_reader_setting(name, value);
}

ScopedReaderSetting::~ScopedReaderSetting() { *field(current(), name_) = before_; }

}  // namespace puzzlesat::set_vision

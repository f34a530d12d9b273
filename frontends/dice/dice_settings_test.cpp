// The dice reader's settings table (dice_settings.h): sane defaults and ranges, every name
// settable, out-of-range and unknown names refused, and a setting that changes a reading.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <puzzlesat/input_error.h>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/dice_settings.h"
#include "frontends/dice/dice_testing.h"

using namespace puzzlesat::dice_vision;
using puzzlesat::InputError;
using testing::read_values;


TEST_CASE("every dice setting's default lies in its range, and names are unique", "[dice_vision][settings]") {
  const auto& table = dice_setting_table();
  CHECK(table.size() > 100);
  std::set<std::string_view> names;
  for (const auto& info : table) {
    INFO(info.name);
    CHECK(info.min <= info.default_value);
    CHECK(info.default_value <= info.max);
    CHECK(!info.reason.empty());
    CHECK(names.insert(info.name).second);
  }
  // The struct's defaults are the table's: a table read through NAME=VALUE at every default
  // leaves every field as it was.
  DiceSettings set;
  for (const auto& info : table) set_dice_setting(set, std::string(info.name) + "=" + std::to_string(info.default_value));
  const DiceSettings defaults;
  CHECK(std::memcmp(&set, &defaults, sizeof set) == 0);
}

TEST_CASE("every dice setting can be set within its range, and only there", "[dice_vision][settings]") {
  for (const auto& info : dice_setting_table()) {
    INFO(info.name);
    const std::string name(info.name);
    DiceSettings s;
    CHECK_NOTHROW(set_dice_setting(s, name + "=" + std::to_string(info.max)));
    CHECK_NOTHROW(set_dice_setting(s, name, info.min));
    CHECK_THROWS_AS(set_dice_setting(s, name, info.max + 1), InputError);
    CHECK_THROWS_AS(set_dice_setting(s, name, info.min - 1), InputError);
  }
  DiceSettings s;
  CHECK_THROWS_AS(set_dice_setting(s, "no_such_setting=1"), InputError);
  CHECK_THROWS_AS(set_dice_setting(s, "finder_darker"), InputError);
  CHECK_THROWS_AS(set_dice_setting(s, "finder_darker="), InputError);
  CHECK_THROWS_AS(set_dice_setting(s, "finder_darker=abc"), InputError);
  CHECK_THROWS_AS(set_dice_setting(s, "finder_darker=nan"), InputError);
  CHECK_THROWS_AS(set_dice_setting(s, "finder_darker=40x"), InputError);
  set_dice_setting(s, "finder_darker=40");
  CHECK(s.finder_darker == 40);
}

TEST_CASE("a dice setting changes the reading, per call and per thread", "[dice_vision][settings]") {
  SceneOptions scene_options;
  scene_options.dice = 5;
  const Scene scene = random_scene(11, scene_options);
  const cv::Mat image = render_scene(scene, 11);
  ReadOptions plain;
  plain.reader = DieReader::Rules;
  ReadOptions strict = plain;
  // Neither the blob reader nor the pattern reader reads a die under 100 px: the scene's
  // 40-60 px dice are found but not read.
  set_dice_setting(strict.settings, "pip_min_side=100");
  set_dice_setting(strict.settings, "pattern_min_side=100");
  REQUIRE(read_values(image, plain) == sorted_values(scene));
  CHECK(read_values(image, strict).empty());
  // Settings travel with the call, not in a global: two threads reading with different
  // settings each get their own reading.
  std::vector<int> a, b;
  std::thread ta([&] { for (int i = 0; i < 3; ++i) a = read_values(image, strict); });
  std::thread tb([&] { for (int i = 0; i < 3; ++i) b = read_values(image, plain); });
  ta.join();
  tb.join();
  CHECK(a.empty());
  CHECK(b == sorted_values(scene));
}

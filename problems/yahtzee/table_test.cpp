#include "problems/yahtzee/table.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>

#include <puzzlesat/input_error.h>
#include "problems/yahtzee/table_file.h"
#include "problems/yahtzee/table_fixture.h"
#include "problems/yahtzee/turn.h"

using namespace puzzlesat::yahtzee;
using puzzlesat::yahtzee::testing::computed_table;

// Published anchors: Glenn (2006) and Verhoeff's optimal solitaire player.
TEST_CASE("simple rules: the empty scorecard is worth 245.870775", "[yahtzee][table]") {
  const Table& t = computed_table(RuleSet::simple);
  CHECK(std::abs(t.value(State{}) - 245.870775) < 1e-6);
  CHECK(t.reachable_widgets() < (1 << 19));  // Glenn's 2^19 widgets, of which these occur
  // Values behave: a filled box leaves less to come; the bonus at stake is worth 0..35.
  const State start{};
  const State after_chance{1u << kChance, 0, false};
  CHECK(t.value(after_chance) < t.value(start));
  // Same boxes filled, bonus already secured versus still far off.
  const BoxMask three_upper = parse_boxes("fours,fives,sixes");
  const State secured{three_upper, 63, false};
  const State far{three_upper, 0, false};
  // From `far` one can play as from `secured` and may still earn the bonus, worth at most 35.
  CHECK(t.value(far) >= t.value(secured));
  CHECK(t.value(far) <= t.value(secured) + 35);
}

TEST_CASE("official rules (free-choice joker): the empty scorecard is worth 254.589609", "[yahtzee][table]") {
  CHECK(std::abs(computed_table(RuleSet::official).value(State{}) - 254.589609) < 1e-6);
}

TEST_CASE("forced-joker rules: the empty scorecard is worth 254.587729", "[yahtzee][table]") {
  CHECK(std::abs(computed_table(RuleSet::official_forced).value(State{}) - 254.587729) < 1e-6);
}

TEST_CASE("one thread and several compute the same table", "[yahtzee][table]") {
  const Table& two = computed_table(RuleSet::simple);
  const Table one = Table::compute(RuleSet::simple, 1);
  CHECK(one.data() == two.data());
}

// The table computes only the upper totals the filled boxes can make, one lane standing
// for all totals out of the bonus's reach (table.cpp). Every total computed on its own
// lane, from the same table, must give the stored value bit for bit.
TEST_CASE("the table's shared and skipped lanes lose nothing", "[yahtzee][table]") {
  for (RuleSet rules : {RuleSet::simple, RuleSet::official}) {
    const Table& t = computed_table(rules);
    std::array<int, Table::kLanes> totals;
    std::iota(totals.begin(), totals.end(), 0);
    TurnValues turn;
    double all[Table::kLanes];
    int compared = 0;
    for (unsigned used = 0; used < kAllBoxes; used += 37) {
      const auto mask = static_cast<BoxMask>(used);
      const auto reach = reachable_upper_totals(mask);
      evaluate_turn(t, mask, false, totals, turn, all);
      for (int u = 0; u <= kMaxUpperTotal; ++u) {
        if (!reach[static_cast<size_t>(u)]) continue;
        INFO("used " << used << " upper " << u);
        CHECK(t.value({mask, u, false}) == all[capped_upper(u)]);
        ++compared;
      }
    }
    CHECK(compared > 10000);
  }
}

// Where the processor has no AVX2, evaluate_turn is the baseline build and this compares it
// with itself; CI's machines have AVX2.
TEST_CASE("the vector build of the turn kernel gives the baseline build's bits", "[yahtzee][table]") {
  for (RuleSet rules : {RuleSet::simple, RuleSet::official}) {
    const Table& t = computed_table(rules);
    TurnValues fast, base;
    double a[Table::kLanes], b[Table::kLanes];
    std::array<int, Table::kLanes> totals;
    std::iota(totals.begin(), totals.end(), 0);
    // Scorecards from every level (a stride through the masks), both flags, all lanes.
    for (unsigned used = 0; used < kAllBoxes; used += 97) {
      for (bool y50 : {false, true}) {
        if (y50 && !(rules == RuleSet::official && (used & (1u << kYahtzee)))) continue;
        const auto mask = static_cast<BoxMask>(used);
        evaluate_turn(t, mask, y50, totals, fast, a);
        evaluate_turn_baseline(t, mask, y50, totals, base, b);
        INFO("used " << used << " flag " << y50);
        CHECK(std::memcmp(a, b, sizeof a) == 0);
        CHECK(fast.best2 == base.best2);
        CHECK(fast.keep1 == base.keep1);
        // The table's in-place pass gives the same widget value.
        TurnValues lean;
        lean.widget_only = true;
        double c[Table::kLanes];
        evaluate_turn(t, mask, y50, totals, lean, c);
        CHECK(std::memcmp(a, c, sizeof a) == 0);
      }
    }
  }
}

namespace {

struct TempFile {
  std::filesystem::path path;
  TempFile() {
    char name[] = "/tmp/puzzlesat-yahtzee-table-XXXXXX";
    int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    path = name;
  }
  ~TempFile() { std::filesystem::remove(path); }
};

void flip_byte(const std::filesystem::path& path, std::streamoff at) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(at);
  char c = 0;
  f.get(c);
  f.seekp(at);
  f.put(static_cast<char>(c ^ 0x01));
}

}  // namespace

TEST_CASE("table files round-trip and reject damage", "[yahtzee][table]") {
  const Table& t = computed_table(RuleSet::simple);
  TempFile file;
  save_table(t, file.path.string());
  CHECK(load_table(file.path.string(), RuleSet::simple).data() == t.data());
  CHECK_THROWS_AS(load_table(file.path.string(), RuleSet::official), TableRulesMismatch);

  SECTION("a flipped value bit fails the checksum") {
    flip_byte(file.path, 32 + 8 * 1000);
    CHECK_THROWS_AS(load_table(file.path.string(), RuleSet::simple), puzzlesat::InputError);
    // load_or_compute repairs it rather than failing.
    CHECK(load_or_compute_table(RuleSet::simple, file.path.string()).data() == t.data());
    CHECK(load_table(file.path.string(), RuleSet::simple).data() == t.data());
  }
  SECTION("another format version is refused") {
    flip_byte(file.path, 8);
    CHECK_THROWS_AS(load_table(file.path.string(), RuleSet::simple), puzzlesat::InputError);
  }
  SECTION("a truncated file is refused") {
    std::filesystem::resize_file(file.path, 1000);
    CHECK_THROWS_AS(load_table(file.path.string(), RuleSet::simple), puzzlesat::InputError);
  }
  // Issue #15 item 8: a table full of NaN with a recomputed checksum loaded, and advice
  // printed -inf with exit 0.
  SECTION("impossible values with a valid checksum are refused") {
    for (double bad : {std::nan(""), double(INFINITY), -double(INFINITY), -1.0, 1e6}) {
      INFO(bad);
      Table edited = t;
      edited.data()[1000] = bad;
      save_table(edited, file.path.string());
      CHECK_THROWS_WITH(load_table(file.path.string(), RuleSet::simple), Catch::Contains("impossible value"));
    }
  }
  SECTION("a directory in place of the table is refused, not computed over") {
    CHECK_THROWS_AS(load_or_compute_table(RuleSet::simple, "/tmp"), puzzlesat::InputError);
  }
  SECTION("a file of the other rules is not overwritten") {
    CHECK_THROWS_AS(load_or_compute_table(RuleSet::official, file.path.string()), TableRulesMismatch);
  }
}

TEST_CASE("the default table path honours XDG_CACHE_HOME", "[yahtzee][table]") {
  setenv("XDG_CACHE_HOME", "/somewhere/cache", 1);
  CHECK(default_table_path(RuleSet::official) == "/somewhere/cache/puzzlesat/yahtzee-official-v1.bin");
  unsetenv("XDG_CACHE_HOME");
}

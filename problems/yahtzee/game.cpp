#include "problems/yahtzee/game.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <set>
#include <sstream>

#include <puzzlesat/input_error.h>
#include <puzzlesat/utf8.h>

namespace puzzlesat::yahtzee {

namespace {

constexpr const char* kFormat = "puzzlesat-yahtzee-game";
constexpr int kVersion = 1;

int filled_count(const ScoreSheet& s) {
  int n = 0;
  for (int b = 0; b < kBoxes; ++b) n += s.filled(b);
  return n;
}

// Every score a box can record under the rules (jokers included), to refuse edited saves.
bool possible_score(RuleSet rules, int box, int points) {
  const auto& space = DiceSpace::get();
  for (BoxMask used : {BoxMask{0}, static_cast<BoxMask>(kAllBoxes & ~(1u << box))})
    for (int k = kFirstRoll; k < kKeeps; ++k)
      if (box_score({rules, used}, box, space.counts(k)) == points) return true;
  return false;
}

}  // namespace

int roll_die(std::mt19937_64& rng) {
  // 2^64 is not a multiple of 6: redraw the few values of the incomplete last block.
  constexpr std::uint64_t kLimit = UINT64_MAX - UINT64_MAX % 6;
  std::uint64_t x;
  do x = rng();
  while (x >= kLimit);
  return static_cast<int>(x % 6) + 1;
}

Game Game::start(RuleSet rules, std::vector<std::string> names, std::uint64_t seed) {
  if (names.empty() || names.size() > kMaxPlayers) throw InputError("a game has 1 to 8 players");
  // Names go into the JSON save: made valid UTF-8 first, so two names that differ only in
  // invalid bytes are caught here rather than when the save is read back.
  for (auto& n : names) n = valid_utf8(n);
  std::set<std::string> seen;
  for (const auto& n : names) {
    if (n.empty()) throw InputError("a player's name is empty");
    if (!seen.insert(n).second) throw InputError("two players are called '" + n + "'");
  }
  Game g;
  g.rules = rules;
  g.names = std::move(names);
  g.sheets.resize(g.names.size());
  g.rng.seed(seed);
  return g;
}

bool Game::over() const {
  return std::all_of(sheets.begin(), sheets.end(), [](const ScoreSheet& s) { return s.complete(); });
}

int Game::round() const { return std::min<int>(kBoxes, filled_count(sheets[current]) + 1); }

int Game::score(int box) {
  if (dice.size() != kDice) throw InputError("roll the dice first");
  Counts counts{};
  for (int d : dice) ++counts[d - 1];
  const int points = sheets[current].fill(rules, box, counts);
  current = (current + 1) % static_cast<int>(names.size());
  rolls = 0;
  dice.clear();
  return points;
}

nlohmann::json Game::to_json() const {
  nlohmann::json players = nlohmann::json::array();
  for (size_t p = 0; p < names.size(); ++p) {
    nlohmann::json boxes = nlohmann::json::object();
    for (int b = 0; b < kBoxes; ++b)
      if (sheets[p].box(b)) boxes[box_name(b)] = *sheets[p].box(b);
    players.push_back({{"name", names[p]}, {"boxes", boxes}, {"yahtzee_bonuses", sheets[p].yahtzee_bonuses()}});
  }
  std::ostringstream rng_state;
  rng_state << rng;
  return {{"format", kFormat},     {"version", kVersion},      {"rules", rules_name(rules)},
          {"players", players},    {"current", current},       {"rolls", rolls},
          {"dice", dice},          {"typed_dice", typed_dice}, {"hints", hints},
          {"rng", rng_state.str()}};
}

Game Game::from_json(const nlohmann::json& j, const std::string& file) {
  const SourceLocation where{file, 0, 0};
  auto fail = [&](const std::string& why) { return InputError("not a valid saved game: " + why, where); };
  // nlohmann's get<int>() casts: 3.1 becomes 3, 1e97 is undefined behaviour and 2^40
  // wraps. A saved game only ever holds whole numbers that fit an int.
  auto whole = [&](const nlohmann::json& v, const std::string& what) {
    if (v.is_number_unsigned() && v.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT_MAX))
      return static_cast<int>(v.get<std::uint64_t>());
    if (v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() >= INT_MIN &&
        v.get<std::int64_t>() <= INT_MAX)
      return static_cast<int>(v.get<std::int64_t>());
    throw fail(what + " is not a whole number in range");
  };
  try {
    if (j.value("format", "") != kFormat) throw fail("format is not " + std::string(kFormat));
    if (whole(j.at("version"), "version") != kVersion) throw fail("unknown version");
    Game g;
    g.rules = parse_rules(j.at("rules").get<std::string>());
    for (const auto& p : j.at("players")) {
      g.names.push_back(p.at("name").get<std::string>());
      ScoreSheet sheet;
      for (const auto& [name, points] : p.at("boxes").items()) {
        auto box = parse_box(name);
        if (!box || box_name(*box) != name) throw fail("unknown box '" + name + "'");
        const int score = whole(points, name);
        if (!possible_score(g.rules, *box, score)) throw fail(std::to_string(score) + " cannot be scored in " + name);
        sheet.set_box(*box, score);
      }
      const int bonuses = whole(p.at("yahtzee_bonuses"), "yahtzee_bonuses");
      // A bonus is won on a turn after the Yahtzee box holds 50, so each needs one more
      // filled box; simple rules have none.
      if (bonuses < 0 || (bonuses > 0 && (g.rules == RuleSet::simple || sheet.box(kYahtzee) != 50 ||
                                          bonuses > filled_count(sheet) - 1)))
        throw fail("impossible number of Yahtzee bonuses");
      sheet.set_yahtzee_bonuses(bonuses);
      g.sheets.push_back(sheet);
    }
    Game::start(g.rules, g.names, 0);  // the same checks on players as a new game
    g.current = whole(j.at("current"), "current");
    if (g.current < 0 || g.current >= static_cast<int>(g.names.size())) throw fail("current player out of range");
    // Players before the current one have played one turn more than the rest.
    const int turns = filled_count(g.sheets[g.current]);
    for (size_t p = 0; p < g.sheets.size(); ++p) {
      const int expected = turns + (static_cast<int>(p) < g.current ? 1 : 0);
      if (filled_count(g.sheets[p]) != expected) throw fail("players' turns are out of step");
    }
    g.rolls = whole(j.at("rolls"), "rolls");
    if (!j.at("dice").is_array()) throw fail("dice is not a list");
    for (const auto& d : j.at("dice")) g.dice.push_back(whole(d, "a die"));
    if (g.rolls < 0 || g.rolls > kRollsPerTurn) throw fail("rolls out of range");
    if (g.dice.size() != (g.rolls > 0 ? kDice : 0u)) throw fail("dice do not match the rolls made");
    for (int d : g.dice)
      if (d < 1 || d > kFaces) throw fail("a die is not 1 to 6");
    g.typed_dice = j.at("typed_dice").get<bool>();
    g.hints = j.at("hints").get<bool>();
    std::istringstream rng_state(j.at("rng").get<std::string>());
    rng_state >> g.rng;
    if (!rng_state) throw fail("bad dice generator state");
    return g;
  } catch (const nlohmann::json::exception& e) {
    throw fail(e.what());
  }
}

}  // namespace puzzlesat::yahtzee

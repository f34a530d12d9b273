// A game in progress for one to eight players: names, score sheets, whose turn it is,
// the dice on the table and the rolls made, and the dice generator, saved and restored as
// JSON so that an interrupted game continues exactly where it stopped.
#pragma once

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "problems/yahtzee/score_sheet.h"

namespace puzzlesat::yahtzee {

constexpr int kMaxPlayers = 8;
constexpr int kRollsPerTurn = 3;

// A fair die from the generator (rejection sampling, so no face is favoured).
int roll_die(std::mt19937_64& rng);

struct Game {
  RuleSet rules = RuleSet::official;
  std::vector<std::string> names;
  std::vector<ScoreSheet> sheets;
  int current = 0;          // whose turn
  int rolls = 0;            // rolls made this turn, 0..3
  std::vector<int> dice;    // the five dice after the latest roll (empty before the first)
  bool typed_dice = false;  // players type the dice they rolled instead of virtual dice
  bool hints = true;
  std::mt19937_64 rng;

  // Throws InputError for no players, more than eight, or empty or repeated names.
  static Game start(RuleSet rules, std::vector<std::string> names, std::uint64_t seed);

  bool over() const;
  int round() const;  // 1..13: the current player's turn number
  // Fills a box of the current player with the dice on the table and passes the turn.
  // Returns the points the box records; throws InputError when the box is not open.
  int score(int box);

  nlohmann::json to_json() const;
  // Throws InputError naming `file` when the JSON is not a consistent saved game.
  static Game from_json(const nlohmann::json& j, const std::string& file);
};

}  // namespace puzzlesat::yahtzee

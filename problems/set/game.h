// The game simulator: one player plays a whole game of SET by the rules. Shuffle (seeded),
// deal 12; take a set and deal 3 replacements while the deck lasts and the board is below
// 12; when the board has no set deal 3 more (15, 18, 21); the game ends when the deck is
// empty and no set remains. The player always takes the first set the direct finder
// reports, so a seed fixes the whole game. A recorded game (play_game) also proves each
// "no set" by SAT (StreamSetFinder, one solver reused through the game) and refuses to
// go on if SAT disagrees; the counted games of statistics use the direct finder alone.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "problems/set/card.h"
#include "problems/set/random.h"

namespace puzzlesat::set {

// What happened, in order, for narrating a game.
struct GameStep {
  enum class Kind { deal, take };
  enum class Why { start, replace, no_set };
  Kind kind = Kind::deal;
  Why why = Why::start;         // for deals
  std::vector<Card> cards;      // dealt cards, or the three taken
  std::vector<Card> board;      // the board after this step
};

// Counts a game leaves behind, for statistics and benchmarks (no allocation).
struct GameTally {
  int sets_taken = 0;
  int boards_of_12 = 0;              // times the player looked at exactly 12 cards
  int boards_of_12_without_set = 0;  // ... and found no set there
  int final_board_size = 0;
  int cards_dealt = 0;
};

struct Game {
  std::uint64_t seed = 0;
  std::vector<Card> deck;                  // the shuffled deck, in dealing order
  std::vector<std::array<Card, 3>> sets;   // in the order taken
  std::vector<Card> final_board;
  std::vector<GameStep> steps;
  GameTally tally;
  int sat_proofs = 0;  // boards SAT proved set-free: each no-set deal and the final board
};

// The game a seed names, fully recorded. Throws std::logic_error if SAT finds a set
// where the direct finder saw none.
Game play_game(std::uint64_t seed);

// A game drawn from rng, only counted: the fast path for statistics.
GameTally simulate_game(Rng& rng);

}  // namespace puzzlesat::set

// The interactive game loop: reads players' commands line by line (keep dice, score a
// box, show the sheet, ask for a hint, quit), rolls virtual dice or asks for the dice
// typed in, shows the optimal player's suggestions, and hands the game to `save` after
// every move so that nothing is lost when input ends or the player is interrupted.
#pragma once

#include <functional>
#include <iosfwd>

#include "problems/yahtzee/game.h"
#include "problems/yahtzee/table.h"

namespace puzzlesat::yahtzee {

enum class PlayEnd { finished, stopped };

// `table` may be null when hints are off. Returns `finished` once every sheet is complete
// (after printing the final scoreboard), `stopped` when input ends or the player quits.
PlayEnd run_play(Game& game, const Table* table, std::istream& in, std::ostream& out,
                 const std::function<void(const Game&)>& save);

// The final standings, best first, and the winner (or the tie).
std::string format_scoreboard(const Game& game);

}  // namespace puzzlesat::yahtzee

// Playing a level to the end: deduce, reveal forced cells, repeat, until nothing is
// hidden (solved: the level needs no guessing) or nothing is forced (stuck). Every
// revealed colour is checked against the level's solution.
#pragma once

#include <functional>
#include <stdexcept>
#include <vector>

#include "problems/hexcells/deduce.h"
#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

// A deduction that contradicts the level's own solution: a bug in the solver (or a level
// whose stated solution breaks its hints), never a normal outcome.
class SolutionMismatch : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

struct Round {
  int number = 0;  // from 1
  std::vector<Pos> blue, black;  // revealed in this round
  // Every cell forced in this round's state was revealed; false when only the cells the
  // hints force were (PlayOptions::hints_first on and the hints forced something).
  bool complete = true;
  DeduceStats stats;
  double seconds = 0;
};

enum class Verdict { solved, stuck };
const char* to_string(Verdict v);

struct PlayResult {
  Verdict verdict = Verdict::stuck;
  int rounds = 0;       // rounds that revealed at least one cell
  int revealed = 0;     // cells revealed in total
  int hidden_left = 0;  // hidden cells at the end (0 iff solved)
  int solver_calls = 0;
  double seconds = 0;
  Board final_board;    // the board at the end: revealed cells marked revealed
  std::vector<Round> steps;
};

// How play() schedules its deductions.
struct PlayOptions {
  DeduceOptions deduce;
  // Off (the default): every round reveals every cell the complete deduction forces,
  // REMAINING included. On: a round reveals what the hints force, and REMAINING is
  // consulted only in rounds where the hints force nothing. Both end on the same board
  // with the same verdict (forced cells stay forced as more is revealed;
  // docs/hexcells.md, "Playing"); hints first skips most joint solves with REMAINING.
  bool hints_first = false;
};

// level must know every colour (a level file). on_round, if given, sees each round and
// the board after it. Throws SolutionMismatch when a deduced colour disagrees with the
// solution or the solution's own visible state is found impossible.
PlayResult play(Board level, const std::function<void(const Round&, const Board&)>& on_round = {},
                PlayOptions options = {});

}  // namespace puzzlesat::hexcells

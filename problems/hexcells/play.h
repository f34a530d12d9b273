// Playing a level to the end: deduce, reveal every forced cell, repeat, until nothing is
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

// level must know every colour (a level file). on_round, if given, sees each round and
// the board after it. Throws SolutionMismatch when a deduced colour disagrees with the
// solution or the solution's own visible state is found impossible.
PlayResult play(Board level, const std::function<void(const Round&, const Board&)>& on_round = {},
                DeduceOptions options = {});

}  // namespace puzzlesat::hexcells

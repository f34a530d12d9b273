// A deterministic automaton read over a list of literals, encoded so that unit propagation
// is arc-consistent (the "regular" constraint decomposition of Bacchus 2007): variables for
// the live states of each layer and for the transitions between them, with clauses that
// make every state, transition and input value need a supporting path from start to accept.
#pragma once

#include <functional>
#include <span>

#include <puzzlesat/clause_writer.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::enc::detail {

struct Automaton {
  int start = 0;
  // State after reading `value` as input `layer` (0-based) in `state`; -1 rejects.
  std::function<int(int state, int layer, bool value)> next;
  std::function<bool(int state)> accepts;
};

// Only states reachable from the start and able to reach acceptance get variables; when no
// word is accepted the result is an empty clause.
void encode_regular(ClauseWriter& out, std::span<const sat::Lit> x, const Automaton& a);

}  // namespace puzzlesat::enc::detail

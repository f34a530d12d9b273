// Each constraint's clauses by shape, built once. Encoding a count chooses among the
// cardinality encodings by building each of them (encodings/cardinality.cpp), which costs
// more than the clauses it keeps, and each round re-encodes most hints of a changed group
// unchanged; a board has few shapes anyway (a ring of 6, a radius-2 area of 18, lines).
// A shape is encoded once over placeholder variables and copied with them renamed.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/encode.h"
#include <puzzlesat/cnf.h>

namespace puzzlesat::hexcells {

class EncodingCache {
 public:
  // What hexcells::encode(cnf, vars, c, board) adds, with fresh unnamed auxiliaries.
  void encode(sat::Cnf& cnf, CellVars& vars, const Constraint& c, const Board& board);

 private:
  struct Shape {
    int vars = 0;                       // 1..hidden: the hidden cells in slot order; then auxiliaries
    int hidden = 0;
    std::vector<sat::Lit> lits;         // the clauses, one after another
    std::vector<std::size_t> starts;    // where each clause begins in lits
  };
  // Shared by every cache of a thread: shapes do not depend on the level, and a level
  // alone repeats too few of them to pay for building each (a pure memo, bounded by the
  // few thousand shapes boards have).
  static std::unordered_map<std::string, Shape>& shapes();
  std::vector<sat::Lit> renamed_, clause_;
};

}  // namespace puzzlesat::hexcells

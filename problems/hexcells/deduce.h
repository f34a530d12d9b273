// Complete deduction for one Hexcells state: every hidden cell whose colour is the same
// in all colourings consistent with the visible hints and REMAINING (a SAT backbone).
// Works on levels and on states of unknown colours alike: hidden colours are ignored.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/encoding_cache.h"
#include "problems/hexcells/group_models.h"
#include "problems/hexcells/level.h"
#include "problems/hexcells/model_memory.h"

namespace puzzlesat::hexcells {

class GroupSolvers;


struct DeduceStats {
  int components = 0;         // independent groups of hidden cells
  int components_solved = 0;  // of those, the ones not known from an earlier call
  int solver_calls = 0;
  // REMAINING was brought into a joint solve (it could matter and the hints alone did
  // not settle the round first).
  bool remaining_solved = false;
  // REMAINING could matter by the groups' count bounds, but their models showed that it
  // forces nothing (group_models.h): no joint solve.
  bool remaining_by_models = false;
};

struct Deduction {
  // False when no colouring agrees with what is visible (an impossible state).
  bool consistent = true;
  // False when DeduceOptions::hints_first stopped before REMAINING: the lists then hold
  // only what the hints force (a non-empty subset of the forced cells).
  bool complete = true;
  std::vector<Pos> blue;   // hidden cells forced blue, reading order
  std::vector<Pos> black;  // hidden cells forced black, reading order
  DeduceStats stats;
};

// How the formula is split before solving. Both are exact reformulations; switching them
// off is for cross-checks and measurements.
struct DeduceOptions {
  // Hints with pairwise disjoint hidden cells hold exactly their own count of blue, so
  // REMAINING only needs to count the cells outside them.
  bool pack_disjoint_hints = true;
  // Groups of cells that share no constraint are solved one by one.
  bool split_components = true;
  // Decide the backbone with "flip any open candidate" calls (sat/chunked_backbone.h)
  // instead of one call per candidate (sat::compute_backbone).
  bool chunked_backbone = false;
  // When the hints alone (without REMAINING) force some cell, return just those cells
  // and skip the joint solve with REMAINING, whose counting proofs are the expensive
  // part. Sound but not complete (Deduction::complete says which); an empty answer is
  // always complete. For playing, where the cells REMAINING forces now stay forced and
  // are found in a later round (docs/hexcells.md, "Playing").
  bool hints_first = false;
  // Before any solver call, settle the cells single hints force by their counts alone
  // (problems/hexcells/settle.h) and solve the board with those taken as revealed.
  bool settle_by_counts = true;
  // Keep the models the solver finds (ModelMemory) and, in later rounds, skip the
  // questions they answer (a cell coloured both ways by models of its group is free).
  bool reuse_models = true;
  // Encode each hint shape once and copy it (EncodingCache) instead of building the
  // cardinality and contiguity gadgets for every question.
  bool cache_encodings = true;
  // Before a joint solve with REMAINING, combine the models the groups' solver calls found
  // (group_models.h) and skip the solve when they show that REMAINING forces nothing.
  bool remaining_by_models = true;
  // The SAT backend (sat::make_solver spec): "minisat", "cadical" or "external:CMD".
  std::string solver = "minisat";
};

// Deduction that remembers what it found for each independent group of constraints, so
// that playing a level does not solve unchanged parts of the board again each round, and
// keeps each group's formula and solver for its next round (group_solvers.h).
class Deducer {
 public:
  explicit Deducer(DeduceOptions options = {});
  ~Deducer();
  Deducer(Deducer&&) noexcept;
  Deducer& operator=(Deducer&&) noexcept;
  // Boards given one after another may share work when each extends the one before (more
  // cells revealed, as in play); any board is deduced correctly.
  Deduction deduce(const Board& board);

  // What one group of constraints forces on its own, outer bounds on how many of its
  // REMAINING-counted cells are blue (-1 until computed), and the models its solver
  // calls found.
  struct GroupResult {
    bool consistent = true;
    std::vector<Pos> blue, black;
    int lo = -1, hi = -1;
    GroupModels models;
  };

 private:
  // The deduction proper. hints_only: stop before REMAINING as hints_first does when the
  // hints force something (deduce() settled some cells by the hints already).
  // visible: the board's visible_constraints (REMAINING last).
  Deduction solve(const Board& board, std::vector<Constraint> visible, bool hints_only);

  DeduceOptions options_;
  std::map<std::string, GroupResult> cache_;
  ModelMemory models_;
  std::unique_ptr<EncodingCache> shapes_;  // by pointer: groups_ keeps its address
  std::unique_ptr<GroupSolvers> groups_;
};

inline Deduction deduce(const Board& board, DeduceOptions options = {}) { return Deducer(options).deduce(board); }

}  // namespace puzzlesat::hexcells

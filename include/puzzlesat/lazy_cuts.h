// Lazy cuts: solve a formula that only states part of the rules, and let a checker add the
// rest on demand. Some rules cannot be written compactly as clauses (Nurikabe's "all black
// cells form one connected region"), but a model that breaks them is easy to recognise and
// to refute with a short clause (a "cut"). The loop asks the solver for a model, asks the
// checker for the cuts that model violates, adds them, and solves again — incrementally, on
// the same solver — until the checker accepts a model or the formula becomes unsatisfiable.
//
//   sat::CutChecker check = [&](const sat::Solver& s) {
//     std::vector<std::vector<sat::Lit>> cuts;
//     if (!connected(s)) cuts.push_back(cut_for(s));   // clauses the model violates
//     return cuts;
//   };
//   sat::LazyResult r = sat::solve_lazily(*solver, check);        // r.status, r.rounds
//   auto all = sat::enumerate_lazily(*solver, check, cells, 10);  // models the checker accepts
//   auto bb = sat::backbone_lazily(*solver, check, cells);        // literals every such model has
//
// The contract: every cut must hold in every model the checker would accept (it may add
// guard literals, e.g. ~selector, to stay valid when a rule is switched off). Cuts stay in
// the solver, so later calls (other assumptions, enumeration, backbones) start from what
// earlier rounds learned. A checker that accepts nothing must still return a cut that the
// current model violates, or the loop could not progress: a round that returns no cut
// accepts the model, and a cut the model satisfies throws std::logic_error.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

#include <puzzlesat/backbone.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/grid.h>
#include <puzzlesat/lit.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

// Looks at the solver's current model; returns the clauses it violates (none: accepted).
using CutChecker = std::function<std::vector<std::vector<Lit>>(const Solver& solver)>;

struct LazyStats {
  int rounds = 0;         // solve() calls
  std::size_t cuts = 0;   // clauses the checker added
};

struct LazyResult {
  Status status = Status::unknown;  // sat: the solver's model is accepted by the checker
  LazyStats stats;
};

// Solves under `assumptions` until the checker accepts the model (sat) or no model is left
// (unsat: failed_assumptions() then names the assumptions used). Unknown when the solver
// gives up (budget, interrupt).
LazyResult solve_lazily(Solver& s, const CutChecker& check, std::span<const Lit> assumptions = {},
                        LazyStats* total = nullptr);

// Up to `limit` accepted models, distinct on `projection` (as sat::enumerate_models: one
// literal per projection variable; blocking clauses are switched off by a fresh activation
// literal at the end, so the solver keeps its accepted models).
EnumerationResult enumerate_lazily(Solver& s, const CutChecker& check, std::span<const Var> projection,
                                   std::size_t limit, std::span<const Lit> assumptions = {},
                                   LazyStats* total = nullptr);

// The candidates' values shared by every accepted model (as sat::compute_backbone: forced
// holds c or ~c per forced candidate, free the others). Each accepted model clears the
// candidates it contradicts; each survivor costs one lazy solve with its negation assumed.
BackboneResult backbone_lazily(Solver& s, const CutChecker& check, std::span<const Lit> candidates,
                               std::span<const Lit> assumptions = {}, LazyStats* total = nullptr);

// Cuts for "the cells whose literal is true form one connected region" (4-neighbours) on a
// rectangular grid, for the solver's current model; `lits` holds one literal per cell in
// reading order. None when the true cells are connected. Otherwise, for each part C but the
// largest and each x in C: ~x | ~y | (a cell of S true), where y is a true cell outside C (the
// last in reading order that the solver has fixed true, else the largest part's first cell) and
// S = separator(grid, y, C) holds only the cells around C that y reaches without crossing them
// (every path from y to x crosses S), often far fewer than all of C's boundary.
//
//   sat::CutChecker check = [&](const sat::Solver& s) { return sat::connectivity_cuts(grid, shaded, s); };
std::vector<std::vector<Lit>> connectivity_cuts(const RectGrid& grid, std::span<const Lit> lits, const Solver& s);

}  // namespace puzzlesat::sat

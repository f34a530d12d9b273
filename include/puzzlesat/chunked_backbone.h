// A backbone algorithm for formulas where most candidates are free and few are forced
// (Hexcells boards, for one): each call asks for a model that flips at least one still-open
// candidate (one clause under an activation literal), so one model can clear many
// candidates at once, and a single unsatisfiable answer proves every open candidate
// forced. Same contract as sat::compute_backbone for the no-assumption case.
#pragma once

#include <span>

#include <puzzlesat/backbone.h>

namespace puzzlesat::sat {

// Forced literals are added to the solver as units (without assumptions; with them,
// forced means implied under them); the solver gains retired activation variables (a Cnf
// feeding it later must reserve_vars(s.num_vars())).
BackboneResult chunked_backbone(Solver& s, std::span<const Lit> candidates, std::span<const Lit> assumptions = {});

}  // namespace puzzlesat::sat

// A backbone algorithm suited to Hexcells boards, where most cells are undecided and a
// few are forced: each call asks for a model that flips at least one still-open
// candidate (one clause under an activation literal), so one model can clear many
// candidates at once, and a single unsatisfiable answer proves every open candidate
// forced. Same contract as sat::compute_backbone for the no-assumption case.
#pragma once

#include <span>

#include "sat/backbone.h"

namespace puzzlesat::hexcells {

// Forced literals are added to the solver as units; the solver gains retired
// activation variables (a Cnf feeding it later must reserve_vars(s.num_vars())).
sat::BackboneResult chunked_backbone(sat::Solver& s, std::span<const sat::Lit> candidates);

}  // namespace puzzlesat::hexcells

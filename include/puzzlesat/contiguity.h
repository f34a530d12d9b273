// Contiguity over an ordered list of slots (Hexcells "{2}" and "-2-" hints): exactly k
// of the slot literals are true and they do, or do not, form one unbroken run. Slots lie
// on a line or a ring; a gap slot either breaks runs (a missing cell between two
// neighbours) or is skipped as if absent (line hints count existing cells only).
// Both gadgets are arc-consistent under unit propagation.
//
//   // 3 blue cells in a row on a ring of 6, hidden cells gap-free:
//   enc::connected(cnf, slots, 3, enc::Topology::ring, enc::GapRule::breaks);
#pragma once

#include <optional>
#include <span>

#include <puzzlesat/cnf.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::enc {

enum class Topology { line, ring };
enum class GapRule { breaks, skipped };  // a gap slot breaks runs, or is ignored for contiguity
using Slot = std::optional<sat::Lit>;   // std::nullopt = a gap

// Both throw std::invalid_argument instead of building a gadget too large to hold (e.g.
// k = 50,000 of 100,000 slots): connected beyond 10^8 literals, not_connected beyond 10^6
// automaton states, as the cardinality encodings refuse more than 10^7 clauses.

// Exactly k true, all in one run (k = 0: all false; a ring run may wrap around).
void connected(sat::Cnf& cnf, std::span<const Slot> slots, int k, Topology topology, GapRule gaps);
// Exactly k true, not all in one run (so unsatisfiable for k <= 1).
void not_connected(sat::Cnf& cnf, std::span<const Slot> slots, int k, Topology topology, GapRule gaps);

}  // namespace puzzlesat::enc

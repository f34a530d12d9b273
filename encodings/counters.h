// The cardinality encodings themselves, one file each, behind one signature. They see a
// cleaned-up request (distinct variables where possible, 0 < k < n) and are free to use
// the constants kTrue/kFalse of ClauseWriter for registers whose value is known.
#pragma once

#include <cstddef>
#include <span>

#include <puzzlesat/clause_writer.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::enc::detail {

enum class Bound { at_most, at_least, exactly };

// Preconditions for all four: 0 < k < lits.size().
void encode_pairwise(ClauseWriter& out, std::span<const sat::Lit> lits, int k, Bound bound);
void encode_seqcounter(ClauseWriter& out, std::span<const sat::Lit> lits, int k, Bound bound);
void encode_totalizer(ClauseWriter& out, std::span<const sat::Lit> lits, int k, Bound bound);
// How cardnet writes each merge: by its cost model, or (for tests that must reach both
// constructions on small inputs, where the cost model always picks direct merges) forced.
enum class MergeChoice { cost_model, always_recursive, always_direct };
void encode_cardnet(ClauseWriter& out, std::span<const sat::Lit> lits, int k, Bound bound,
                    MergeChoice choice = MergeChoice::cost_model);

// Clauses encode_pairwise would add, saturating at `cap` + 1 so huge requests stay cheap to ask.
std::size_t pairwise_clauses(int n, int k, Bound bound, std::size_t cap);

}  // namespace puzzlesat::enc::detail

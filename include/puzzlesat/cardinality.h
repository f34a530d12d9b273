// Cardinality constraints over any literals: at most, at least or exactly k of them true.
// Several classic CNF encodings are available by name; `automatic` picks, for each call,
// the one that needs the fewest clauses. Every encoding is arc-consistent under unit
// propagation, and infeasible requests (k > n, k < 0, ...) yield an unsatisfiable formula.
//
//   enc::exactly(cnf, row, 1);       // one queen per row
//   enc::at_most(cnf, diagonal, 1);
//   enc::at_least(cnf, neighbours, 2, enc::CardEncoding::totalizer);
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include <puzzlesat/cnf.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::enc {

enum class CardEncoding {
  automatic,   // the smallest of the others for this (n, k) and constraint
  pairwise,    // one clause per forbidden subset: at-most-1 as pairs, binomial beyond
  seqcounter,  // Sinz 2005 sequential counter, only the k(n-k) registers that matter
  totalizer,   // Bailleux–Boufkhad 2003 unary adder tree, outputs capped at k+1
  cardnet,     // Asín et al. 2011 cardinality network: odd-even merges pruned to k+1
};

// "auto", "pairwise", "seqcounter", "totalizer" or "cardnet".
std::optional<CardEncoding> parse_card_encoding(std::string_view name);
std::string_view to_string(CardEncoding e);

// Inputs may repeat, contain a literal and its complement, or be constants such as
// cnf.true_lit(); the gadgets only call new_lit and add_clause, so they obey guard scopes.
// A request that would need more than 10^7 clauses in the chosen encoding (say pairwise
// at-most-50 of 200) throws std::invalid_argument instead of exhausting memory.
void at_most(sat::Cnf& cnf, std::span<const sat::Lit> lits, int k,
             CardEncoding encoding = CardEncoding::automatic);
void at_least(sat::Cnf& cnf, std::span<const sat::Lit> lits, int k,
              CardEncoding encoding = CardEncoding::automatic);
// Both bounds over one shared structure where the encoding allows (all but pairwise).
void exactly(sat::Cnf& cnf, std::span<const sat::Lit> lits, int k,
             CardEncoding encoding = CardEncoding::automatic);

}  // namespace puzzlesat::enc

// check_drat: an independent checker of DRAT proofs, so that an UNSAT answer can be
// trusted without trusting the solver that found it. It shares nothing with the solver
// backends: it reads the formula as a Cnf and the proof with sat/drat_proof.h.
//
//   Cnf formula = read_dimacs(formula_text, "f.cnf");
//   DratVerdict v = check_drat(formula, proof_bytes);   // text or binary, detected
//   if (!v.verified) std::cerr << v.message << '\n';
//
// What a valid proof is (as drat-trim checks it, in its default mode):
// - Each added lemma must be RUP (unit propagation on the formula, the earlier lemmas
//   not yet deleted and the negated lemma reaches a conflict) or else RAT on its FIRST
//   literal p (every resolvent with a current clause containing ¬p is RUP).
// - The proof must add the empty clause (unless the formula holds it already: then any
//   well-formed proof verifies, as CaDiCaL writes none). Checking stops at the first step
//   after which unit propagation alone refutes the clauses; later steps are parsed but not
//   checked.
// - Deleting a clause that is the reason of a literal unit propagation fixes at the top
//   level ("a unit clause") is ignored, as drat-trim does by default: solvers delete such
//   clauses after simplifying with them, and keeping a clause never makes a refutation
//   unsound (RAT checks see the kept clause too). The count is in ignored_deletions.
//   Deleting a clause that is not there is ignored as well (also counted).
// - Only the lemmas the refutation needs are checked: checking runs backwards from the
//   final conflict, marks every clause used in a conflict, and checks only marked lemmas
//   (core_lemmas), propagating over marked clauses first so the core stays small.
//   A failure reports the LAST needed lemma that fails (an earlier broken step is not
//   reached once a later one is found wanting).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <puzzlesat/cnf.h>
#include <puzzlesat/drat_proof.h>

namespace puzzlesat::sat {

struct DratVerdict {
  bool verified = false;  // the proof derives the empty clause and every needed step checks
  // "" when verified, else why, e.g. "step 17 (line 23): lemma 1 -3 is neither RUP nor RAT".
  std::string message;
  // 1-based line (text) or step index (binary) of the failing step; 0 when none or when the
  // failure is not one step's (no empty clause).
  std::size_t failed_line = 0;
  std::size_t lemmas = 0, deletions = 0, core_lemmas = 0;  // counts over the whole proof
  std::size_t ignored_deletions = 0;  // deletions of unit (reason) clauses and of absent clauses
  bool binary = false;                // the proof was in the binary encoding
};

// proof: the bytes of a DRAT proof, text or binary (detected as drat-trim does, see
// is_binary_drat). Throws puzzlesat::InputError (naming `proof_name`, line and token) when
// the proof is malformed; a well-formed but invalid proof is a verdict, not an exception.
DratVerdict check_drat(const Cnf& formula, std::string_view proof, const std::string& proof_name = "proof");
// The same on a proof already parsed (sat/drat_proof.h), e.g. after checking its size.
DratVerdict check_drat(const Cnf& formula, const DratProof& proof);

// Estimated peak bytes check_drat needs beyond the parsed proof, erring high (measured:
// php-9-8's CaDiCaL proof, 10.4M literals in 686k steps, peaked at 202 MB in all).
std::uint64_t drat_check_bytes(const Cnf& formula, const DratProof& proof);

}  // namespace puzzlesat::sat

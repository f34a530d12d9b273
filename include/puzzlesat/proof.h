// DRAT proofs of unsatisfiability, the certificates behind every "proved by SAT": how a
// caller asks a backend for one (Solver::trace_proof), and the formula file written beside
// it, so that any outside checker (drat-trim, `puzzlesat cnf check`) can replay the claim.
//
//   auto s = make_solver("cadical");
//   s->trace_proof({"cap21.drat", ProofFormat::text});  // before the first clause
//   s->add_cnf(cnf);
//   if (s->solve() == Status::unsat) write_formula_file(proof_formula_path("cap21.drat"), cnf);
//
// A DRAT proof refers to a formula without assumptions, so a query asked with an
// assumption is proved as the formula plus the query's unit clause (prove_unsat).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <puzzlesat/cnf.h>
#include <puzzlesat/lit.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::sat {

// "text" or "binary" (the SAT-competition encodings of DRAT), or nullopt.
std::optional<ProofFormat> parse_proof_format(std::string_view text);

// Where the formula of the proof at proof_path goes: the extension replaced by ".cnf"
// ("cap21.drat" -> "cap21.cnf", "proof" -> "proof.cnf", "x.cnf" -> "x.cnf.cnf").
std::string proof_formula_path(const std::string& proof_path);

// Writes cnf plus `units` (each a unit clause) as DIMACS with `c var` names, after a
// `c claim` comment saying what UNSAT means. Throws std::runtime_error when it cannot.
void write_formula_file(const std::string& path, const Cnf& cnf, std::span<const Lit> units = {},
                        std::string_view claim = {});

// Solves cnf plus `units` once, with a fresh `solver` backend tracing a proof to
// proof.path, and writes that formula to proof_formula_path(proof.path). Unsat: both
// files hold a checkable proof of `claim`. Sat or Unknown (e.g. `budget` ran out): no proof exists and neither
// file is left behind. Throws std::invalid_argument when the backend writes no proofs.
Status prove_unsat(const Cnf& cnf, std::span<const Lit> units, std::string_view solver, const ProofOptions& proof,
                   std::string_view claim, const Budget& budget = {});

}  // namespace puzzlesat::sat

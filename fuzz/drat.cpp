// DRAT proofs (sat/drat_proof.h, sat/drat_checker.h): a formula and a proof, text or
// binary, never crash the reader or the checker, and a proof the checker accepts is of an
// unsatisfiable formula: with at most 12 variables every assignment is tried. A checker
// that verified a satisfiable formula would let a wrong UNSAT answer through.
//
// Input: a DIMACS formula, the two bytes "%%", then the proof.
#include <algorithm>

#include "fuzz/fuzz_support.h"
#include "sat/brute_force.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/drat_proof.h>

using namespace puzzlesat;

namespace {
constexpr std::size_t kMaxInput = 4096;
constexpr int kMaxVars = 12;
constexpr std::int64_t kMaxProofVars = 100000;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  const std::string_view input = fuzz::as_text(data, size);
  const std::size_t split = input.find("%%");
  if (split == std::string_view::npos) return -1;
  const std::string_view formula_text = input.substr(0, split), proof = input.substr(split + 2);
  return fuzz::expect_input_error([&] {
    const sat::DratProof parsed = sat::parse_drat(proof, "fuzz.drat");
    for (const sat::DratStep& s : parsed.steps) {
      FUZZ_CHECK(s.begin + s.size <= parsed.literals.size());
      for (const std::int32_t l : parsed.clause(s)) FUZZ_CHECK(l != 0);
    }
    const sat::Cnf formula = sat::read_dimacs(formula_text, "fuzz.cnf");
    if (formula.num_vars() > kMaxVars) return;
    // Proof variables beyond the formula's are fresh (RAT may introduce them); the
    // checker sizes its tables by the largest, which is a memory limit's business.
    std::int64_t proof_vars = 0;
    for (const std::int32_t l : parsed.literals) proof_vars = std::max<std::int64_t>(proof_vars, l < 0 ? -std::int64_t{l} : l);
    if (proof_vars > kMaxProofVars) return;
    const sat::DratVerdict verdict = sat::check_drat(formula, proof, "fuzz.drat");
    FUZZ_CHECK(verdict.binary == parsed.binary);
    FUZZ_CHECK(verdict.verified == verdict.message.empty());
    if (verdict.verified) FUZZ_CHECK(sat::all_models(formula).empty());
  });
}

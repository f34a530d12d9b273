#include "cli/proof_args.h"

#include <puzzlesat/input_error.h>
#include <puzzlesat/proof.h>

namespace puzzlesat::cli {

void ProofArgs::add_options(CLI::App* cmd, const std::string& what, CLI::Option* solver_option) {
  solver_option_ = solver_option;
  cmd->add_option("--proof", path_,
                  "Write a DRAT proof that " + what + " to FILE, and the formula it refers to beside it (FILE with "
                  "extension .cnf); check both with `puzzlesat cnf check`. Uses cadical unless --solver names another "
                  "backend that writes proofs");
  cmd->add_option("--proof-format", format_, "DRAT encoding of --proof")
      ->check(CLI::IsMember({"text", "binary"}))
      ->capture_default_str();
}

std::optional<sat::ProofOptions> ProofArgs::options() const {
  if (!requested()) return std::nullopt;
  return sat::ProofOptions{path_, *sat::parse_proof_format(format_)};
}

std::string ProofArgs::backend(const std::string& solver) const {
  if (!requested()) return solver;
  std::string spec = solver_option_ && solver_option_->count() > 0 ? solver : "cadical";
  std::unique_ptr<sat::Solver> s;
  try {
    s = sat::make_solver(spec);
  } catch (const std::invalid_argument& e) {
    throw InputError(std::string("--solver: ") + e.what());
  }
  if (!s->can_trace_proof()) {
    throw InputError("--proof: the " + s->name() +
                     " backend cannot write DRAT proofs (use --solver cadical, or external:CMD with {proof})");
  }
  return spec;
}

std::string proof_note(const sat::ProofOptions& proof) {
  std::string formula = sat::proof_formula_path(proof.path);
  return "DRAT proof: " + proof.path + " (formula: " + formula + "; check: puzzlesat cnf check " + formula + " " +
         proof.path + ")";
}

}  // namespace puzzlesat::cli

// `--proof FILE` and `--proof-format text|binary`, the options of every command that
// can back an UNSAT claim ("no set remains", "every 21 cards hold a set", "this cell is
// blue") with a DRAT proof. The proof goes to FILE and the formula it refers to beside
// it (sat::proof_formula_path: FILE with extension .cnf). A proof needs a backend that
// writes one: with --proof the default backend is cadical, and an explicit --solver that
// cannot write proofs (minisat) is bad input.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

#include <puzzlesat/solver.h>

namespace puzzlesat::cli {

class ProofArgs {
 public:
  // `what` completes the help text: "Write a DRAT proof that <what> to FILE ...".
  // solver_option: the command's --solver option, to tell an explicit choice.
  void add_options(CLI::App* cmd, const std::string& what, CLI::Option* solver_option = nullptr);

  bool requested() const { return !path_.empty(); }
  // The options to hand to the solver, when --proof was given.
  std::optional<sat::ProofOptions> options() const;
  // The backend to use: `solver` as given, or cadical when a proof is requested and
  // --solver was not given. Throws InputError when the backend cannot write a proof.
  std::string backend(const std::string& solver) const;

 private:
  std::string path_;
  std::string format_ = "text";
  CLI::Option* solver_option_ = nullptr;
};

// The note printed after a proof was written: where the proof and its formula are and
// how to check them.
std::string proof_note(const sat::ProofOptions& proof);

}  // namespace puzzlesat::cli

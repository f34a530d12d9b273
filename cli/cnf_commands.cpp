// `puzzlesat cnf …`: the formula-level commands (solve, backbone, enumerate).
#include "cli/command.h"

namespace puzzlesat::cli {

void add_cnf_commands(CLI::App& app) {
  auto* cnf = app.add_subcommand("cnf", "Solve and analyse DIMACS CNF formulas");
  cnf->require_subcommand(1);
}

}  // namespace puzzlesat::cli

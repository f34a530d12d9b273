// `puzzlesat set …`: SET cards on the table — find sets or prove by SAT that none
// remains, play whole games, statistics, DIMACS export and the largest set-free board.
#include "cli/command.h"

namespace puzzlesat::cli {

void add_set_commands(CLI::App& app) {
  auto* set = app.add_subcommand("set", "SET: find sets, prove none remains, play games");
  set->require_subcommand(1);
}

}  // namespace puzzlesat::cli

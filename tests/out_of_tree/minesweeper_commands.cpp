// `minesweeper solve BOARD` and `minesweeper cnf BOARD`: the plugin's command group.
#include <puzzlesat/command.h>
#include <puzzlesat/dimacs.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/plugin.h>

#include <iostream>
#include <memory>

#include "minesweeper.h"

namespace {

struct Options {
  std::string board;
  std::string solver = "minisat";
  bool json = false;
};

void solve(const Options& o) {
  const minesweeper::Board board = minesweeper::parse_board(puzzlesat::cli::read_input(o.board), o.board);
  const minesweeper::Analysis a = minesweeper::analyse(board, o.solver);
  if (!a.forced.satisfiable) throw puzzlesat::InputError("no placement of mines agrees with the numbers", {o.board});
  const auto cells = board.grid().cells();
  if (o.json) {
    std::string mines, safe;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (board.at(cells[i]) != '.' || !a.forced.value[i]) continue;  // covered cells only
      std::string& list = *a.forced.value[i] ? mines : safe;
      list += (list.empty() ? "[" : ",[") + std::to_string(cells[i].row) + "," + std::to_string(cells[i].col) + "]";
    }
    std::cout << R"({"mines":[)" << mines << R"(],"safe":[)" << safe << R"(],"unique":)"
              << (a.uniqueness.unique() ? "true" : "false") << "}\n";
    return;
  }
  // The board with what is forced: '*' a mine, 'o' safe, '.' still open.
  for (std::size_t i = 0; i < cells.size(); ++i) {
    char c = board.at(cells[i]);
    if (c == '.' && a.forced.value[i]) c = *a.forced.value[i] ? '*' : 'o';
    std::cout << c << (cells[i].col + 1 == board.grid().cols() ? "\n" : "");
  }
  std::cout << (a.uniqueness.unique() ? "the mines are determined\n" : "more than one placement of mines fits\n");
}

void add_minesweeper_commands(puzzlesat::cli::Commands& commands) {
  auto opt = std::make_shared<Options>();
  auto* solve_cmd = commands.app.add_subcommand("solve", "Mark the covered cells the numbers force: * mine, o safe");
  solve_cmd->add_option("BOARD", opt->board, "Board file: . covered, 0-8 revealed, * mine ('-' = stdin)")->required();
  solve_cmd->add_flag("--json", opt->json, R"(Print {"mines": [[r,c]...], "safe": [[r,c]...], "unique": bool}: covered cells forced)");
  puzzlesat::cli::add_solver_option(*solve_cmd, opt->solver);
  solve_cmd->callback([opt] { solve(*opt); });

  auto* cnf_cmd = commands.app.add_subcommand("cnf", "Print the board's formula as DIMACS with `c var mine(r,c)` names");
  cnf_cmd->add_option("BOARD", opt->board, "Board file")->required();
  cnf_cmd->callback([opt] {
    const auto board = minesweeper::parse_board(puzzlesat::cli::read_input(opt->board), opt->board);
    puzzlesat::sat::write_dimacs(std::cout, minesweeper::rules(board, opt->solver).model.cnf());
  });
}

}  // namespace

// [START registration]
const puzzlesat::cli::CommandGroup minesweeper_group{"minesweeper", "Minesweeper: what the numbers force",
                                                     add_minesweeper_commands};
// [END registration]

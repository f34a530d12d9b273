// `puzzlesat queens …`: the example plugin's commands (see docs/plugins.md).
#include <nlohmann/json.hpp>

#include <iostream>

#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include "problems/queens/queens.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::cli {

void add_queens_commands(Commands& commands) {
  CLI::App* group = &commands.app;

  struct Options {
    int n = 8;
    bool all = false;
    std::size_t limit = sat::kNoLimit;
    bool json = false;
    std::string solver = "minisat";
  };
  auto opt = std::make_shared<Options>();
  auto* solve = group->add_subcommand("solve", "Place n queens so that none attacks another");
  solve->add_option("--n", opt->n, "Board size")->capture_default_str();
  solve->add_flag("--all", opt->all, "List every solution, not just one");
  solve->add_option("--limit", opt->limit, "With --all: stop after this many")
      ->check(whole_number())
      ->check(CLI::Range(std::size_t{1}, sat::kNoLimit));
  solve->add_flag("--json", opt->json, R"(Print {"n": n, "solutions": [[col per row]...], "complete": bool})");
  add_solver_option(*solve, opt->solver);
  solve->callback([opt] {
    auto result = queens::solve(opt->n, opt->solver, opt->all ? opt->limit : 1);
    if (opt->json) {
      nlohmann::json out = {{"n", opt->n}, {"solutions", result.placements}, {"complete", result.complete}};
      std::cout << out.dump(-1, ' ', false, kUtf8Replace) << "\n";
      return;
    }
    if (result.placements.empty()) {
      std::cout << "no placement of " << opt->n << " queens exists (proved by SAT)\n";
      return;
    }
    for (const auto& p : result.placements) std::cout << queens::draw(p) << "\n";
    if (opt->all)
      std::cout << result.placements.size() << (result.complete ? " solutions\n" : " solutions (limit reached)\n");
  });

  auto cnf_n = std::make_shared<int>(8);
  auto* cnf = group->add_subcommand("cnf", "Print the n-queens formula as DIMACS, with `c var` names queen(row,col)");
  cnf->add_option("--n", *cnf_n, "Board size")->capture_default_str();
  cnf->callback([cnf_n] { sat::write_dimacs(std::cout, queens::encode(*cnf_n).cnf); });
}

const CommandGroup queens_group{"queens", "The n-queens puzzle: the example plugin", add_queens_commands};

}  // namespace puzzlesat::cli

// `puzzlesat queens …`: the example plugin's commands (see docs/plugins.md).
#include <nlohmann/json.hpp>

#include <iostream>
#include <stdexcept>

#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include "cli/proof_args.h"
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
    ProofArgs proof;
  };
  auto opt = std::make_shared<Options>();
  auto* solve = group->add_subcommand("solve", "Place n queens so that none attacks another");
  solve->add_option("--n", opt->n, "Board size")->capture_default_str();
  solve->add_flag("--all", opt->all, "List every solution, not just one");
  solve->add_option("--limit", opt->limit, "With --all: stop after this many")
      ->check(whole_number())
      ->check(CLI::Range(std::size_t{1}, sat::kNoLimit));
  solve->add_flag("--json", opt->json, R"(Print {"n": n, "solutions": [[col per row]...], "complete": bool})");
  auto* solver = add_solver_option(*solve, opt->solver);
  opt->proof.add_options(solve, "no placement exists (written only when none does)", solver);
  solve->callback([opt] {
    std::string backend = opt->proof.backend(opt->solver);
    auto result = queens::solve(opt->n, backend, opt->all ? opt->limit : 1);
    // No placement and an incomplete search: the backend gave up or its UNSAT could not
    // be verified; that is no answer, and certainly no proof.
    if (result.placements.empty() && !result.complete) {
      throw std::runtime_error("the " + backend + " backend gave no verified answer");
    }
    auto proof = opt->proof.options();
    if (proof && result.placements.empty() && !queens::prove_no_placement(opt->n, backend, *proof)) {
      throw std::logic_error("no placement was found, but the proof run found one");
    }
    if (opt->json) {
      nlohmann::json out = {{"n", opt->n}, {"solutions", result.placements}, {"complete", result.complete}};
      if (proof && result.placements.empty()) out["proof"] = proof->path;
      std::cout << out.dump(-1, ' ', false, kUtf8Replace) << "\n";
      return;
    }
    if (result.placements.empty()) {
      std::cout << "no placement of " << opt->n << " queens exists (proved by SAT)\n";
      if (proof) std::cout << proof_note(*proof) << "\n";
      return;
    }
    for (const auto& p : result.placements) std::cout << queens::draw(p) << "\n";
    if (opt->all)
      std::cout << result.placements.size() << (result.complete ? " solutions\n" : " solutions (limit reached)\n");
  });

  struct CnfArgs {
    int n = 8;
    bool json = false;
  };
  auto cnf_args = std::make_shared<CnfArgs>();
  auto* cnf = group->add_subcommand("cnf", "Print the n-queens formula as DIMACS, with `c var` names queen(row,col)");
  cnf->add_option("--n", cnf_args->n, "Board size")->capture_default_str();
  cnf->add_flag("--json", cnf_args->json, R"(Print {"variables", "clauses", "dimacs"})");
  cnf->callback([cnf_args] {
    BatchItem item;
    item.json = cnf_args->json;
    write_cnf_result(queens::encode(cnf_args->n).cnf, item);
    if (item.json) std::cout << item.result.dump(-1, ' ', false, kUtf8Replace) << "\n";
  });
}

const CommandGroup queens_group{"queens", "The n-queens puzzle: the example plugin", add_queens_commands};

}  // namespace puzzlesat::cli

// `puzzlesat nurikabe …`: solve, deduce (with explanations), unique, cnf and generate
// (docs/nurikabe.md). Like problems/nurikabe/, this file includes only the public API and
// that folder, so tests/out_of_tree builds it against the installed package.
#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/dimacs.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/file_io.h>
#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/plugin.h>
#include <puzzlesat/proof.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "problems/nurikabe/nurikabe.h"

namespace {

using namespace nurikabe;
using puzzlesat::cli::Commands;

struct Options {
  puzzlesat::cli::Batch batch;
  std::string solver = "minisat";
  bool json = false;
  bool all = false;
  std::size_t limit = 10000;
  bool explain = false;
  std::string output;
  std::string size = "7x7";
  std::string proof;  // deduce: a folder; unique: a file
  double proof_timeout = 60;
  unsigned long long seed = 1;
};

// A grid with the puzzle's numbers in place of their white cells, as players draw it.
std::string draw(const Puzzle& p, const Grid& g) {
  std::string out;
  for (int r = 0; r < p.rows; ++r) {
    for (int c = 0; c < p.cols; ++c) {
      const int v = p.at({r, c});
      std::string cell = v == kNoNumber ? std::string(1, g[r][c]) : v == kUnknown ? "?" : std::to_string(v);
      out += (c ? " " : "") + cell;
    }
    out += '\n';
  }
  return out;
}

void add_proof_timeout(CLI::App* cmd, const std::shared_ptr<Options>& opt) {
  cmd->add_option("--proof-timeout", opt->proof_timeout,
                  "With --proof: seconds allowed to each proof (0: no bound); what runs past it gets no file")
      ->check(CLI::Range(0.0, 86400.0))
      ->capture_default_str();
}

CLI::App* command(CLI::App& group, const char* name, const char* what, std::shared_ptr<Options> opt,
                  const char* json_help) {
  auto* cmd = group.add_subcommand(name, what);
  opt->batch.add_options(*cmd, "PUZZLE", "Puzzle files (docs/nurikabe.md; '-' = stdin) or puzz.link nurikabe URLs");
  if (json_help) cmd->add_flag("--json", opt->json, json_help);
  puzzlesat::cli::add_solver_option(*cmd, opt->solver);
  return cmd;
}

void add_solve(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = command(group, "solve", "Shade the wall: '#' black, '.' white, numbers as given", opt,
                      R"(Print {"status": "sat"|"unsat", "solution": [rows of # and .]}; with --all {"count", "complete", "solutions"})");
  cmd->add_flag("--all", opt->all, "Every solution, not just one");
  cmd->add_option("--limit", opt->limit, "With --all: stop after this many (\"complete\": false says so)")
      ->check(puzzlesat::cli::whole_number())
      ->check(CLI::Range(std::size_t{1}, puzzlesat::sat::kNoLimit))
      ->capture_default_str();
  cmd->callback([opt] { opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
    const Puzzle p = parse_input(item.input);
    Solver s(p, opt->solver);
    const std::vector<Grid> found = s.solutions(opt->all ? opt->limit : 1);
    if (found.empty()) item.outcome = puzzlesat::cli::Outcome::unsolved;
    if (item.json) {
      item.result = nlohmann::ordered_json::parse(
          opt->all ? puzzlesat::solutions_json(found, s.complete())
                   : puzzlesat::solve_json(found.empty() ? std::nullopt : std::optional(found[0])));
      return;
    }
    if (found.empty()) {
      std::cout << "no solution: no shading obeys the rules\n";
      return;
    }
    for (std::size_t i = 0; i < found.size(); ++i) std::cout << (i ? "\n" : "") << draw(p, found[i]);
    if (opt->all) std::cout << found.size() << (s.complete() ? " solutions\n" : " solutions (limit reached)\n");
  }); });
}

void add_deduce(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = command(group, "deduce", "The cells every solution agrees on", opt,
                      R"(Print {"forced": [{"row", "col", "value": "#"|".", "because": [numbers] with --explain}, ...]})");
  cmd->add_flag("--explain", opt->explain,
                "Name, for each cell, numbers that force it (the others read as '?'), none of which can go");
  opt->batch.add_cell_proofs_option(*cmd, opt->proof, "rRcC-black.drat or rRcC-white.drat",
                                    "the complete formula it refutes");
  add_proof_timeout(cmd, opt);
  cmd->callback([opt] {
    opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
    const Puzzle p = parse_input(item.input);
    Solver s(p, opt->solver);
    if (!s.solve()) throw puzzlesat::InputError("the puzzle has no solution, so nothing follows from it", {item.input});
    const std::vector<Forced> forced = s.deduce(opt->explain);
    std::vector<puzzlesat::Cell> unproved;
    if (!opt->proof.empty()) unproved = prove_forced(p, forced, opt->proof, opt->proof_timeout);
    if (!unproved.empty()) item.outcome = puzzlesat::cli::Outcome::unsolved;
    if (static_cast<int>(forced.size()) + std::count_if(p.number.begin(), p.number.end(), [](int v) { return v != kNoNumber; }) <
        p.rows * p.cols)
      item.outcome = puzzlesat::cli::Outcome::unsolved;  // some cell stays open
    if (item.json) {
      std::vector<puzzlesat::ForcedCell> cells;
      for (const Forced& f : forced) cells.push_back({f.cell.row, f.cell.col, f.black ? '#' : '.', f.because});
      item.result = nlohmann::ordered_json::parse(puzzlesat::deduce_json(cells));
      if (!opt->proof.empty()) {
        item.result["proofs"] = forced.size() - unproved.size();
        nlohmann::ordered_json missing = nlohmann::ordered_json::array();
        for (const puzzlesat::Cell& c : unproved) missing.push_back({{"row", c.row}, {"col", c.col}});
        item.result["unproved"] = missing;
      }
      return;
    }
    Grid shown(p.rows, std::string(p.cols, '-'));  // '-' still open
    int black = 0;
    for (const Forced& f : forced) {
      shown[f.cell.row][f.cell.col] = f.black ? '#' : '.';
      black += f.black;
    }
    std::cout << draw(p, shown) << forced.size() << " cells forced: " << black << " black (#), "
              << forced.size() - black << " white (.)\n";
    if (opt->explain)
      for (const Forced& f : forced) {
        std::cout << "(" << f.cell.row << "," << f.cell.col << ") " << (f.black ? "black" : "white") << ":";
        for (std::size_t i = 0; i < f.because.size(); ++i) std::cout << (i ? ", " : " ") << f.because[i];
        std::cout << (f.because.empty() ? " the rules and where the numbers stand\n" : "\n");
      }
    if (!opt->proof.empty()) {
      std::cout << forced.size() - unproved.size() << " proofs (rRcC-black/white.drat, formula beside each) in "
                << opt->proof << "\n";
      for (const puzzlesat::Cell& c : unproved)
        std::cout << "no proof for (" << c.row << "," << c.col << ") within --proof-timeout\n";
    }
  }); });
}

void add_unique(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = command(group, "unique", "Is the solution unique? If not, two that differ", opt,
                      R"(Print {"unique": true|false, "solutions": [the solution, or two that differ]})");
  opt->batch.add_unique_proof_option(*cmd, opt->proof, "solution", "the complete formula it refutes");
  add_proof_timeout(cmd, opt);
  cmd->callback([opt] {
    opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
    const Puzzle p = parse_input(item.input);
    Solver s(p, opt->solver);
    const std::vector<Grid> found = s.solutions(2);
    if (found.size() != 1) item.outcome = puzzlesat::cli::Outcome::unsolved;
    bool proved = false;
    if (found.size() == 1 && !opt->proof.empty()) {
      proved = prove_unique(p, found[0], opt->proof, opt->proof_timeout);
      if (!proved) item.outcome = puzzlesat::cli::Outcome::unsolved;
    }
    if (item.json) {
      item.result = nlohmann::ordered_json::parse(puzzlesat::unique_json(found));
      if (found.size() == 1 && !opt->proof.empty()) item.result["proof"] = proved ? nlohmann::ordered_json(opt->proof) : nullptr;
      return;
    }
    if (found.empty()) {
      std::cout << "no solution: no shading obeys the rules\n";
      return;
    }
    std::cout << (found.size() == 1 ? "unique\n" : "not unique; two solutions:\n");
    for (std::size_t i = 0; i < found.size(); ++i) std::cout << (i ? "\n" : "") << draw(p, found[i]);
    if (found.size() == 1 && !opt->proof.empty())
      std::cout << (proved ? "proof: " + opt->proof + " (formula " + puzzlesat::sat::proof_formula_path(opt->proof) + ")\n"
                           : std::string("no proof within --proof-timeout\n"));
  }); });
}

void add_cnf(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "cnf", "The complete formula as DIMACS (`c var` names): its models on black(r,c) are the solutions");
  opt->batch.add_options(*cmd, "PUZZLE", "Puzzle files or puzz.link nurikabe URLs");
  opt->batch.add_cnf_options(*cmd, opt->output, opt->json);
  cmd->callback([opt] {
    opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
      const puzzlesat::sat::Cnf cnf = complete_cnf(parse_input(item.input));
      if (opt->output.empty()) return puzzlesat::cli::write_cnf_result(cnf, item);
      std::ostringstream out;
      puzzlesat::sat::write_dimacs(out, cnf);
      puzzlesat::write_file_atomically(opt->output, out.str());
    });
  });
}

void add_generate(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = group.add_subcommand("generate", "A random puzzle with exactly one solution, in the text format "
                                               "(its puzz.link URL on the first, comment, line)");
  cmd->add_option("--size", opt->size, "ROWSxCOLS, from 2x2 to 30x30")->capture_default_str();
  cmd->add_option("--seed", opt->seed, "Random seed: the same seed gives the same puzzle")
      ->check(puzzlesat::cli::whole_number())
      ->capture_default_str();
  cmd->add_flag("--json", opt->json, R"(Print {"puzzle": [rows], "url": URL, "solution": [rows of # and .]})");
  puzzlesat::cli::add_solver_option(*cmd, opt->solver);
  cmd->callback([opt] {
    int rows = 0, cols = 0;
    char x = 0, rest = 0;
    std::istringstream in(opt->size);
    if (!(in >> rows >> x >> cols) || x != 'x' || (in >> rest))
      throw puzzlesat::InputError("--size wants ROWSxCOLS, e.g. 7x7, not " + puzzlesat::quote_token(opt->size));
    const Generated g = generate(rows, cols, opt->seed, opt->solver);
    if (opt->json) {
      std::vector<std::string> lines;
      std::istringstream text(to_text(g.puzzle));
      for (std::string line; std::getline(text, line);) lines.push_back(line);
      const nlohmann::json out = {{"puzzle", lines}, {"url", to_url(g.puzzle)}, {"solution", g.solution}};
      std::cout << out.dump() << "\n";
      return;
    }
    std::cout << "# " << to_url(g.puzzle) << "\n" << to_text(g.puzzle);
  });
}

void add_nurikabe_commands(Commands& commands) {
  add_solve(commands.app);
  add_deduce(commands.app);
  add_unique(commands.app);
  add_cnf(commands.app);
  add_generate(commands.app);
}

}  // namespace

const puzzlesat::cli::CommandGroup nurikabe_group{
    "nurikabe", "Nurikabe: shade a connected wall around islands of the given sizes", add_nurikabe_commands};

// `puzzlesat sudoku …`: solve, deduce, unique, cnf and generate, for a text file or a
// puzz.link URL, with box shapes (--box RxC) and the diagonal variant (docs/sudoku.md).
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

#include "problems/sudoku/sudoku.h"

namespace {

using namespace puzzlesat;
using namespace puzzlesat::sudoku;

struct Options {
  puzzlesat::cli::Batch batch;
  std::string box;  // "RxC", empty = the usual boxes for the size
  bool diagonal = false;
  std::string solver = "minisat";
  bool json = false;
  bool all = false;
  std::size_t limit = sat::kNoLimit;
  bool explain = false;
  std::string output;
  std::string proof;  // deduce: a folder; unique: a file
  int size = 9;
  std::uint64_t seed = 1;
};

std::optional<Shape> box_shape(const Options& o) {
  if (o.box.empty()) return std::nullopt;
  Shape s;
  char x = 0;
  std::istringstream in(o.box);
  if (!(in >> s.box_rows >> x >> s.box_cols) || x != 'x' || !in.eof() || s.box_rows < 1 || s.box_cols < 1 ||
      s.size() > kMaxSize)
    throw InputError("--box takes RxC, e.g. 2x3, with R*C at most " + std::to_string(kMaxSize) + ", not " +
                     quote_token(o.box));
  return s;
}

Puzzle load(const Options& o, const std::string& input) {
  const PuzzleInput in = read_puzzle_input(input);
  Puzzle p = in.is_url ? parse_url(in.text, box_shape(o)) : parse(in.text, in.name, box_shape(o));
  p.shape.diagonal = o.diagonal;
  return p;
}

void add_common(CLI::App* cmd, const std::shared_ptr<Options>& o) {
  o->batch.add_options(*cmd, "PUZZLE",
                       "Text files (one line of 81 cells or 9 rows; '-' = stdin) or puzz.link URLs");
  cmd->add_option("--box", o->box, "Box shape RxC (default: 2x2 for 4x4, 2x3 for 6x6, 3x3, 4x4 for 16x16)");
  cmd->add_flag("--diagonal", o->diagonal, "Both main diagonals hold each digit once too");
  puzzlesat::cli::add_solver_option(*cmd, o->solver);
}

void solve_command(const Options& o, puzzlesat::cli::BatchItem& item) {
  const Puzzle p = load(o, item.input);
  const Solutions s = solve(p, o.solver, o.all ? o.limit : 1);
  if (s.grids.empty()) item.outcome = puzzlesat::cli::Outcome::unsolved;
  std::vector<Rows> rows;
  for (const Grid& g : s.grids) rows.push_back(to_rows(g, p.size()));
  if (item.json) {
    item.result = nlohmann::ordered_json::parse(
        o.all ? solutions_json(rows, s.complete) : solve_json(rows.empty() ? std::nullopt : std::optional<Rows>(rows[0])));
    return;
  }
  if (s.grids.empty()) {
    std::cout << "no solution\n";
    return;
  }
  for (const Grid& g : s.grids) std::cout << draw(g, p.shape) << "\n";
  if (o.all) std::cout << s.grids.size() << (s.complete ? " solutions\n" : " solutions (limit reached)\n");
}

void unique_command(const Options& o, puzzlesat::cli::BatchItem& item) {
  const Puzzle p = load(o, item.input);
  const Solutions s = solve(p, o.solver, 2);
  if (s.grids.size() != 1) item.outcome = puzzlesat::cli::Outcome::unsolved;
  std::vector<Rows> rows;
  for (const Grid& g : s.grids) rows.push_back(to_rows(g, p.size()));
  if (s.grids.size() == 1 && !o.proof.empty()) {
    const Rules r = rules(p, o.solver);
    std::vector<sat::Lit> lits;
    std::vector<bool> values;
    for (int row = 0; row < p.size(); ++row)
      for (int col = 0; col < p.size(); ++col)
        for (int v = 1; v <= p.size(); ++v) {
          lits.push_back(r.is({row, col}, v));
          values.push_back(s.grids[0][static_cast<std::size_t>(row * p.size() + col)] == v);
        }
    write_unique_proof(r.model, lits, values, o.proof, item.input);
  }
  if (item.json) {
    item.result = nlohmann::ordered_json::parse(unique_json(rows));
    if (s.grids.size() == 1 && !o.proof.empty()) item.result["proof"] = o.proof;
    return;
  }
  if (s.grids.empty()) std::cout << "no solution\n";
  if (s.grids.size() == 1) std::cout << "unique\n" << draw(s.grids[0], p.shape);
  if (s.grids.size() == 1 && !o.proof.empty())
    std::cout << "proof: " << o.proof << " (formula " << sat::proof_formula_path(o.proof) << ")\n";
  if (s.grids.size() == 2)
    std::cout << "not unique; two solutions:\n" << draw(s.grids[0], p.shape) << "\n" << draw(s.grids[1], p.shape);
}

void deduce_command(const Options& o, puzzlesat::cli::BatchItem& item) {
  const Puzzle p = load(o, item.input);
  const auto forced = deduce(p, o.solver, o.explain);
  if (!forced) throw InputError("the givens contradict each other: no solution", {item.input});
  const auto empty = std::count(p.cells.begin(), p.cells.end(), 0);
  if (static_cast<std::ptrdiff_t>(forced->size()) < empty) item.outcome = puzzlesat::cli::Outcome::unsolved;
  std::size_t proofs = 0;
  if (!o.proof.empty()) {
    const Rules r = rules(p, o.solver);
    std::vector<NamedFact> facts;
    for (const Deduced& d : *forced)
      facts.push_back({"r" + std::to_string(d.cell.row) + "c" + std::to_string(d.cell.col) + "-" +
                           std::string(1, cell_char(d.value)),
                       r.is(d.cell, d.value)});
    proofs = write_fact_proofs(r.model, facts, o.proof, item.input);
  }
  if (item.json) {
    std::vector<ForcedCell> cells;
    for (const Deduced& d : *forced) cells.push_back({d.cell.row, d.cell.col, cell_char(d.value), d.because});
    item.result = nlohmann::ordered_json::parse(deduce_json(cells));
    if (!o.proof.empty()) item.result["proofs"] = proofs;
    return;
  }
  std::vector<int> filled = p.cells;
  for (const Deduced& d : *forced) filled[static_cast<std::size_t>(d.cell.row * p.size() + d.cell.col)] = d.value;
  std::cout << draw(filled, p.shape) << forced->size() << " empty cells forced\n";
  if (o.explain)
    for (const Deduced& d : *forced) {
      std::cout << "(" << d.cell.row << "," << d.cell.col << ")=" << cell_char(d.value) << " because";
      for (const std::string& clue : d.because) std::cout << " " << clue;
      std::cout << (d.because.empty() ? " the rules alone\n" : "\n");
    }
  if (!o.proof.empty()) std::cout << proofs << " proofs (rRcC-DIGIT.drat, formula beside each) in " << o.proof << "\n";
}

void cnf_command(const Options& o, puzzlesat::cli::BatchItem& item) {
  const Puzzle p = load(o, item.input);
  const Rules r = rules(p, o.solver);
  const sat::Cnf& cnf = r.model.cnf();
  if (o.output.empty()) return puzzlesat::cli::write_cnf_result(cnf, item);
  std::ostringstream out;
  sat::write_dimacs(out, cnf);
  write_file_atomically(o.output, out.str());
}

// Runs `command` over the inputs (Batch refuses --proof and -o, which name one output, with several).
void run_batch(const Options& o, void (*command)(const Options&, puzzlesat::cli::BatchItem&)) {
  o.batch.run(o.json, [&](puzzlesat::cli::BatchItem& item) { command(o, item); });
}

void generate_command(const Options& o) {
  std::optional<Shape> shape = box_shape(o);
  if (!shape) shape = default_shape(o.size);
  if (!shape || shape->size() != o.size)
    throw InputError("no box shape for size " + std::to_string(o.size) + " (give --box RxC with R*C = size)");
  shape->diagonal = o.diagonal;
  const Puzzle p = generate(*shape, o.seed, o.solver);
  std::string text = draw(p.cells, p.shape);
  if (o.json) {
    std::cout << nlohmann::json{{"puzzle", to_line(p.cells)}, {"url", to_url(p)}}.dump() << "\n";
  } else {
    std::cout << text << to_url(p) << "\n";
  }
  if (!o.output.empty()) write_file_atomically(o.output, text);
}

void add_sudoku_commands(puzzlesat::cli::Commands& commands) {
  CLI::App& app = commands.app;
  auto o = std::make_shared<Options>();

  auto* solve_cmd = app.add_subcommand("solve", "Fill the grid (--all: every solution)");
  add_common(solve_cmd, o);
  solve_cmd->add_flag("--all", o->all, "List every solution, not just one");
  solve_cmd->add_option("--limit", o->limit, "With --all: stop after this many")
      ->check(puzzlesat::cli::whole_number())
      ->check(CLI::Range(std::size_t{1}, sat::kNoLimit));
  solve_cmd->add_flag("--json", o->json, R"(Print {"status":"sat"|"unsat","solution":["row",...]})");
  solve_cmd->callback([o] { run_batch(*o, solve_command); });

  o = std::make_shared<Options>();
  auto* deduce_cmd = app.add_subcommand("deduce", "The empty cells every solution fills alike");
  add_common(deduce_cmd, o);
  deduce_cmd->add_flag("--explain", o->explain, "With each cell, a smallest-by-deletion set of givens forcing it");
  deduce_cmd->add_flag("--json", o->json, R"(Print {"forced":[{"row":r,"col":c,"value":"5"},...]} (from 0))");
  o->batch.add_cell_proofs_option(*deduce_cmd, o->proof, "rRcC-DIGIT.drat");
  deduce_cmd->callback([o] { run_batch(*o, deduce_command); });

  o = std::make_shared<Options>();
  auto* unique_cmd = app.add_subcommand("unique", "Is the solution unique? If not, two that differ");
  add_common(unique_cmd, o);
  unique_cmd->add_flag("--json", o->json, R"(Print {"unique":true|false,"solutions":[...]})");
  o->batch.add_unique_proof_option(*unique_cmd, o->proof);
  unique_cmd->callback([o] { run_batch(*o, unique_command); });

  o = std::make_shared<Options>();
  auto* cnf_cmd = app.add_subcommand("cnf", "The puzzle's formula as DIMACS, variables named d(r,c)=v");
  add_common(cnf_cmd, o);
  o->batch.add_cnf_options(*cnf_cmd, o->output, o->json);
  cnf_cmd->callback([o] { run_batch(*o, cnf_command); });

  o = std::make_shared<Options>();
  auto* gen_cmd = app.add_subcommand("generate", "A puzzle with a unique solution, no given superfluous");
  gen_cmd->add_option("--size", o->size, "Side of the grid: 4, 6, 9, 16, ...")->capture_default_str()
      ->check(CLI::Range(1, kMaxSize));
  gen_cmd->add_option("--seed", o->seed, "Random seed (same seed, same puzzle)")
      ->check(puzzlesat::cli::whole_number())->required();
  gen_cmd->add_option("--box", o->box, "Box shape RxC with R*C = size (default: the most square)");
  gen_cmd->add_flag("--diagonal", o->diagonal, "The diagonal variant");
  gen_cmd->add_flag("--json", o->json, R"(Print {"puzzle":"<one line>","url":"https://puzz.link/p?sudoku/..."})");
  gen_cmd->add_option("-o,--output", o->output, "Also write the puzzle (grid form) to this file");
  puzzlesat::cli::add_solver_option(*gen_cmd, o->solver);
  gen_cmd->callback([o] { generate_command(*o); });
}

}  // namespace

const puzzlesat::cli::CommandGroup sudoku_group{"sudoku", "Sudoku (n x n, any box shape, diagonal): solve, deduce, "
                                                          "unique, cnf, generate",
                                                add_sudoku_commands};

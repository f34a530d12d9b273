// `puzzlesat nonogram …`: solve, deduce, unique, cnf and generate, for clue files (plain,
// .non, .nin, TAAI) or a puzz.link URL (docs/nonogram.md).
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

#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "problems/nonogram/nonogram.h"

namespace {

using namespace puzzlesat;
using namespace puzzlesat::nonogram;

struct Options {
  puzzlesat::cli::Batch batch;
  Format format = Format::automatic;
  std::optional<int> id;
  std::string solver = "minisat";
  bool json = false;
  bool all = false;
  std::size_t limit = sat::kNoLimit;
  bool explain = false;
  std::string output;
  std::string proof;  // deduce: a folder; unique: a file
  std::string size = "10x10";
  std::uint64_t seed = 1;
  Handover handover;
};

Puzzle load(const Options& o, const std::string& input) {
  const PuzzleInput in = read_puzzle_input(input);
  if (in.is_url) return parse_url(in.text);
  return parse(in.text, in.name, o.format, o.id);
}

std::string picture_text(const Picture& p) {
  std::string out;
  for (const std::string& row : p) out += row + "\n";
  return out;
}

void add_common(CLI::App* cmd, const std::shared_ptr<Options>& o) {
  o->batch.add_options(*cmd, "PUZZLE", "Clue files (plain, .non, .nin or TAAI; '-' = stdin) or puzz.link URLs");
  const std::map<std::string, Format> formats{{"auto", Format::automatic}, {"plain", Format::plain},
                                              {"non", Format::non},        {"nin", Format::nin},
                                              {"taai", Format::taai}};
  cmd->add_option("--format", o->format, "File format (default: recognised from the content)")
      ->transform(CLI::CheckedTransformer(formats));
  cmd->add_option("--id", o->id, "The puzzle $N of a TAAI file holding several")->check(CLI::Range(0, 1 << 30));
  puzzlesat::cli::add_solver_option(*cmd, o->solver);
}

// solve and unique: when MiniSat (the default --solver) hands a puzzle over to CaDiCaL.
void add_handover(CLI::App* cmd, const std::shared_ptr<Options>& o) {
  cmd->add_option("--handover", o->handover.conflicts,
                  "With --solver minisat: a puzzle not settled in this many conflicts a call goes to CaDiCaL "
                  "(0: never)")
      ->check(puzzlesat::cli::whole_number())
      ->capture_default_str();
}

void solve_command(const Options& o, puzzlesat::cli::BatchItem& item) {
  const Puzzle p = load(o, item.input);
  const Solutions s = solve(p, o.solver, o.all ? o.limit : 1, 0, Method::sat, {}, o.handover);
  if (s.pictures.empty()) item.outcome = puzzlesat::cli::Outcome::unsolved;
  if (item.json) {
    item.result = nlohmann::ordered_json::parse(
        o.all ? solutions_json(s.pictures, s.complete)
              : solve_json(s.pictures.empty() ? std::nullopt : std::optional<Rows>(s.pictures[0])));
    return;
  }
  if (s.pictures.empty()) {
    std::cout << "no solution\n";
    return;
  }
  for (std::size_t i = 0; i < s.pictures.size(); ++i) std::cout << (i ? "\n" : "") << picture_text(s.pictures[i]);
  if (o.all) std::cout << s.pictures.size() << (s.complete ? " solutions\n" : " solutions (limit reached)\n");
}

void unique_command(const Options& o, puzzlesat::cli::BatchItem& item) {
  const Puzzle p = load(o, item.input);
  const Solutions s = solve(p, o.solver, 2, 0, Method::sat, {}, o.handover);
  if (s.pictures.size() != 1) item.outcome = puzzlesat::cli::Outcome::unsolved;
  if (s.pictures.size() == 1 && !o.proof.empty()) {
    const Rules r = rules(p, o.solver);
    std::vector<bool> values;
    for (const std::string& row : s.pictures[0])
      for (char c : row) values.push_back(c == '#');
    write_unique_proof(r.model, r.fill.all(), values, o.proof, item.input);
  }
  if (item.json) {
    item.result = nlohmann::ordered_json::parse(unique_json(s.pictures));
    if (s.pictures.size() == 1 && !o.proof.empty()) item.result["proof"] = o.proof;
    return;
  }
  if (s.pictures.empty()) std::cout << "no solution\n";
  if (s.pictures.size() == 1) std::cout << "unique\n" << picture_text(s.pictures[0]);
  if (s.pictures.size() == 1 && !o.proof.empty())
    std::cout << "proof: " << o.proof << " (formula " << sat::proof_formula_path(o.proof) << ")\n";
  if (s.pictures.size() == 2)
    std::cout << "not unique; two solutions:\n" << picture_text(s.pictures[0]) << "\n" << picture_text(s.pictures[1]);
}

void deduce_command(const Options& o, puzzlesat::cli::BatchItem& item) {
  const Puzzle p = load(o, item.input);
  const auto forced = deduce(p, o.solver, o.explain);
  if (!forced) throw InputError("the clues contradict each other: no solution", {item.input});
  if (static_cast<int>(forced->size()) < p.rows * p.cols) item.outcome = puzzlesat::cli::Outcome::unsolved;
  std::size_t proofs = 0;
  if (!o.proof.empty()) {
    const Rules r = rules(p, o.solver);
    std::vector<NamedFact> facts;
    for (const Deduced& d : *forced)
      facts.push_back({"r" + std::to_string(d.cell.row) + "c" + std::to_string(d.cell.col) +
                           (d.filled ? "-filled" : "-empty"),
                       d.filled ? r.fill[d.cell] : ~r.fill[d.cell]});
    proofs = write_fact_proofs(r.model, facts, o.proof, item.input);
  }
  if (item.json) {
    std::vector<ForcedCell> cells;
    for (const Deduced& d : *forced) cells.push_back({d.cell.row, d.cell.col, d.filled ? '#' : '.', d.because});
    item.result = nlohmann::ordered_json::parse(deduce_json(cells));
    if (!o.proof.empty()) item.result["proofs"] = proofs;
    return;
  }
  // The grid: '#' forced filled, '.' forced empty, '?' open.
  Picture grid(static_cast<std::size_t>(p.rows), std::string(static_cast<std::size_t>(p.cols), '?'));
  for (const Deduced& d : *forced)
    grid[static_cast<std::size_t>(d.cell.row)][static_cast<std::size_t>(d.cell.col)] = d.filled ? '#' : '.';
  std::cout << picture_text(grid) << forced->size() << " of " << p.rows * p.cols << " cells forced\n";
  if (o.explain)
    for (const Deduced& d : *forced) {
      std::cout << "(" << d.cell.row << "," << d.cell.col << ")=" << (d.filled ? '#' : '.') << " because";
      for (const std::string& clue : d.because) std::cout << " [" << clue << "]";
      std::cout << "\n";
    }
  if (!o.proof.empty())
    std::cout << proofs << " proofs (rRcC-filled.drat / rRcC-empty.drat, formula beside each) in " << o.proof << "\n";
}

void cnf_command(const Options& o, puzzlesat::cli::BatchItem& item) {
  const Rules r = rules(load(o, item.input), o.solver);
  if (o.output.empty()) return puzzlesat::cli::write_cnf_result(r.model.cnf(), item);
  std::ostringstream out;
  sat::write_dimacs(out, r.model.cnf());
  write_file_atomically(o.output, out.str());
}

// Runs `command` over the inputs (Batch refuses --proof and -o, which name one output, with several).
void run_batch(const Options& o, void (*command)(const Options&, puzzlesat::cli::BatchItem&)) {
  o.batch.run(o.json, [&](puzzlesat::cli::BatchItem& item) { command(o, item); });
}

void generate_command(const Options& o) {
  int rows = 0, cols = 0;
  char x = 0;
  std::istringstream in(o.size);
  if (!(in >> rows)) rows = 0;
  cols = rows;
  if (in >> x && (x != 'x' || !(in >> cols))) rows = 0;
  if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide || !in.eof())
    throw InputError("--size takes N or RxC (rows x columns) up to " + std::to_string(kMaxSide) + ", not " +
                     quote_token(o.size));
  const Puzzle p = generate(rows, cols, o.seed, o.solver);
  if (o.json)
    std::cout << nlohmann::json{{"puzzle", to_plain(p)}, {"url", to_url(p)}}.dump() << "\n";
  else
    std::cout << to_plain(p) << to_url(p) << "\n";
  if (!o.output.empty()) write_file_atomically(o.output, to_plain(p));
}

void add_nonogram_commands(puzzlesat::cli::Commands& commands) {
  CLI::App& app = commands.app;
  auto o = std::make_shared<Options>();

  auto* solve_cmd = app.add_subcommand("solve", "Paint the grid (--all: every solution)");
  add_common(solve_cmd, o);
  add_handover(solve_cmd, o);
  solve_cmd->add_flag("--all", o->all, "List every solution, not just one");
  solve_cmd->add_option("--limit", o->limit, "With --all: stop after this many")
      ->check(puzzlesat::cli::whole_number())
      ->check(CLI::Range(std::size_t{1}, sat::kNoLimit));
  solve_cmd->add_flag("--json", o->json, R"(Print {"status":"sat"|"unsat","solution":["#..#",...]})");
  solve_cmd->callback([o] { run_batch(*o, solve_command); });

  o = std::make_shared<Options>();
  auto* deduce_cmd = app.add_subcommand("deduce", "The cells every solution paints alike");
  add_common(deduce_cmd, o);
  deduce_cmd->add_flag("--explain", o->explain, "With each cell, a smallest-by-deletion set of lines forcing it");
  deduce_cmd->add_flag("--json", o->json, R"(Print {"forced":[{"row":r,"col":c,"value":"#"|"."},...]} (from 0))");
  o->batch.add_cell_proofs_option(*deduce_cmd, o->proof, "rRcC-filled.drat or rRcC-empty.drat");
  deduce_cmd->callback([o] { run_batch(*o, deduce_command); });

  o = std::make_shared<Options>();
  auto* unique_cmd = app.add_subcommand("unique", "Is the solution unique? If not, two that differ");
  add_common(unique_cmd, o);
  add_handover(unique_cmd, o);
  unique_cmd->add_flag("--json", o->json, R"(Print {"unique":true|false,"solutions":[...]})");
  o->batch.add_unique_proof_option(*unique_cmd, o->proof);
  unique_cmd->callback([o] { run_batch(*o, unique_command); });

  o = std::make_shared<Options>();
  auto* cnf_cmd = app.add_subcommand("cnf", "The puzzle's formula as DIMACS, variables named fill(r,c)");
  add_common(cnf_cmd, o);
  o->batch.add_cnf_options(*cnf_cmd, o->output, o->json);
  cnf_cmd->callback([o] { run_batch(*o, cnf_command); });

  o = std::make_shared<Options>();
  auto* gen_cmd = app.add_subcommand("generate", "A puzzle with a unique solution (plain format and URL)");
  gen_cmd->add_option("--size", o->size, "N or RxC (rows x columns)")->capture_default_str();
  gen_cmd->add_option("--seed", o->seed, "Random seed (same seed, same puzzle)")
      ->check(puzzlesat::cli::whole_number())
      ->required();
  gen_cmd->add_flag("--json", o->json, R"(Print {"puzzle":"<plain format>","url":"https://puzz.link/p?nonogram/..."})");
  gen_cmd->add_option("-o,--output", o->output, "Also write the puzzle (plain format) to this file");
  puzzlesat::cli::add_solver_option(*gen_cmd, o->solver);
  gen_cmd->callback([o] { generate_command(*o); });
}

}  // namespace

const puzzlesat::cli::CommandGroup nonogram_group{"nonogram", "Nonograms (paint by numbers): solve, deduce, unique, "
                                                              "cnf, generate",
                                                  add_nonogram_commands};

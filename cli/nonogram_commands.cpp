// `puzzlesat nonogram …`: solve, deduce, unique, cnf and generate, for clue files (plain,
// .non, .nin, TAAI) or a puzz.link URL (docs/nonogram.md). The shared subcommands come from
// <puzzlesat/grid_cli.h>; this file says how a nonogram answers them, and holds `generate`.
#include <puzzlesat/command.h>
#include <puzzlesat/file_io.h>
#include <puzzlesat/grid_cli.h>
#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/plugin.h>

#include <nlohmann/json.hpp>

#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "problems/nonogram/nonogram.h"

namespace {

using namespace puzzlesat;
using namespace puzzlesat::nonogram;

// --format and --id on every subcommand; --handover and --handover-encoding on solve and
// unique; --encoding on cnf.
struct NonogramOptions {
  Format format = Format::automatic;
  std::optional<int> id;
  Handover handover;
  enc::RunsEncoding encoding = enc::RunsEncoding::automaton;
};

const std::map<std::string, enc::RunsEncoding> kEncodings{
    {"automaton", enc::RunsEncoding::automaton}, {"starts", enc::RunsEncoding::starts}, {"both", enc::RunsEncoding::both}};

std::string encoding_name(enc::RunsEncoding e) {
  for (const auto& [name, value] : kEncodings)
    if (value == e) return name;
  return "?";
}

std::string picture_text(const Picture& p) {
  std::string out;
  for (const std::string& row : p) out += row + "\n";
  return out;
}

// One nonogram read from `input`, answering the shared commands.
class NonogramInput final : public cli::GridPuzzle {
 public:
  NonogramInput(const NonogramOptions& o, std::string input, std::string solver)
      : input_(std::move(input)), solver_(std::move(solver)), handover_(o.handover), encoding_(o.encoding) {
    const PuzzleInput in = read_puzzle_input(input_);
    p_ = in.is_url ? parse_url(in.text) : parse(in.text, in.name, o.format, o.id);
  }

  Solutions solve(std::size_t limit) override {
    const nonogram::Solutions s = nonogram::solve(p_, solver_, limit, 0, Method::sat, {}, handover_);
    solutions_ = s.pictures;
    Solutions out{s.pictures, {}, s.complete};
    for (const Picture& picture : s.pictures) out.drawn.push_back(picture_text(picture));
    return out;
  }

  bool prove_unique(const std::string& path) override {
    const Rules r = rules(p_, solver_);
    std::vector<bool> values;
    for (const std::string& row : solutions_[0])
      for (char c : row) values.push_back(c == '#');
    write_unique_proof(r.model, r.fill.all(), values, path, input_);
    return true;
  }

  Deduction deduce(bool explain) override {
    auto forced = nonogram::deduce(p_, solver_, explain);
    if (!forced) throw InputError("the clues contradict each other: no solution", {input_});
    forced_ = std::move(*forced);
    Deduction out;
    for (const Deduced& d : forced_)
      out.forced.push_back({d.cell.row, d.cell.col, d.filled ? '#' : '.', d.because, d.smallest});
    out.open = static_cast<int>(forced_.size()) < p_.rows * p_.cols;
    return out;
  }

  std::vector<Cell> prove_forced(const std::string& dir) override {
    const Rules r = rules(p_, solver_);
    std::vector<NamedFact> facts;
    for (const Deduced& d : forced_)
      facts.push_back({"r" + std::to_string(d.cell.row) + "c" + std::to_string(d.cell.col) +
                           (d.filled ? "-filled" : "-empty"),
                       d.filled ? r.fill[d.cell] : ~r.fill[d.cell]});
    write_fact_proofs(r.model, facts, dir, input_);
    return {};
  }

  void print_deduction(std::ostream& out, bool explain) const override {
    // The grid: '#' forced filled, '.' forced empty, '?' open.
    Picture grid(static_cast<std::size_t>(p_.rows), std::string(static_cast<std::size_t>(p_.cols), '?'));
    for (const Deduced& d : forced_)
      grid[static_cast<std::size_t>(d.cell.row)][static_cast<std::size_t>(d.cell.col)] = d.filled ? '#' : '.';
    out << picture_text(grid) << forced_.size() << " of " << p_.rows * p_.cols << " cells forced\n";
    if (explain)
      for (const Deduced& d : forced_) {
        out << "(" << d.cell.row << "," << d.cell.col << ")=" << (d.filled ? '#' : '.') << " because";
        for (const std::string& clue : d.because) out << " [" << clue << "]";
        out << (d.smallest ? "" : kNotProvenFewest) << "\n";
      }
  }

  const sat::Cnf& cnf() override { return rules_.emplace(rules(p_, solver_, encoding_)).model.cnf(); }

 private:
  std::string input_;
  std::string solver_;
  Handover handover_;
  enc::RunsEncoding encoding_;
  Puzzle p_;
  std::vector<Picture> solutions_;
  std::vector<Deduced> forced_;
  std::optional<Rules> rules_;
};

cli::GridReader reader(const std::shared_ptr<NonogramOptions>& o) {
  return [o](const std::string& input, const std::string& solver) {
    return std::make_unique<NonogramInput>(*o, input, solver);
  };
}

// --format and --id, into `o`.
auto format_options(const std::shared_ptr<NonogramOptions>& o) {
  return [o](CLI::App& cmd) {
    const std::map<std::string, Format> formats{{"auto", Format::automatic}, {"plain", Format::plain},
                                                {"non", Format::non},        {"nin", Format::nin},
                                                {"taai", Format::taai}};
    cmd.add_option("--format", o->format, "File format (default: recognised from the content)")
        ->transform(CLI::CheckedTransformer(formats));
    cmd.add_option("--id", o->id, "The puzzle $N of a TAAI file holding several")->check(CLI::Range(0, 1 << 30));
  };
}

// solve and unique: when MiniSat (the default --solver) hands a puzzle over to CaDiCaL.
auto handover_option(const std::shared_ptr<NonogramOptions>& o) {
  return [o](CLI::App& cmd) {
    cmd.add_option("--handover", o->handover.conflicts,
                   "With --solver minisat: a puzzle not settled in this many conflicts a call goes to CaDiCaL "
                   "(0: never)")
        ->check(puzzlesat::cli::whole_number())
        ->capture_default_str();
    cmd.add_option("--handover-encoding", o->handover.encoding,
                   "The lines as CaDiCaL gets them after the handover: automaton, starts (where each run starts) or both "
                   "(docs/nonogram.md)")
        ->transform(CLI::CheckedTransformer(kEncodings))
        ->default_str(encoding_name(Handover{}.encoding));
  };
}

// cnf: the lines' encoding (<puzzlesat/runs.h>).
auto encoding_option(const std::shared_ptr<NonogramOptions>& o) {
  return [o](CLI::App& cmd) {
    cmd.add_option("--encoding", o->encoding,
                   "How each line's runs are encoded: automaton (arc-consistent), starts (order variables for where "
                   "each run starts, and cover variables) or both")
        ->transform(CLI::CheckedTransformer(kEncodings))
        ->default_str(encoding_name(NonogramOptions{}.encoding));
  };
}

struct GenerateOptions {
  std::string solver = "minisat";
  bool json = false;
  std::string output;
  std::string size = "10x10";
  std::uint64_t seed = 1;
};

void generate_command(const GenerateOptions& o) {
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

void add_nonogram_commands(cli::Commands& commands) {
  CLI::App& app = commands.app;
  cli::GridStyle style;
  style.proof_files = "rRcC-filled.drat / rRcC-empty.drat";
  cli::GridCommands grid(app, {"PUZZLE", "Clue files (plain, .non, .nin or TAAI; '-' = stdin) or puzz.link URLs"},
                         style);

  auto o = std::make_shared<NonogramOptions>();
  grid.solve("Paint the grid (--all: every solution)", reader(o))
      .with(format_options(o))
      .solver()
      .with(handover_option(o))
      .all("List every solution, not just one")
      .limit("With --all: stop after this many")
      .json(R"(Print {"status":"sat"|"unsat","solution":["#..#",...]})");

  o = std::make_shared<NonogramOptions>();
  grid.deduce("The cells every solution paints alike", reader(o))
      .with(format_options(o))
      .solver()
      .explain("With each cell, the fewest lines that force it (proven within 100 tests a cell, else none of them can go)")
      .json(R"(Print {"forced":[{"row":r,"col":c,"value":"#"|"."},...]} (from 0; with --explain also "because":[lines],"smallest":true|false))")
      .cell_proofs("rRcC-filled.drat or rRcC-empty.drat");

  o = std::make_shared<NonogramOptions>();
  grid.unique("Is the solution unique? If not, two that differ", reader(o))
      .with(format_options(o))
      .solver()
      .with(handover_option(o))
      .json(R"(Print {"unique":true|false,"solutions":[...]})")
      .unique_proof();

  o = std::make_shared<NonogramOptions>();
  grid.cnf("The puzzle's formula as DIMACS, variables named fill(r,c)", reader(o))
      .with(format_options(o))
      .with(encoding_option(o))
      .solver()
      .cnf_output();

  auto g = std::make_shared<GenerateOptions>();
  auto* gen_cmd = app.add_subcommand("generate", "A puzzle with a unique solution (plain format and URL)");
  gen_cmd->add_option("--size", g->size, "N or RxC (rows x columns)")->capture_default_str();
  gen_cmd->add_option("--seed", g->seed, "Random seed (same seed, same puzzle)")
      ->check(puzzlesat::cli::whole_number())
      ->required();
  gen_cmd->add_flag("--json", g->json, R"(Print {"puzzle":"<plain format>","url":"https://puzz.link/p?nonogram/..."})");
  gen_cmd->add_option("-o,--output", g->output, "Also write the puzzle (plain format) to this file");
  puzzlesat::cli::add_solver_option(*gen_cmd, g->solver);
  gen_cmd->callback([g] { generate_command(*g); });
}

}  // namespace

const puzzlesat::cli::CommandGroup nonogram_group{"nonogram", "Nonograms (paint by numbers): solve, deduce, unique, "
                                                              "cnf, generate",
                                                  add_nonogram_commands};
